/**
 * An interrupted `check --staged` or `check --base` leaves nothing behind:
 * the real CLI runs as a child process on a temp repository large enough
 * that the gate on the temporary tree takes a while; the test waits until
 * that tree exists (in a TMPDIR of its own), sends SIGINT or SIGTERM, and
 * then finds the temp folder empty, `git worktree list` back to the one
 * working tree, and the exit code the shell gives that signal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, collectOutput } from '../../support/cli.ts';
import { git, gitProject } from '../../support/git-project.ts';
import { tempDir } from '../../support/temp.ts';

/** Enough files that scanning them outlasts the time a signal takes to arrive. */
const FILES = 1500;

function bigProject(): string {
  const files: Record<string, string> = {
    'factline.config.json':
      '{"specs": ["specs/**/*.md"], "sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]}\n',
    'specs/big.md': `# big\n\n${Array.from({ length: 50 }, (_, i) => `@fact:F${i} Fact ${i} holds. @status:impl/done\n`).join('\n')}`,
  };
  for (let i = 0; i < FILES; i++) {
    files[`src/m${Math.floor(i / 100)}/f${i}.ts`] =
      `// @implements big#F${i % 50}\nexport function f${i}(x: number): number {\n  return x + ${i}; // a line of code\n}\n`.repeat(
        4,
      );
  }
  return gitProject(files);
}

/** Resolves once `look()` is true, polling; fails with `what` after a long while (only a hung run gets there). */
async function until(look: () => boolean, what: string, child: ChildProcess): Promise<void> {
  for (let waited = 0; waited < 120_000; waited += 10) {
    if (look()) return;
    if (child.exitCode !== null) throw new Error(`the run ended (exit ${child.exitCode}) before ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no ${what} after two minutes`);
}

const EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

async function interrupt(args: string[], prefix: string, signal: keyof typeof EXIT) {
  const root = bigProject();
  const tmp = tempDir('interrupt-tmp');
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: root,
    env: { ...process.env, TMPDIR: tmp, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const done = collectOutput(child);
  const holders = () => readdirSync(tmp).filter((f) => f.startsWith(prefix));
  // The temporary tree is there and git has written into it: the run is judging it.
  await until(
    () =>
      holders().some((h) =>
        existsSync(join(tmp, h, prefix === 'factline-base-' ? 'tree/specs' : 'index/specs')),
      ),
    `temporary tree in ${tmp}`,
    child,
  );
  child.kill(signal);
  const run = await done;
  return { root, tmp, run, left: holders() };
}

describe('an interrupted run cleans up', () => {
  // @verifies engine#INTERRUPTED-RUNS-CLEAN-UP
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'check --staged, %s: no snapshot left in the temp folder, exit 128+n',
    async (signal) => {
      const { run, left } = await interrupt(['check', '--staged'], 'factline-staged-', signal);
      expect(run.code, run.stderr).toBe(EXIT[signal]);
      expect(left).toEqual([]);
    },
    180_000,
  );

  // @verifies engine#INTERRUPTED-RUNS-CLEAN-UP
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'check --base, %s: no worktree registered or left on disk, exit 128+n',
    async (signal) => {
      const { root, run, left } = await interrupt(
        ['check', '--base', 'HEAD', '--no-cache'],
        'factline-base-',
        signal,
      );
      expect(run.code, run.stderr).toBe(EXIT[signal]);
      expect(left).toEqual([]);
      expect(git(root, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
      const registered = join(root, '.git', 'worktrees');
      expect(existsSync(registered) ? readdirSync(registered) : []).toEqual([]);
    },
    180_000,
  );
});
