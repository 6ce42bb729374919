/**
 * The one symlink policy of every file factline reads by glob (specs,
 * sources, tests): a link is followed when its target lies inside the
 * project root, and each real file is read once, under its own path when
 * that path was found too. A link out of the root is not followed.
 */
import { readdirSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Whether `path` lies inside (or is) `root`; both absolute. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  // `..name` is a file inside; only `..` itself or a first segment of `..` leaves.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/**
 * The found paths (relative to `root`, or absolute), one per real file,
 * sorted, without those that reach a file outside the root through a link.
 * (A glob that names a place outside the root, like `../lib/**`, is the
 * config's explicit choice and is read.) Globs are run with symlinks
 * followed (tinyglobby stops at cycles), and this takes care of the rest.
 */
// @implements engine#ONE-SYMLINK-POLICY
export function followWithinRoot(root: string, found: Iterable<string>): string[] {
  const realRoot = realOrUndefined(root) ?? root;
  const byReal = new Map<string, string>();
  const folders = new Map<string, { real: string; links: Set<string>; files: Set<string> } | undefined>();
  // A file's real path is its folder's real path plus its name unless the file itself is a link:
  // per folder one realpath and one listing (which says which names are links), not a realpath
  // (a readlink per path part) per file.
  const folderOf = (dir: string) => {
    if (folders.has(dir)) return folders.get(dir);
    const real = realOrUndefined(dir);
    let folder: { real: string; links: Set<string>; files: Set<string> } | undefined;
    if (real !== undefined) {
      folder = { real, links: new Set(), files: new Set() };
      try {
        for (const entry of readdirSync(dir, { withFileTypes: true }))
          (entry.isSymbolicLink() ? folder.links : folder.files).add(entry.name);
      } catch {
        folder = undefined;
      }
    }
    folders.set(dir, folder);
    return folder;
  };
  const realOf = (absolute: string): string | undefined => {
    const folder = folderOf(dirname(absolute));
    const name = basename(absolute);
    if (folder === undefined) return undefined;
    if (folder.files.has(name)) return join(folder.real, name);
    return folder.links.has(name) ? realOrUndefined(absolute) : undefined;
  };
  const rootIsReal = realRoot === resolve(root);
  for (const path of [...found].sort()) {
    const absolute = resolve(root, path);
    const real = realOf(absolute);
    if (real === undefined) continue;
    // Its own name: no link on the way to it.
    const own = (rootIsReal ? absolute : resolve(realRoot, relative(root, absolute))) === real;
    if (!own && !isInside(realRoot, real)) continue;
    const prior = byReal.get(real);
    if (prior === undefined || own) byReal.set(real, path);
  }
  return [...byReal.values()].sort();
}
