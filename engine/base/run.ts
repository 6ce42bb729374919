/**
 * The gate on a base commit (`check --base REF`): run in a temporary worktree
 * of REF with the config REF holds, or read back from the project's per-user
 * cache folder (engine/cache/location.ts) when this commit was judged before
 * with the same config, flags, results and code. Never from the checkout: a
 * pull request could commit the base side it wants to be compared with.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { countSeverities } from '../../checks/findings.ts';
import type { Finding, Summary } from '../../checks/model.ts';
import { tallyFacts } from '../../checks/states.ts';
import { codeFingerprint } from '../cache/cache-file.ts';
import { projectCacheDir } from '../cache/location.ts';
import { loadConfig } from '../config/load.ts';
import type { FactlineConfig } from '../config/model.ts';
import { UsageError } from '../errors.ts';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { readOwnFile } from '../files/private-dir.ts';
import type { EngineIO } from '../io.ts';
import {
  type OutsideReads,
  outsideReads,
  readPatterns,
  refuseAbsoluteIntoRepo,
} from '../outside-the-repo.ts';
import { packageRoot } from '../package-root.ts';
import { Project } from '../project.ts';
import { factlineVersion } from '../version.ts';
import { baseCommit, inWorktree } from './git.ts';

export interface BaseSide {
  ref: string;
  commit: string;
  findings: Finding[];
  summary: Summary;
  /** Why the base side is empty, when it is. */
  note?: string;
  /** Whether the base was judged with its own test results (`--base-results`). */
  outcomes: boolean;
  /** Whether it came from the cache. */
  cached: boolean;
  /** The project root's path inside the repository ('' at its top), for links. */
  rootInRepo: string;
}

export interface BaseRequest {
  ref: string;
  /** The flags that changed the working tree's config, applied to the base's too (its `results` are dropped). */
  configure: (config: FactlineConfig) => FactlineConfig;
  /** Spec paths given on the command line, relative to the caller's cwd. */
  specPaths: readonly string[];
  /** `--config` as given, relative to the caller's cwd. */
  configFile?: string;
  strict: boolean;
  /** Read and keep the base side in the per-user cache (`--no-cache`: neither). */
  cache: boolean;
  /**
   * The base's own test results (`--base-results`), absolute paths; without them
   * the base is judged without outcomes, and outcome findings are unknown on it.
   */
  results?: readonly string[];
}

/** The base side as judged (and as kept in the cache). */
interface Judged {
  findings: Finding[];
  summary: Summary;
  note?: string;
  outcomes: boolean;
}

const EMPTY_SUMMARY: Summary = { ...tallyFacts([]), findings: countSeverities([]) };

function cacheKey(parts: unknown[]): string {
  const checks = join(packageRoot(), 'checks');
  const reader = join(packageRoot(), 'reader');
  const code = existsSync(checks)
    ? `${codeFingerprint(checks)}${codeFingerprint(reader)}`
    : factlineVersion();
  return createHash('sha256')
    .update(JSON.stringify([factlineVersion(), code, ...parts]))
    .digest('hex')
    .slice(0, 32);
}

/** What the base's results files hold now: a rerun of the base's tests gives another key. */
function resultsDigest(files: readonly string[] | undefined): string | null {
  if (files === undefined) return null;
  const h = createHash('sha256');
  for (const file of files) {
    h.update(file).update('\0');
    const bytes = readInput(file);
    h.update(bytes === undefined ? 'unreadable' : bytes).update('\0');
  }
  return h.digest('hex');
}

/** A results file's bytes (an input, read as the gate reads it), or undefined when it cannot be read. */
function readInput(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The stored base side, when it is one (a damaged file is ignored and written again). */
function readStored(path: string): Judged | undefined {
  const bytes = readOwnFile(path);
  if (bytes === undefined) return undefined;
  try {
    const raw = JSON.parse(bytes.toString('utf8')) as {
      findings?: unknown;
      summary?: unknown;
      note?: unknown;
    };
    if (!Array.isArray(raw.findings) || typeof raw.summary !== 'object' || raw.summary === null)
      return undefined;
    // Kept by a build that did not record whether the base had outcomes: judged again.
    if (typeof (raw as { outcomes?: unknown }).outcomes !== 'boolean') return undefined;
    return raw as Judged;
  } catch {
    return undefined;
  }
}

// @implements engine#BASE-FROM-A-WORKTREE
export async function gateOnBase(
  io: EngineIO,
  head: FactlineConfig,
  request: BaseRequest,
): Promise<BaseSide> {
  const { top, commit } = baseCommit(head.root, request.ref);
  const rootInRepo = relative(realpathSync(top), realpathSync(head.root)).split('\\').join('/');
  const inRepo = (path: string) => relative(realpathSync(top), resolve(realpathSync(io.cwd), path));
  const configFile = request.configFile === undefined ? undefined : inRepo(request.configFile);
  const specPaths = request.specPaths.map(inRepo);
  const probe = request.configure(head);
  const key = cacheKey([
    commit,
    rootInRepo,
    configFile ?? head.file ?? null,
    specPaths,
    request.strict,
    probe.sources,
    probe.tests,
    probe.ignore,
    probe.specs,
    probe.specsRoot,
    resultsDigest(request.results),
  ]);
  // @implements engine#CACHE-OUTSIDE-THE-CHECKOUT
  // @implements engine#NO-CACHE-READS-NO-CACHE
  const dir = request.cache ? projectCacheDir(head.root, io.env) : undefined;
  const store = dir === undefined ? undefined : join(dir, `base-${key}.json`);
  const stored = store === undefined ? undefined : readStored(store);
  const side = { ref: request.ref, commit, rootInRepo };
  if (stored) return { ...side, ...stored, cached: true };
  const judged = await inWorktree(
    top,
    commit,
    (tree) => judgeTree(io, tree, rootInRepo, request, configFile, specPaths, head),
    (tree) => readsOutside(top, tree, rootInRepo, request, configFile, specPaths, head),
  );
  if (store !== undefined) {
    try {
      writeFileAtomic(store, `${JSON.stringify(judged)}\n`, { durable: false, privateMode: 0o600 });
    } catch {
      // A cache that cannot be written costs only the next run's checkout.
    }
  }
  return { ...side, ...judged, cached: false };
}

/**
 * Where the base's config is in its tree: the project root there, and the
 * config file named (`--config`, else the working tree's own file), with
 * whether the base lacks it.
 */
function baseConfigAt(
  tree: string,
  rootInRepo: string,
  configFile: string | undefined,
  head: FactlineConfig,
): { root: string; named: string | undefined; missing: boolean } {
  const root = join(tree, rootInRepo);
  const named = configFile ?? (head.file === undefined ? undefined : join(rootInRepo, head.file));
  return { root, named, missing: named !== undefined && !existsSync(join(tree, named)) };
}

/** The base's config as the working tree's flags change it. */
function loadBaseConfig(tree: string, at: { root: string; named: string | undefined }, request: BaseRequest) {
  return request.configure(loadConfig(at.root, at.named === undefined ? undefined : join(tree, at.named)));
}

/** The files the base's config reads from outside the repository (none when it has no config or cannot be read). */
async function readsOutside(
  top: string,
  tree: string,
  rootInRepo: string,
  request: BaseRequest,
  configFile: string | undefined,
  specPaths: string[],
  head: FactlineConfig,
): Promise<OutsideReads> {
  const at = baseConfigAt(tree, rootInRepo, configFile, head);
  if (at.missing) return { climb: 0, files: [] };
  let config: FactlineConfig;
  try {
    config = loadBaseConfig(tree, at, request);
  } catch {
    // judgeTree reports it.
    return { climb: 0, files: [] };
  }
  refuseAbsoluteIntoRepo(top, readPatterns(config), `--base ${request.ref}`);
  const real = join(top, relative(tree, config.root));
  const given = specPaths.map((p) => relative(real, join(top, p)));
  return outsideReads(real, top, [...readPatterns(config), ...given]);
}

async function judgeTree(
  io: EngineIO,
  tree: string,
  rootInRepo: string,
  request: BaseRequest,
  configFile: string | undefined,
  specPaths: string[],
  head: FactlineConfig,
): Promise<Judged> {
  const at = baseConfigAt(tree, rootInRepo, configFile, head);
  const { root, named } = at;
  if (at.missing) {
    return {
      findings: [],
      summary: EMPTY_SUMMARY,
      outcomes: false,
      note: `${request.ref} has no ${named}: it was not set up for factline, so every finding counts as new`,
    };
  }
  // The base's own outcomes when given; never the working tree's, which say nothing of the base's tests.
  // @implements engine#BASE-RESULTS
  const config = {
    ...loadBaseConfig(tree, at, request),
    results: [...(request.results ?? [])],
  };
  const baseIo: EngineIO = { cwd: root, env: io.env, stderr: io.stderr };
  try {
    const { result } = await new Project(
      baseIo,
      config,
      specPaths.map((p) => join(tree, p)),
    ).check({
      strict: request.strict || config.strict,
      cache: false,
      // The base's results were written by a run in a checkout where the working tree is now.
      resultsWrittenAt: head.root,
    });
    return { findings: result.findings, summary: result.summary, outcomes: request.results !== undefined };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (/no spec matches|no factline\.config\.json and no spec/.test(error.message)) {
      return {
        findings: [],
        summary: EMPTY_SUMMARY,
        outcomes: false,
        note: `${request.ref} has no spec to judge, so every finding counts as new`,
      };
    }
    throw new UsageError(`on ${request.ref}: ${error.message}`);
  }
}
