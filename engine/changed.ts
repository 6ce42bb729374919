/**
 * `check --changed [REF]`: what a partial run covers. Asks git which files
 * changed since REF (working tree against REF, untracked files included),
 * compares each changed spec with its text at REF unit by unit, and finds
 * the files that mention a changed unit's id with one `git grep`. The gate
 * then scans only those files; checks/partial.ts decides which findings such
 * a run can judge.
 */
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { classifyGateFiles, type GateFile } from '../checks/gate.ts';
import { globMatcher } from '../checks/glob-match.ts';
import { indexFacts, kindRevision } from '../checks/resolve.ts';
import type { Fact, SpecDocument } from '../reader/model.ts';
import type { FactlineConfig } from './config/model.ts';
import { UsageError } from './errors.ts';
import { followWithinRoot } from './files/symlink-policy.ts';
import { ALWAYS_IGNORED } from './gate/files.ts';
import { readSpecDocument } from './read-spec.ts';
import { docNameOf } from './specs.ts';

export interface ChangedSet {
  /** Gate files to scan: changed since REF, or citing a changed unit; sorted. */
  files: GateFile[];
  /** Of those, the ones changed themselves (the rest were pulled in by a changed unit). */
  changed: string[];
  /** Spec files (config-root relative) whose text changed since REF, deleted ones included. */
  specFiles: string[];
  /** Addresses of units whose text, status or kind revision changed, or that came or went. */
  changedUnits: string[];
}

interface GitResult {
  stdout: string;
  stderr: string;
  status: number;
}

/**
 * Runs git in `root`; a missing git is a usage error, a failing command is
 * the caller's to judge. node:child_process loads on the first call: a full
 * check, which imports this module too, never asks git anything.
 */
// @implements cli#LOADS-ONLY-WHAT-RUNS
async function git(root: string, args: string[], input?: string): Promise<GitResult> {
  const { execFile } = await import('node:child_process');
  return new Promise((done, fail) => {
    const child = execFile(
      'git',
      args,
      { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 },
      (error, stdout, stderr) => {
        const code = (error as NodeJS.ErrnoException | null)?.code;
        if (code === 'ENOENT') {
          fail(
            new UsageError(
              '--changed asks git what changed, and git is not installed; install git, or run `factline check` without --changed',
            ),
          );
          return;
        }
        done({ stdout, stderr, status: error ? (typeof code === 'number' ? code : 1) : 0 });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

const NUL = '\0';
const paths = (out: string) => out.split(NUL).filter((p) => p !== '');

/** Why REF cannot be compared with, as a usage error naming the fix (called only once git has failed). */
// @implements engine#CHANGED-CLEAR-ERRORS
async function refProblem(root: string, ref: string, failure: string): Promise<UsageError> {
  const inside = await git(root, ['rev-parse', '--is-inside-work-tree']);
  if (inside.status !== 0 || inside.stdout.trim() !== 'true') {
    return new UsageError(
      `--changed compares with a git commit, and ${root} is not inside a git work tree; run \`git init\` and commit once, or run \`factline check\` without --changed`,
    );
  }
  const found = await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (found.status === 0) return new UsageError(`--changed ${ref}: git failed: ${failure}`);
  return new UsageError(
    `--changed ${ref}: git knows no commit \`${ref}\`; name a commit, branch or tag that exists (e.g. HEAD, main, origin/main — \`git fetch\` first for a remote branch)`,
  );
}

/** Whether HEAD names no commit yet (a repository before its first commit, where every file is new). */
async function unbornHead(root: string, ref: string): Promise<boolean> {
  if (ref !== 'HEAD') return false;
  const head = await git(root, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  if (head.status === 0) return false;
  const symbolic = await git(root, ['symbolic-ref', '--quiet', 'HEAD']);
  return symbolic.status === 0;
}

/**
 * Paths under the config root changed since REF (tracked: differing from
 * REF; untracked: not ignored), or `unborn` before the first commit. The
 * three git calls run at once; only when one fails is the reason looked for.
 */
// @implements engine#CHANGED-FILES
async function changedPaths(root: string, ref: string): Promise<string[] | 'unborn' | { nested: string[] }> {
  if (ref.startsWith('-')) {
    throw new UsageError(
      `--changed ${ref}: a git ref does not start with \`-\`; name a commit, branch or tag (e.g. HEAD, origin/main)`,
    );
  }
  const [commit, diff, untracked, index] = await Promise.all([
    git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]),
    git(root, ['diff', '--name-only', '--no-renames', '--relative', '-z', ref, '--']),
    git(root, ['ls-files', '--others', '--exclude-standard', '-z']),
    git(root, ['ls-files', '-s', '-z']),
  ]);
  const failed = [commit, diff, untracked, index].find((r) => r.status !== 0);
  if (failed) {
    if (await unbornHead(root, ref)) return 'unborn';
    throw await refProblem(root, ref, failed.stderr.trim());
  }
  const changed = [...new Set([...paths(diff.stdout), ...paths(untracked.stdout)])];
  const entries = paths(index.stdout).map((e) => ({
    mode: e.slice(0, 6),
    path: e.slice(e.indexOf('\t') + 1),
  }));
  const nested = [
    ...changed.filter((p) => p.endsWith('/')),
    ...entries.filter((e) => e.mode === '160000').map((e) => `${e.path}/`),
  ];
  if (nested.length > 0) return { nested };
  const links = entries.filter((e) => e.mode === '120000').map((e) => e.path);
  return [...new Set([...changed, ...throughLinks(root, links, changed)])].sort();
}

/**
 * A file changed behind a tracked symbolic link changes what the link's path
 * reads, and the full gate reads it there (cli/symlink-policy.ts): each
 * changed path at or under a link's target inside the root is also changed
 * under the link's name.
 */
// @implements engine#CHANGED-NEVER-GREENER
function throughLinks(root: string, links: readonly string[], changed: readonly string[]): string[] {
  if (links.length === 0) return [];
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const link of links) {
    let target: string;
    try {
      target = relative(realRoot, realpathSync(resolve(root, link)))
        .split('\\')
        .join('/');
    } catch {
      continue;
    }
    if (target === '' || target.startsWith('..') || isAbsolute(target)) continue;
    for (const p of changed) {
      if (p === target) out.push(link);
      else if (p.startsWith(`${target}/`)) out.push(`${link}${p.slice(target.length)}`);
    }
  }
  return out;
}

/** What of a unit decides a citation's verdict: its text (pins), its status (void, due) and kind revision (rN pins). */
function unitSignatures(doc: SpecDocument | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (doc === undefined) return out;
  const index = indexFacts({ documents: [doc] });
  for (const [address, unit] of index.byAddress) out.set(address, signature(unit, doc));
  return out;
}

function signature(unit: Fact, doc: SpecDocument): string {
  return `${unit.digest} ${unit.status.stage}/${unit.status.state} ${kindRevision(unit, doc) ?? ''}`;
}

/** Units that differ between the spec at REF and now, or exist in only one of them. */
function changedUnitsOf(before: SpecDocument | undefined, after: SpecDocument | undefined): string[] {
  const old = unitSignatures(before);
  const now = unitSignatures(after);
  const out: string[] = [];
  for (const [address, sig] of now) if (old.get(address) !== sig) out.push(address);
  for (const address of old.keys()) if (!now.has(address)) out.push(address);
  return out;
}

/** A spec's text at REF, or undefined when it did not exist there. */
async function specAt(root: string, ref: string, file: string): Promise<string | undefined> {
  const shown = await git(root, ['show', `${ref}:./${file}`]);
  return shown.status === 0 ? shown.stdout : undefined;
}

/** Gate files (of those listed by git) that mention one of the ids: a superset of the citing ones. */
async function filesMentioning(root: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await git(root, ['grep', '-l', '-z', '-F', '--untracked', '-f', '-'], `${ids.join('\n')}\n`);
  // Status 1: no file mentions any of them.
  if (found.status > 1) throw new UsageError(`--changed: git grep failed: ${found.stderr.trim()}`);
  return paths(found.stdout);
}

/** The candidates that are gate files, classified as a full run's file listing would. */
function asGateFiles(config: FactlineConfig, candidates: readonly string[]): GateFile[] {
  const wanted = globMatcher([...config.sources, ...config.tests], { dot: false });
  const ignored = globMatcher([...config.ignore, ...ALWAYS_IGNORED], { dot: true });
  const inGlobs = candidates.filter((p) => wanted(p) && !ignored(p) && existsSync(resolve(config.root, p)));
  return classifyGateFiles(followWithinRoot(config.root, inGlobs), config.tests);
}

/** What changed since REF, before the specs are loaded: enough to know whether a partial run can stand. */
export interface Change {
  ref: string;
  /** Paths under the config root changed since REF, untracked ones included; sorted. */
  paths: string[];
  /** Of those, the ones that no longer exist (deleted, or the old name of a renamed file). */
  deleted: string[];
  /**
   * Why a partial run cannot stand, so the full gate runs: the config file
   * changed (the set of gate files may have changed with it), or HEAD has no
   * commit yet (every file is new).
   */
  fullRunBecause?: string;
}

// @implements engine#CHANGED-FULL-RUN
export async function changeSince(config: FactlineConfig, ref: string): Promise<Change> {
  const changed = await changedPaths(config.root, ref);
  if (changed === 'unborn') {
    return { ref, paths: [], deleted: [], fullRunBecause: 'HEAD has no commit yet (every file is new)' };
  }
  if (!Array.isArray(changed)) {
    return {
      ref,
      paths: [],
      deleted: [],
      fullRunBecause: `a nested git repository (${changed.nested.join(', ')}) lies under the root, and this repository's git does not list its changes`,
    };
  }
  // Never our own cache (a run's temp file can come and go while git lists the untracked files), nor node_modules or the ignored paths.
  const ignored = globMatcher([...config.ignore, ...ALWAYS_IGNORED], { dot: true });
  const relevant = changed.filter((p) => !ignored(p));
  const configChanged = config.file !== undefined && relevant.includes(config.file);
  return {
    ref,
    paths: relevant,
    deleted: relevant.filter((p) => !existsSync(resolve(config.root, p))),
    ...(configChanged ? { fullRunBecause: `the config file changed since ${ref}` } : {}),
  };
}

/**
 * What `check --changed REF` scans, given the change and the documents
 * loaded now (the config's spec globs recognise a deleted spec).
 */
// @implements engine#CHANGED-FACTS
export async function changedFiles(
  config: FactlineConfig,
  change: Change,
  specs: readonly SpecDocument[],
  failing: readonly string[] = [],
): Promise<ChangedSet> {
  const { root } = config;
  const { ref } = change;
  const changedSet = new Set(change.paths);
  const deleted = new Set(change.deleted);
  const byFile = new Map(specs.map((d) => [d.file, d]));
  const isSpec = globMatcher(config.specs, { dot: false });
  const specFiles = change.paths.filter((p) => byFile.has(p) || (deleted.has(p) && isSpec(p)));
  // readSpecDocument imports the reader on first use (remark only for a spec that needs it): a run with
  // no changed spec loads neither.
  const units = (
    await Promise.all(
      specFiles.map(async (file) => {
        const now = byFile.get(file);
        const text = await specAt(root, ref, file);
        const doc = now?.doc ?? docNameOf(config, resolve(root, file));
        const before = text === undefined ? undefined : await readSpecDocument(text, { file, doc });
        return changedUnitsOf(before, now);
      }),
    )
  ).flat();
  const ids = [...new Set(units.map((a) => a.slice(a.lastIndexOf('#') + 1)))];
  const citing = await filesMentioning(root, ids);
  // With results, a test file whose tests failed or did not run is judged too, changed or not.
  const files = asGateFiles(config, [...new Set([...change.paths, ...citing, ...failing])]);
  return {
    files,
    changed: files.filter((f) => changedSet.has(f.file)).map((f) => f.file),
    specFiles,
    changedUnits: [...new Set(units)].sort(),
  };
}

/**
 * Why a partial run cannot stand once the specs are loaded: a spec read from
 * outside the root, whose changes this repository's git does not list.
 */
// @implements engine#CHANGED-NEVER-GREENER
export function specsOutsideRoot(config: FactlineConfig, specs: readonly SpecDocument[]): string | undefined {
  const outside = specs
    .map((d) => d.file)
    .filter((f) => f.startsWith('../') || isAbsolute(f) || !isInsideRoot(config.root, f));
  return outside.length === 0
    ? undefined
    : `spec(s) outside the root (${outside.slice(0, 3).join(', ')}${outside.length > 3 ? ', …' : ''}) are read, and git here does not list their changes`;
}

function isInsideRoot(root: string, file: string): boolean {
  const rel = relative(root, resolve(root, file));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}
