/**
 * The git questions `check --base` asks: which commit a ref names, where the
 * work tree's top is, and a temporary worktree of a commit, made outside the
 * project and removed after use.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors.ts';
import { cleanupOnInterrupt } from '../interrupt-cleanup.ts';
import { type OutsideReads, placeBesideOutside } from '../outside-the-repo.ts';

function run(cwd: string, args: string[]): { ok: true; out: string } | { ok: false; err: string } {
  try {
    return {
      ok: true,
      out: execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    };
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new UsageError('--base asks git for the base commit, and git is not installed; install git');
    }
    return { ok: false, err: String(e.stderr ?? e.message).trim() };
  }
}

/** The work tree's top folder and the full id of the commit `ref` names; a usage error naming the ref otherwise. */
export function baseCommit(root: string, ref: string): { top: string; commit: string } {
  const top = run(root, ['rev-parse', '--show-toplevel']);
  if (!top.ok) {
    throw new UsageError(
      `--base ${ref} compares with a git commit, and ${root} is not inside a git work tree; run \`git init\` and commit, or run \`factline check\` without --base`,
    );
  }
  const commit = run(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (!commit.ok || commit.out.trim() === '') {
    throw new UsageError(
      `--base ${ref}: git knows no commit by that name; fetch it (in CI: \`git fetch origin ${ref}\`, or checkout with fetch-depth: 0) or name another branch, tag or commit`,
    );
  }
  return { top: top.out.trim(), commit: commit.out.trim() };
}

/**
 * Runs `use` on a detached worktree of `commit` in a fresh temp folder; the
 * worktree is removed whatever happens, an interrupt (Ctrl-C, SIGTERM)
 * included. With `outside`, the files the commit's config reads from outside
 * the repository are copied beside the worktree, which git moves to its
 * place relative to them (engine/outside-the-repo.ts).
 */
// @implements engine#INTERRUPTED-RUNS-CLEAN-UP
// @implements engine#COPIES-READ-OUTSIDE-FILES
export async function inWorktree<T>(
  top: string,
  commit: string,
  use: (dir: string) => Promise<T>,
  outside?: (dir: string) => Promise<OutsideReads>,
): Promise<T> {
  const holder = mkdtempSync(join(tmpdir(), 'factline-base-'));
  let dir = join(holder, 'tree');
  const cleanup = () => {
    run(top, ['worktree', 'remove', '--force', dir]);
    rmSync(holder, { recursive: true, force: true });
    run(top, ['worktree', 'prune']);
  };
  const release = cleanupOnInterrupt(cleanup);
  const added = run(top, ['worktree', 'add', '--detach', '--quiet', dir, commit]);
  if (!added.ok) {
    rmSync(holder, { recursive: true, force: true });
    release();
    throw new UsageError(
      `--base: git could not check out ${commit.slice(0, 12)} into a temporary worktree: ${added.err}`,
    );
  }
  try {
    if (outside !== undefined) {
      const reads = await outside(dir);
      dir = placeBesideOutside(holder, top, dir, reads, (from, to) => {
        const moved = run(top, ['worktree', 'move', from, to]);
        if (!moved.ok)
          throw new UsageError(`--base: git could not move the temporary worktree: ${moved.err}`);
      });
    }
    return await use(dir);
  } finally {
    cleanup();
    release();
  }
}
