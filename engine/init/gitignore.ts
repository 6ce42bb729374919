/** `.gitignore` lines `init` makes sure of: each added once at the end, whatever the file held kept as it was. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.ts';
import { writeFileAtomic } from '../files/atomic-write.ts';

/** The lines of `wanted` that `.gitignore` in `root` lacked and now has; the file is created when absent. */
// @implements adoption#INIT-GITIGNORE
export function ensureIgnored(root: string, wanted: readonly string[]): string[] {
  const path = join(root, '.gitignore');
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new UsageError(`cannot read .gitignore: ${(error as Error).message}`);
    }
  }
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, '')));
  const missing = wanted.filter((line) => !present.has(line) && !present.has(line.replace(/\/$/, '')));
  if (missing.length === 0) return [];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const head = text === '' || text.endsWith('\n') ? text : `${text}${eol}`;
  const block = ['# factline: the files its CI workflow writes', ...missing].join(eol);
  try {
    writeFileAtomic(path, `${head}${head === '' ? '' : eol}${block}${eol}`);
  } catch (error) {
    throw new UsageError(`cannot write .gitignore: ${(error as Error).message}`);
  }
  return missing;
}
