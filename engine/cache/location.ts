/**
 * Where the gate's caches live: a folder of this user's, outside every
 * checkout, one subfolder per project keyed by the project's real path
 * (`$XDG_CACHE_HOME/factline/<key>`, `~/.cache/factline/<key>` by default,
 * `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows). A repository
 * can commit any file it likes, so no file in the checkout is ever read as a
 * cache: a pull request that adds `.factline-cache/scan-v6.json` or a
 * `base-….json` changes nothing. The folder is used only when it is a real
 * directory owned by this user that nobody else may write, and never when it
 * lies inside the project or its repository (a home folder under git).
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { repositoryRoot } from '../config/discover.ts';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { ownedByMe } from '../files/private-dir.ts';
import { isInside } from '../files/symlink-policy.ts';
import { userCacheHome } from './cache-home.ts';
import { PROJECT_RECORD, pruneProjectFolders } from './prune.ts';
import { unrecorded } from './unrecorded.ts';

export { userCacheHome };

type Env = Record<string, string | undefined>;

/** A project's key: its real path's digest, its folder name kept for a person browsing the cache home. */
export function projectKey(realRoot: string): string {
  const name =
    basename(realRoot)
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .slice(0, 40) || 'root';
  return `${name}-${createHash('sha256').update(realRoot).digest('hex').slice(0, 24)}`;
}

const found = new Map<string, string | undefined>();

/**
 * The cache folder of the project at `root`, created 0700 when missing;
 * undefined (the run goes uncached) when there is no user cache home, the
 * folder is not safely this user's, or it lies inside the project or its
 * repository, where a checkout could have put it.
 */
// @implements engine#CACHE-OUTSIDE-THE-CHECKOUT
export function projectCacheDir(root: string, env: Env = process.env): string | undefined {
  const home = userCacheHome(env);
  if (home === undefined) return undefined;
  const memo = `${home}\0${root}`;
  if (found.has(memo)) return found.get(memo);
  const dir = safeFolder(home, root);
  found.set(memo, dir);
  return dir;
}

function safeFolder(home: string, root: string): string | undefined {
  let realRoot: string;
  try {
    realRoot = realpathSync.native(root);
  } catch {
    return undefined;
  }
  const dir = join(home, projectKey(realRoot));
  try {
    const created = mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined;
    const stats = lstatSync(dir);
    if (!stats.isDirectory() || !ownedByMe(stats, 0o022)) return undefined;
    const realDir = realpathSync.native(dir);
    const top = repositoryRoot(realRoot);
    if (isInside(realRoot, realDir)) return undefined;
    if (top !== undefined && isInside(realpathSync.native(top), realDir)) return undefined;
    recordProject(dir, realRoot);
    // A project's first run is rare enough to pay for a look at the others.
    if (created) unrecorded(() => pruneProjectFolders(home, dir));
    return dir;
  } catch {
    return undefined;
  }
}

/** Names the project in its folder (once), so a later prune knows when the project is gone. */
// @implements engine#CACHE-PROJECTS-PRUNED
function recordProject(dir: string, realRoot: string): void {
  const record = join(dir, PROJECT_RECORD);
  try {
    lstatSync(record);
  } catch {
    try {
      writeFileAtomic(record, realRoot, { durable: false, privateMode: 0o600 });
    } catch {
      // Unrecorded, the folder is pruned by age instead.
    }
  }
}

/** Forgets the folders found (a test that moves the cache home within one process). */
export function forgetCacheDirs(): void {
  found.clear();
}
