/**
 * The package as a user runs it: what `npm pack` ships (package.json's
 * `files`, from the checkout's fresh build) laid out as an install under a
 * temp folder's node_modules/factline, its dependencies the checkout's own
 * (linked, not copied). Its bin/factline.js finds no sources beside it and
 * runs dist/ directly: no bin/fresh-build.js hashing of every source, and
 * the caches key the code by the one compiled module, as an installed
 * package does. A checkout run pays both; the benches print the two side
 * by side.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { glob } from 'tinyglobby';

const REPO = join(import.meta.dirname, '..');

export interface Installed {
  /** The folder holding the install (remove it when done). */
  dir: string;
  bin: string;
  /** A cache home of its own (XDG_CACHE_HOME), outside every project. */
  cacheHome: string;
}

/** Lays the install out under `into`. Call after the build. */
export async function installedCopy(into: string): Promise<Installed> {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { files: string[] };
  const target = join(into, 'node_modules', 'factline');
  mkdirSync(target, { recursive: true });
  cpSync(join(REPO, 'package.json'), join(target, 'package.json'));
  const shipped = await glob(pkg.files, { cwd: REPO, onlyFiles: true, dot: false });
  for (const file of shipped) {
    mkdirSync(join(target, file, '..'), { recursive: true });
    cpSync(join(REPO, file), join(target, file));
  }
  if (!existsSync(join(target, 'dist', 'cli-main.js')))
    throw new Error('no build: run `npm run build` first');
  symlinkSync(join(REPO, 'node_modules'), join(target, 'node_modules'), 'dir');
  mkdirSync(join(into, 'cache'));
  return { dir: into, bin: join(target, 'bin', 'factline.js'), cacheHome: join(into, 'cache') };
}
