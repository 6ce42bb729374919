/**
 * The generator's file-system edge: reads templates and current outputs, and
 * applies a plan atomically. Each file is written to a temp file in its own
 * directory, fsynced, then renamed over the target, so an interrupted run
 * leaves the old file or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { PlannedDelete, PlannedOutput, SourceText } from './render/types.ts';

const toPosix = (p: string) => p.split(sep).join('/');

/** Every file under `dir` (repo-relative to `root`), sorted; a missing dir is empty. */
export function readTree(
  root: string,
  dir: string,
  accept: (path: string) => boolean = () => true,
): SourceText[] {
  const out: SourceText[] = [];
  const walk = (abs: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = join(abs, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && !isTempName(entry.name)) {
        const path = toPosix(relative(root, child));
        if (accept(path)) out.push({ path, text: readFileSync(child, 'utf8') });
      }
    }
  };
  walk(join(root, dir));
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const TEMP = /^\.factline-gen-.*\.tmp$/;
function isTempName(name: string): boolean {
  return TEMP.test(name);
}

function fsyncDir(dir: string): void {
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

function existingTarget(path: string): { path: string; mode: number } {
  try {
    const real = realpathSync(path);
    return { path: real, mode: statSync(real).mode & 0o7777 };
  } catch {
    return { path, mode: 0o644 };
  }
}

// @implements factline#GEN-ATOMIC-WRITES
export function writeFileAtomic(path: string, text: string): void {
  // Replacing a symlink would cut it: write through to the file it names, and
  // keep that file's permissions (an executable script re-pinned stays executable).
  const target = existingTarget(path);
  const dir = dirname(target.path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.factline-gen-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'w', target.mode);
  try {
    fchmodSync(fd, target.mode);
    const bytes = Buffer.from(text, 'utf8');
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, target.path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  fsyncDir(dir);
}

/** Writes every changed output, then removes orphans. Paths are relative to `root`. */
export function applyChanges(root: string, writes: PlannedOutput[], deletes: PlannedDelete[]): void {
  for (const output of writes) writeFileAtomic(join(root, output.path), output.text);
  for (const orphan of deletes) {
    rmSync(join(root, orphan.path), { force: true });
    fsyncDir(dirname(join(root, orphan.path)));
  }
}
