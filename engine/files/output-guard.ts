/**
 * A command's outputs never overwrite its own inputs: a report written over
 * the test results it read (`check --results r.xml --junit r.xml`) would make
 * the next run judge factline's report instead of the runner's, and one
 * written over a spec, a source, the config or a template destroys it. Paths
 * are compared as the file system resolves them: symbolic links followed,
 * hard links by device and inode, case folded where the file system folds it.
 */
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { globMatcher } from '../../checks/glob-match.ts';
import type { FactlineConfig } from '../config/model.ts';
import { UsageError } from '../errors.ts';

/** A file a command reads or writes, with what it is to the command (`--junit`, `test results`, `spec`). */
export interface FileRole {
  role: string;
  /** As given: relative to `base`, or absolute. */
  path: string;
}

interface Identity {
  /** The resolved path (links followed, case folded where the file system folds it). */
  path: string;
  /** `dev:ino` of an existing file, so two hard links meet. */
  inode?: string;
}

const folds = process.platform === 'darwin' || process.platform === 'win32';

function identityOf(base: string, given: string): Identity {
  const full = resolve(base, given);
  let real: string;
  let inode: string | undefined;
  try {
    real = realpathSync(full);
    const st = statSync(real);
    inode = `${st.dev}:${st.ino}`;
  } catch {
    // Not there yet: where it would land, its folder's links followed.
    try {
      real = resolve(realpathSync(dirname(full)), basename(full));
    } catch {
      real = full;
    }
  }
  const path = folds ? real.toLowerCase() : real;
  return inode === undefined ? { path } : { path, inode };
}

/** A path as the user would write it from `base`: relative when under it. */
function shown(base: string, path: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(base, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** Root-relative globs that select a run's inputs, each with the role of what it selects. */
export interface InputGlobs {
  root: string;
  patterns: readonly { role: string; globs: readonly string[] }[];
}

const same = (a: Identity, b: Identity) =>
  a.path === b.path || (a.inode !== undefined && a.inode === b.inode);

/**
 * Refuses (exit 2, naming both roles) when an output is an input of the same
 * run or another output. `globs` adds inputs by pattern (root-relative), for
 * a run that read only some of the files they select.
 */
// @implements engine#WRITERS-NEVER-OVERWRITE-INPUTS
export function refuseOverwritingInputs(
  base: string,
  outputs: readonly FileRole[],
  inputs: readonly FileRole[],
  globs?: InputGlobs,
): void {
  const known = inputs.map((i) => ({ ...i, id: identityOf(base, i.path) }));
  const written: (FileRole & { id: Identity })[] = [];
  for (const output of outputs) {
    const id = identityOf(base, output.path);
    const input = known.find((i) => same(i.id, id));
    const other = written.find((w) => same(w.id, id));
    const byGlob = id.inode !== undefined ? globRole(id.path, globs) : undefined;
    const clash =
      input !== undefined
        ? `${shown(base, input.path)}, the ${input.role} this run reads`
        : other !== undefined
          ? `${other.path}, which this run also writes as ${other.role}`
          : byGlob !== undefined
            ? `${output.path}, a ${byGlob} file of this project`
            : undefined;
    if (clash !== undefined) {
      throw new UsageError(
        `${output.role} ${output.path} would overwrite ${clash}; write the ${output.role} output to another file`,
      );
    }
    written.push({ ...output, id });
  }
}

/** The role of an existing file the run's globs select (root-relative match), if any. */
function globRole(absolute: string, globs: InputGlobs | undefined): string | undefined {
  if (globs === undefined) return undefined;
  let root: string;
  try {
    root = realpathSync(globs.root);
  } catch {
    root = globs.root;
  }
  const prefix = `${folds ? root.toLowerCase() : root}/`;
  if (!absolute.startsWith(prefix)) return undefined;
  const relative = absolute.slice(prefix.length);
  for (const { role, globs: patterns } of globs.patterns) {
    if (patterns.length > 0 && globMatcher(patterns, { dot: true, nocase: folds })(relative)) return role;
  }
  return undefined;
}

/** The files a gate run reads whatever it scans: the config, the results files. */
export function runInputs(config: FactlineConfig): FileRole[] {
  return [
    ...(config.file ? [{ role: 'config', path: resolve(config.root, config.file) }] : []),
    ...config.results.map((path) => ({ role: 'test results', path: resolve(config.root, path) })),
  ];
}

/** The globs a gate run reads by: specs, sources, tests, templates. */
export function inputGlobs(config: FactlineConfig): InputGlobs {
  const templates = config.generate.templates.replace(/\\/g, '/').replace(/\/+$/, '');
  return {
    root: config.root,
    patterns: [
      { role: 'spec', globs: config.specs },
      { role: 'source', globs: config.sources },
      { role: 'test', globs: config.tests },
      { role: 'template', globs: [`${templates}/**`] },
    ],
  };
}
