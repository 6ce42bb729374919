/**
 * `check --staged`: the gate over the index, as the next commit will carry
 * it. A pre-commit hook that judged the working tree would pass a commit
 * whose staged citation is wrong while the working copy happens to be right.
 * The index is written to a private temporary folder (`git checkout-index`)
 * and the whole gate runs there; results files, the baseline and report
 * outputs keep the paths the user gave (they are not part of a commit).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { FactlineConfig } from './config/model.ts';
import { UsageError } from './errors.ts';
import { cleanupOnInterrupt } from './interrupt-cleanup.ts';
import {
  outsideReads,
  placeBesideOutside,
  readPatterns,
  refuseAbsoluteIntoRepo,
} from './outside-the-repo.ts';

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

/** The config and spec paths the staged run will use, read in the snapshot (its cwd given). */
export type StagedConfig = (cwd: string) => { config: FactlineConfig; specPaths: readonly string[] };

/**
 * The index, written to a private temporary folder. The files the config
 * reads from outside the repository are in no commit: they are copied
 * beside the snapshot at their relative place (engine/outside-the-repo.ts),
 * so the staged run reads them from disk as the full gate does and never
 * judges less. An interrupt removes the folder too.
 */
// @implements engine#STAGED-JUDGES-THE-INDEX
// @implements engine#COPIES-READ-OUTSIDE-FILES
export async function stagedTree(cwd: string, configOf: StagedConfig): Promise<StagedTree> {
  const top = realpathSync(git(cwd, ['rev-parse', '--show-toplevel']).trim());
  const holder = mkdtempSync(join(tmpdir(), 'factline-staged-'));
  const remove = () => rmSync(holder, { recursive: true, force: true });
  const release = cleanupOnInterrupt(remove);
  const inner = relative(top, realpathSync(cwd));
  try {
    const snapshot = join(holder, 'index');
    git(top, ['checkout-index', '--all', `--prefix=${snapshot}/`]);
    mkdirSync(snapshot, { recursive: true });
    // Config discovery stops at a repository's top (the folder holding `.git`), in the snapshot too.
    mkdirSync(join(snapshot, '.git'), { recursive: true });
    const { config, specPaths } = configOf(join(snapshot, inner));
    const root = join(top, relative(snapshot, config.root));
    // A spec path given as a folder reads beneath it, as the glob of a plain name does.
    const given = specPaths.map((p) => relative(root, resolve(top, inner, p)));
    refuseAbsoluteIntoRepo(top, [...readPatterns(config), ...specPaths], '--staged');
    const reads = await outsideReads(root, top, [...readPatterns(config), ...given]);
    const placed = placeBesideOutside(holder, top, snapshot, reads);
    return {
      cwd: join(placed, inner),
      remove() {
        remove();
        release();
      },
    };
  } catch (error) {
    remove();
    release();
    throw error;
  }
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
