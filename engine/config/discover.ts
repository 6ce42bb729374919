/**
 * Where a command's config lives when none is named: the working directory,
 * then each parent up to the repository root (the folder holding `.git`), as
 * eslint and vitest search. Outside a git work tree only the working
 * directory is looked at, so a stray config above an unrelated folder is
 * never picked up.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../errors.ts';
import { CONFIG_FILES } from './model.ts';

/** The config file in `dir` (`factline.config.jsonc` or `.json`), undefined when none; both at once is an error. */
export function configIn(dir: string): string | undefined {
  const found = CONFIG_FILES.map((name) => join(dir, name)).filter((path) => existsSync(path));
  if (found.length > 1) {
    throw new UsageError(
      `${found.join(' and ')} both exist; keep one of them (factline reads either, never both)`,
    );
  }
  return found[0];
}

/** The folders searched from `cwd`: up to and including the repository root, or `cwd` alone outside one. */
function searchedFolders(cwd: string): string[] {
  const folders: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    folders.push(dir);
    if (existsSync(join(dir, '.git'))) return folders;
    if (dirname(dir) === dir) return [cwd];
  }
}

/** The repository's top folder at or above `dir` (the one holding `.git`), undefined outside one. */
export function repositoryRoot(dir: string): string | undefined {
  const folders = searchedFolders(dir);
  const top = folders.at(-1)!;
  return existsSync(join(top, '.git')) ? top : undefined;
}

/** The nearest config at or above `cwd`, within the repository. */
// @implements engine#CONFIG-FOUND-UPWARD
export function discoverConfig(cwd: string): string | undefined {
  for (const dir of searchedFolders(cwd)) {
    const found = configIn(dir);
    if (found !== undefined) return found;
  }
  return undefined;
}
