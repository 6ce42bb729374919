/**
 * A per-user private folder under the system temp folder, for caches that
 * are code (a V8 code cache is bytecode that runs unchecked): a file another
 * user could have written must never be read. So the folder is used only
 * when it is a real directory (not a link) owned by this user and closed to
 * group and others, and a file in it only when, opened without following
 * links, it is a regular file owned by this user that nobody else may write.
 * Where Node has no user ids (Windows), the temp folder is per user already.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  type Stats,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const uid = process.getuid?.();

/** Whether a file or folder is this user's and closed to group and others for the mode bits in `closedTo`. */
export function ownedByMe(stats: Stats, closedTo: number): boolean {
  return uid === undefined || (stats.uid === uid && (stats.mode & closedTo) === 0);
}

/** `<tmpdir>/<name>-<uid>`, created 0700 when missing; undefined when it is not safely ours. */
// @implements scanner#CODE-CACHE-PRIVATE
export function privateTempDir(name: string): string | undefined {
  const dir = join(tmpdir(), uid === undefined ? name : `${name}-${uid}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  try {
    const stats = lstatSync(dir);
    return stats.isDirectory() && ownedByMe(stats, 0o077) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `use(fd)` on `path` opened with `flags` (links never followed) when it is
 * a regular file of this user that only this user may write; undefined when
 * it is not, cannot be opened, or `use` throws.
 */
function withOwnFile<T>(path: string, flags: number, use: (fd: number) => T): T | undefined {
  let fd: number;
  try {
    fd = openSync(path, flags | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    return stats.isFile() && ownedByMe(stats, 0o022) ? use(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The file's bytes when it is a regular file of this user that only this user may write, else undefined. */
// @implements scanner#CODE-CACHE-PRIVATE
export function readOwnFile(path: string): Buffer | undefined {
  return withOwnFile(path, constants.O_RDONLY, (fd) => readFileSync(fd));
}

/**
 * Appends `data` in one write to a regular file of this user's that only
 * this user may write, opened without following links and never created;
 * false when the file is not such a file, is gone, or took fewer bytes than
 * given (what was written then is a tail its reader finds cut short).
 */
export function appendOwnFile(path: string, data: Uint8Array): boolean {
  return (
    withOwnFile(path, constants.O_WRONLY | constants.O_APPEND, (fd) => writeSync(fd, data)) === data.length
  );
}
