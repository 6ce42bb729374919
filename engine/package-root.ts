/**
 * Where factline's own package lies (its package.json), found by walking up
 * from this module: the sources sit folders deep, the compiled CLI one folder
 * below the root, and both must read the same package.json.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let found: string | undefined;

function findPackageRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  return dirname(start);
}

export function packageRoot(): string {
  found ??= findPackageRoot();
  return found;
}
