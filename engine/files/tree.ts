/** Reading a folder's files whole, for the generator's planner: templates and what generated/ holds now. */
import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SourceText } from '../../generator/render/types.ts';
import { isTempName } from './atomic-write.ts';

const toPosix = (p: string) => p.split(sep).join('/');

/**
 * Every file under `dir` (repo-relative to `root`), sorted; a missing dir is
 * empty. A symlinked file is read through its link, so a hand edit behind a
 * link is seen like any other.
 */
// @implements engine#WRITERS-FOLLOW-LINKS-WITHIN-ROOT
export function readTree(
  root: string,
  dir: string,
  accept: (path: string) => boolean = () => true,
): SourceText[] {
  const out: SourceText[] = [];
  const walk = (abs: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = join(abs, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (isTempName(entry.name)) continue;
      else if (entry.isFile() || (entry.isSymbolicLink() && isFileBehind(child))) {
        const path = toPosix(relative(root, child));
        if (accept(path)) out.push({ path, text: readFileSync(child, 'utf8') });
      }
    }
  };
  walk(join(root, dir));
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function isFileBehind(link: string): boolean {
  try {
    return statSync(link).isFile();
  } catch {
    return false; // a dangling link holds no text
  }
}
