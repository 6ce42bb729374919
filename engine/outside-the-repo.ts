/**
 * Files a config reads from outside its git repository (`"specs":
 * ["../shared/**\/*.md"]`). They belong to no commit, so a run on a copy of
 * the repository (the index for `check --staged`, a commit for `--base`)
 * reads them as they are on disk, as the full gate does. The copy is put
 * in its holder folder at the same place relative to those files as the
 * repository is, and the files are copied beside it: every relative path
 * (`../shared/doc.md`), document name and finding then reads exactly as in
 * the working tree. Rewriting the globs to absolute paths instead would
 * change the paths the findings show and the names `names` keys on.
 */
import { copyFileSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { glob } from 'tinyglobby';
import type { FactlineConfig } from './config/model.ts';
import { UsageError } from './errors.ts';
import { followWithinRoot, isInside } from './files/symlink-policy.ts';

/** What a copy of the repository needs from outside it. */
export interface OutsideReads {
  /** How many folders above the repository's top the relative globs reach (0: none leaves it). */
  climb: number;
  /** The files they read there, absolute, as the symlink policy keeps them. */
  files: string[];
}

/** A glob segment with magic in it (tinyglobby's and picomatch's syntax). */
const MAGIC = /[*?[\]{}]|[!+@]\(/;

/** The folder a pattern names before its first magic segment. */
export function staticBase(pattern: string): string {
  const kept: string[] = [];
  for (const segment of pattern.split('/')) {
    if (MAGIC.test(segment)) break;
    kept.push(segment);
  }
  return kept.join('/') || '.';
}

/**
 * Every path pattern of a config the gate reads files by, relative to its
 * root: specs, sources, tests, exclusions, external namespaces' spec roots
 * and the generator's inputs and output (the drift check reads them).
 */
export function readPatterns(config: FactlineConfig): string[] {
  const dir = (d: string) => `${d.replace(/\/+$/, '')}/**`;
  return [
    ...config.specs,
    ...config.sources,
    ...config.tests,
    ...config.specExclude,
    ...config.externalSpecs.map((e) => `${e.root.replace(/\/+$/, '')}/**/*.md`),
    config.generate.spec,
    ...(config.generate.specs ?? []),
    dir(config.generate.templates),
    dir(config.generate.out),
  ].filter((p) => p !== '' && !p.startsWith('!'));
}

/**
 * A pattern naming a place inside the repository by an absolute path reads
 * the working tree wherever the copy lies, so a copy cannot be judged with
 * it: a usage error naming the pattern and the fix, never a silent read of
 * the wrong tree.
 */
// @implements engine#COPIES-READ-OUTSIDE-FILES
export function refuseAbsoluteIntoRepo(top: string, patterns: readonly string[], run: string): void {
  const into = patterns.find((p) => isAbsolute(p) && isInside(top, resolve(staticBase(posix.normalize(p)))));
  if (into !== undefined)
    throw new UsageError(
      `${run} judges a copy of the repository, and the config names \`${into}\` inside it by an absolute path, which reads the working tree instead; write the pattern relative to the config's folder`,
    );
}

/** The files the `patterns` (relative to `root`) read outside the repository whose top is `top`. */
// @implements engine#COPIES-READ-OUTSIDE-FILES
export async function outsideReads(
  root: string,
  top: string,
  patterns: readonly string[],
): Promise<OutsideReads> {
  let climb = 0;
  const leaving: string[] = [];
  for (const pattern of patterns) {
    // An absolute pattern names the same place from any copy.
    if (isAbsolute(pattern)) continue;
    const base = resolve(root, staticBase(posix.normalize(pattern)));
    if (isInside(top, base)) continue;
    const up = relative(top, base).split(sep);
    climb = Math.max(
      climb,
      up.findIndex((s) => s !== '..') === -1 ? up.length : up.findIndex((s) => s !== '..'),
    );
    leaving.push(pattern);
  }
  if (leaving.length === 0) return { climb: 0, files: [] };
  // What the gate would find (links within the root followed, each real file once), a superset
  // of what it keeps after its ignore globs: the copy applies those itself.
  const found = await glob(leaving, {
    cwd: root,
    absolute: true,
    dot: false,
    onlyFiles: true,
    followSymbolicLinks: true,
  });
  const files = followWithinRoot(root, found)
    .map((f) => resolve(root, f))
    .filter((f) => !isInside(top, f));
  return { climb, files };
}

/**
 * Moves the repository copy `copy` (of the repository at `top`) into
 * `holder` at its place relative to the outside files, and copies those
 * files beside it; returns the copy's new top. `move` does the moving (a
 * git worktree is moved by git, so git keeps knowing where it is).
 */
export function placeBesideOutside(
  holder: string,
  top: string,
  copy: string,
  reads: OutsideReads,
  move: (from: string, to: string) => void = renameSync,
): string {
  if (reads.climb === 0) return copy;
  let above = top;
  for (let i = 0; i < reads.climb; i++) above = dirname(above);
  const mirror = join(holder, 'around');
  const placed = join(mirror, relative(above, top));
  mkdirSync(dirname(placed), { recursive: true });
  move(copy, placed);
  for (const file of reads.files) {
    const to = join(mirror, relative(above, file));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(file, to);
  }
  return placed;
}
