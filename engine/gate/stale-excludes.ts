import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { glob } from 'tinyglobby';
import type { Finding } from '../../checks/model.ts';
import { staleExcludeFinding } from '../../checks/rules/stale-exclude.ts';
import type { FactlineConfig } from '../config/model.ts';

/** vibevm's stale-exclude: an exclusion that matches no file any more says so by name. */
// @implements engine#STALE-EXCLUDE
export async function staleExcludes(config: FactlineConfig): Promise<Finding[]> {
  const out: Finding[] = [];
  const where = config.file ?? '.';
  let text = '';
  try {
    if (config.file) text = readFileSync(resolve(config.root, config.file), 'utf8');
  } catch {}
  for (const pattern of config.specExclude) {
    const found = await glob([pattern], { cwd: config.root, onlyFiles: true, dot: false });
    if (found.length > 0) continue;
    const at = text.indexOf(JSON.stringify(pattern));
    const line = at === -1 ? 1 : text.slice(0, at).split('\n').length;
    out.push(staleExcludeFinding(pattern, where, line));
  }
  return out;
}
