/**
 * Keeps the per-user cache home from growing without bound. Two kinds of
 * entry pile up there: stored results (one per working directory and
 * argv, up to megabytes each on a big tree) and project folders (one per
 * project path ever checked, each holding that project's scan and spec
 * caches). Stored results are kept for the invocations last stored or
 * served, within a count and a byte budget; a project folder records its
 * project's real path and goes once that path is gone.
 *
 * Removing too much only costs a cold run; removing the wrong thing would
 * cost a user's file. So only entries named as factline names them, and
 * that are this user's own real files or folders, are ever removed: a link
 * is never followed and never removed, whatever its name.
 */
import { lstatSync, readdirSync, readFileSync, rmSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { removeStaleTemps } from '../files/atomic-write.ts';
import { noSuchPath } from '../files/no-such-path.ts';
import { ownedByMe } from '../files/private-dir.ts';

/** The most stored results kept: the invocations last stored or served. */
export const RESULTS_KEPT = 64;
/** The most bytes of stored results kept, whatever their number. */
export const RESULT_BYTES_KEPT = 256 * 1024 * 1024;
/** A project folder from before folders recorded their project is removed once untouched this long. */
export const UNRECORDED_FOLDER_DAYS = 30;
/** The file in a project folder that names the project's real path. */
export const PROJECT_RECORD = 'project';

const STORED_RESULT = /^[0-9a-f]{40}\.txt$/;
/** As engine/cache/location.ts `projectKey` names a project folder. */
const PROJECT_FOLDER = /^[A-Za-z0-9._-]{1,40}-[0-9a-f]{24}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Removes the stored results past the budget, oldest first (by modification
 * time, which a store sets and a served result refreshes), and temp files
 * a killed writer left. Returns the paths removed.
 */
// @implements engine#CACHE-RESULTS-BOUNDED
export function pruneStoredResults(
  folder: string,
  budget: { count: number; bytes: number } = { count: RESULTS_KEPT, bytes: RESULT_BYTES_KEPT },
): string[] {
  const removed = removeStaleTemps(folder);
  const results: { path: string; time: number; size: number }[] = [];
  for (const name of entriesOf(folder)) {
    if (!STORED_RESULT.test(name)) continue;
    const path = join(folder, name);
    const stats = lstatOrUndefined(path);
    if (stats === undefined || !stats.isFile() || !ownedByMe(stats, 0)) continue;
    results.push({ path, time: stats.mtimeMs, size: stats.size });
  }
  results.sort((a, b) => b.time - a.time);
  let count = 0;
  let bytes = 0;
  for (const result of results) {
    count += 1;
    bytes += result.size;
    // The newest is kept whatever its size: it is the result just stored.
    if (count === 1 || (count <= budget.count && bytes <= budget.bytes)) continue;
    rmSync(result.path, { force: true });
    removed.push(result.path);
  }
  return removed;
}

/**
 * Removes the project folders of the cache home whose recorded project
 * path is gone, and those recording none (made before folders recorded
 * their project) that nothing has written to for UNRECORDED_FOLDER_DAYS.
 * `keep` (the folder of the project being checked) is never removed.
 * Returns the folders removed.
 */
// @implements engine#CACHE-PROJECTS-PRUNED
export function pruneProjectFolders(home: string, keep: string, now = Date.now()): string[] {
  const removed: string[] = [];
  for (const name of entriesOf(home)) {
    if (!PROJECT_FOLDER.test(name)) continue;
    const folder = join(home, name);
    if (folder === keep) continue;
    const stats = lstatOrUndefined(folder);
    if (stats === undefined || !stats.isDirectory() || !ownedByMe(stats, 0)) continue;
    const project = recordedProject(folder);
    const gone =
      project === undefined
        ? now - stats.mtimeMs > UNRECORDED_FOLDER_DAYS * DAY_MS
        : project !== null && isGone(project);
    if (!gone) continue;
    rmSync(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}

/** The project path a folder records; undefined when it records none, null when the record is unreadable or not the user's. */
function recordedProject(folder: string): string | null | undefined {
  const path = join(folder, PROJECT_RECORD);
  const stats = lstatOrUndefined(path);
  if (stats === undefined) return undefined;
  if (!stats.isFile() || !ownedByMe(stats, 0o022)) return null;
  try {
    const text = readFileSync(path, 'utf8');
    return text.length > 0 ? text : null;
  } catch {
    return null;
  }
}

/** True only when the path is certainly not there (a permission error or an unplugged mount's EIO keeps it). */
function isGone(path: string): boolean {
  try {
    lstatSync(path);
    return false;
  } catch (error) {
    return noSuchPath(error);
  }
}
