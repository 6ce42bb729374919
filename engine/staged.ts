/**
 * `check --staged`: the gate over the index, as the next commit will carry
 * it. A pre-commit hook that judged the working tree would pass a commit
 * whose staged citation is wrong while the working copy happens to be right.
 * The index is written to a private temporary folder (`git checkout-index`)
 * and the whole gate runs there; results files, the baseline and report
 * outputs keep the paths the user gave (they are not part of a commit).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from './errors.ts';

export interface StagedTree {
  /** Where the working directory of the command lies in the snapshot. */
  cwd: string;
  remove(): void;
}

function git(cwd: string, args: string[]): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new UsageError(
        '--staged reads the git index, and git is not installed; run `factline check` without --staged',
      );
    throw new UsageError(
      `--staged reads the git index of ${cwd}, and git failed: ${(e.stderr ?? e.message).trim()}; run it inside a git work tree`,
    );
  }
}

// @implements engine#STAGED-JUDGES-THE-INDEX
export function stagedTree(cwd: string): StagedTree {
  const top = git(cwd, ['rev-parse', '--show-toplevel']).trim();
  const dir = mkdtempSync(join(tmpdir(), 'factline-staged-'));
  try {
    git(top, ['checkout-index', '--all', `--prefix=${dir}/`]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    cwd: join(dir, relative(top, cwd)),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Options naming files outside the commit (results, baseline, outputs): absolute, so they still name the user's files. */
export const OUTSIDE_THE_COMMIT = [
  '--results',
  '--base-results',
  '--baseline',
  '--sarif',
  '--junit',
  '--html',
  '--summary',
];

/** argv with `--staged` and `--changed [REF]` dropped and the outside files made absolute from `cwd`. */
export function stagedArgv(argv: readonly string[], cwd: string, configResults: readonly string[]): string[] {
  const out: string[] = [];
  let list = false;
  let hasResults = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--staged' || arg.startsWith('--changed=')) continue;
    // The snapshot has no history: the whole gate runs there, never a partial one.
    if (arg === '--changed') {
      if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('-')) i++;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq !== -1 ? arg.slice(0, eq) : arg;
    if (name === '--results') hasResults = true;
    if (arg.startsWith('-')) {
      list = OUTSIDE_THE_COMMIT.includes(name);
      if (list && eq !== -1) {
        out.push(`${name}=${absolute(arg.slice(eq + 1), cwd)}`);
        list = name === '--results' || name === '--base-results';
        continue;
      }
      out.push(arg);
      continue;
    }
    out.push(list ? absolute(arg, cwd) : arg);
  }
  if (!hasResults && configResults.length > 0) out.push('--results', ...configResults);
  return [...out, '--no-cache'];
}

const absolute = (path: string, cwd: string) => (isAbsolute(path) ? path : resolve(cwd, path));
