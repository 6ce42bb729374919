/** Every file under a folder whose path passes `keep`, skipping `node_modules` (unless it is the folder) and dot folders; none when the folder is absent. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, keep));
    else if (entry.isFile() && keep(path)) out.push(path);
  }
  return out;
}
