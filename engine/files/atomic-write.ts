/**
 * The one way factline replaces a file: written to a temp file beside it,
 * then renamed over it, so a reader or an interrupted run sees the old bytes
 * or the new, never half. Before any byte is written the target is checked:
 * inside the project root (a symlink is followed only when its target is
 * too), not a file with other hard links, and its owner and mode can be
 * kept; otherwise the write is refused with a WriteError naming the path.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  type Dirent,
  fchmodSync,
  fchownSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isInside } from './symlink-policy.ts';

/** A write factline will not do, or could not do; the message names the path and why. */
export class WriteError extends Error {
  override name = 'WriteError';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const TEMP = /^\.factline-gen-(\d+)-[0-9a-f]+\.tmp$/;
export function isTempName(name: string): boolean {
  return TEMP.test(name);
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temp files a killed run left in `dir` (and beneath it when
 * `deep`); a temp file whose writer is still running is left to it.
 */
// @implements engine#WRITERS-CLEAN-STALE-TEMP
export function removeStaleTemps(dir: string, deep = false): string[] {
  const removed: string[] = [];
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return removed;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (deep && entry.isDirectory()) removed.push(...removeStaleTemps(path, true));
    const m = TEMP.exec(entry.name);
    if (m && entry.isFile() && !isAlive(Number(m[1]))) {
      rmSync(path, { force: true });
      removed.push(path);
    }
  }
  return removed;
}

export function fsyncDir(dir: string): void {
  // Makes the rename itself durable; some platforms refuse to open a directory, which is harmless.
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {}
}

/** The real path of `path`, or of its nearest existing ancestor with the rest appended. */
function realPathOf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPathOf(parent), relative(parent, path));
  }
}

interface Target {
  path: string;
  mode: number;
  owner?: { uid: number; gid: number };
}

export interface WriteOptions {
  /** Refuse any target (after following symlinks) outside this directory. */
  root?: string;
  /**
   * A private file (bytecode a later run executes): written with exactly this
   * mode, owned by this user, in place of whatever was at the path (a link,
   * another mode or owner is replaced, never followed or kept).
   */
  privateMode?: number;
  /**
   * Flush the file and its folder to the disk before returning (default). A
   * cache, which costs only speed when lost, skips it.
   */
  durable?: boolean;
}

function describeCode(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'ENOSPC') return 'no space left on the device';
  if (e.code === 'EACCES' || e.code === 'EPERM') return 'permission denied';
  if (e.code === 'EROFS') return 'read-only file system';
  if (e.code === 'EDQUOT') return 'disk quota exceeded';
  return e.message;
}

/** Where the bytes will land and what must be kept there; throws WriteError for a refused target. */
// @implements engine#WRITERS-REFUSE-OUTSIDE-ROOT
// @implements engine#WRITERS-KEEP-OWNER-MODE-LINKS
export function checkTarget(path: string, options: WriteOptions = {}): Target {
  const real = realPathOf(path);
  if (options.root !== undefined && !isInside(realPathOf(options.root), real)) {
    throw new WriteError(
      path,
      `${path} ${real === resolve(path) ? 'is' : `links to ${real}, which is`} outside the project root ${options.root}; refusing to write it`,
    );
  }
  let stat: Stats;
  try {
    stat = statSync(real);
  } catch {
    return { path: real, mode: 0o644 };
  }
  if (!stat.isFile()) throw new WriteError(path, `${path} is not a regular file; refusing to replace it`);
  if (stat.nlink > 1) {
    throw new WriteError(
      path,
      `${path} has ${stat.nlink} hard links; replacing it would split them (give it its own copy, then run again)`,
    );
  }
  const target: Target = { path: real, mode: stat.mode & 0o7777 };
  const uid = process.getuid?.();
  if (uid !== undefined && (stat.uid !== uid || stat.gid !== process.getgid?.())) {
    if (uid !== 0 && stat.uid !== uid) {
      throw new WriteError(path, `${path} belongs to user ${stat.uid}; replacing it would make it yours`);
    }
    target.owner = { uid: stat.uid, gid: stat.gid };
  }
  return target;
}

// @implements generator#GEN-ATOMIC-WRITES
// @implements engine#ONE-ATOMIC-WRITER
// @implements engine#WRITERS-ATOMIC-OR-NOTHING
export function writeFileAtomic(
  path: string,
  content: string | Uint8Array,
  options: WriteOptions = {},
): void {
  // Replacing a symlink would cut it: write through to the file it names, and
  // keep that file's permissions and owner (a re-pinned script stays executable).
  const target: Target =
    options.privateMode === undefined ? checkTarget(path, options) : { path, mode: options.privateMode };
  const durable = options.durable !== false;
  const dir = dirname(target.path);
  const temp = join(dir, `.factline-gen-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    mkdirSync(dir, { recursive: true });
    fd = openSync(temp, 'wx', target.mode);
    fchmodSync(fd, target.mode);
    if (target.owner) {
      try {
        fchownSync(fd, target.owner.uid, target.owner.gid);
      } catch {
        if (target.owner.uid !== process.getuid?.())
          throw new WriteError(path, `cannot keep the owner of ${path}`);
      }
    }
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    if (durable) fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, target.path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temp, { force: true });
    if (error instanceof WriteError) throw error;
    throw new WriteError(path, `cannot write ${path}: ${describeCode(error)}; it is unchanged`);
  }
  if (durable) fsyncDir(dir);
}
