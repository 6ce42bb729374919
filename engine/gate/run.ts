/**
 * The gate's file-system half: load the specs, list the scanned files from
 * the config globs, and hand reading, the cached scan and generated drift to
 * the pipeline in checks/gate.ts. Shared by `check`, `explain`, `pin`,
 * `report` and the `trace_check` MCP tool.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { glob } from 'tinyglobby';
import { type GateFile, runGate as runCoreGate } from '../../checks/gate.ts';
import type { Finding, TraceResult } from '../../checks/model.ts';
import type { OutcomeInput } from '../../checks/outcomes.ts';
import { POLICY_PRESETS, type PolicyTable } from '../../checks/policy.ts';
import type { Addressing } from '../../checks/resolve.ts';
import { isTemplateFile } from '../../checks/template-pins.ts';
import { readHeader } from '../../generator/render/header.ts';
import { openScanCache, type ScanCache } from '../cache/scan-cache.ts';
import { cachedParser, openSpecCache } from '../cache/spec-cache.ts';
import { loadConfig } from '../config/load.ts';
import { type FactlineConfig, generatingSpecs } from '../config/model.ts';
import { readGateFile } from '../files/read.ts';
import type { FoundEnough } from '../files/walk.ts';
import type { EngineIO } from '../io.ts';
import {
  type BootingWorker,
  bootScanWorker,
  POOL_MIN_FILES,
  poolMode,
  poolWanted,
  type ScanPool,
} from '../parallel/pool.ts';
import { docNameOf, type LoadedSpecs, loadSpecSet, parseSpecLazily } from '../specs.ts';
import { listGateFiles } from './files.ts';
import { readResults } from './results.ts';

export interface GateOptions {
  strict?: boolean;
  /** Spec files or directories; empty or absent: the config's `specs` globs. */
  specs?: string[];
  /** Filled with milliseconds per phase when given (for the benchmark). */
  timings?: Record<string, number>;
  /** Use the scan and spec caches under `.factline-cache/` (default: false). */
  cache?: boolean;
  /** Test results files (vitest JSON or JUnit XML), relative to the config root; default: the config's `results`. */
  results?: string[];
  /**
   * Only these files, found from the loaded specs (`check --changed`); drift and
   * stale exclusions, which need the whole tree, are then not computed.
   * Undefined from it: every file after all.
   */
  only?: (specs: LoadedSpecs) => Promise<GateFile[] | undefined>;
}

/** The config's `spec://` namespaces, each external root checked for presence. */
export function addressingOf(config: FactlineConfig): Addressing {
  const addressing: Addressing = {
    external: config.externalSpecs.map((e) => ({
      namespace: e.namespace,
      root: e.root,
      docPrefix: `${e.namespace}/`,
      present: existsSync(resolve(config.root, e.root)),
    })),
  };
  if (config.namespace !== undefined) addressing.namespace = config.namespace;
  return addressing;
}

export function policyOf(config: FactlineConfig): PolicyTable {
  return typeof config.policy === 'string' ? (POLICY_PRESETS[config.policy] ?? {}) : config.policy;
}

/** vibevm's stale-exclude: an exclusion that matches no file any more says so by name. */
// @implements real-codebases#STALE-EXCLUDE
async function staleExcludes(config: FactlineConfig): Promise<Finding[]> {
  const out: Finding[] = [];
  const where = config.file ?? '.';
  let text = '';
  try {
    if (config.file) text = readFileSync(resolve(config.root, config.file), 'utf8');
  } catch {}
  for (const pattern of config.specExclude) {
    const found = await glob([pattern], { cwd: config.root, onlyFiles: true, dot: false });
    if (found.length > 0) continue;
    const at = text.indexOf(JSON.stringify(pattern));
    const line = at === -1 ? 1 : text.slice(0, at).split('\n').length;
    out.push({
      rule: 'stale-exclude',
      severity: 'warning',
      file: where,
      line,
      column: 1,
      message: `spec exclusion \`${pattern}\` matches no file`,
      fix: 'delete the pattern rather than leave a dead one behind',
    });
  }
  return out;
}

async function driftFindings(config: FactlineConfig): Promise<Finding[]> {
  if (!existsSync(resolve(config.root, config.generate.templates))) return [];
  if (!existsSync(resolve(config.root, config.generate.spec))) return [];
  const [{ loadGenerationInput }, { generationFindings }] = await Promise.all([
    import('../generate/input.ts'),
    import('../generate/drift.ts'),
  ]);
  return generationFindings(loadGenerationInput(config));
}

/** The gate over the real file system: the cli's half of checks/gate.ts. */
export async function runGate(
  io: EngineIO,
  config: FactlineConfig,
  options: GateOptions = {},
): Promise<{ result: TraceResult; specs: LoadedSpecs; pool?: { helped: number } }> {
  const timings = options.timings ?? {};
  const warn = (line: string) => io.stderr.write(line);
  // Opened before the specs load, so a helper thread stats last run's files meanwhile (a full run only).
  // A partial run (`check --changed`) reads the scan cache and leaves it as it was for the next full run.
  // @implements speed-warm#PARTIAL-RUN-KEEPS-CACHE
  // @implements speed-warm#STATS-ON-A-HELPER
  const t0c = performance.now();
  const cache = options.cache
    ? openScanCache(config.root, warn, {
        readOnly: options.only !== undefined,
        // The scan pool's switch (FACTLINE_SCAN_POOL) turns this helper off, or on whatever the size, too.
        statHelper: options.only === undefined ? poolMode(io.env) : 'off',
      })
    : undefined;
  timings['cache open'] = (timings['cache open'] ?? 0) + (performance.now() - t0c);
  const t0 = performance.now();
  const early = await listEarly(io, config, options, cache?.empty === true);
  timings.glob = (timings.glob ?? 0) + (performance.now() - t0);
  const pool = early.pool;
  try {
    return await gateWith(io, config, options, early, cache);
  } finally {
    pool?.close();
  }
}

const templatesDir = (config: FactlineConfig) => config.generate.templates.replace(/\\/g, '/');

/** The early listing of a full run that reads every file (uncached, or nothing cached yet), and the worker it calls for. */
interface Early {
  listed?: Promise<GateFile[]>;
  pool?: ScanPool;
  /** The pool reads for an empty scan cache too: its records fill it. */
  fills?: boolean;
  /** Wall-clock time before the pool read anything. */
  since?: number;
}

/**
 * A full run that reads every file (uncached, or its cache still empty)
 * lists its files before loading the specs, so the
 * scan worker (engine/parallel/pool.ts) reads and scans them while the specs load. A
 * listing failure is held and surfaces where the listing would have run.
 */
// @implements speed-pool#EARLY-WORKER
async function listEarly(
  io: EngineIO,
  config: FactlineConfig,
  options: GateOptions,
  cacheEmpty: boolean,
): Promise<Early> {
  const mode = poolMode(io.env);
  // A cached run with nothing cached reads every file, as an uncached one does: the worker helps it the same way.
  // @implements speed-pool#FIRST-RUN-FILLS-THE-CACHE-FROM-BOTH-THREADS
  const fills = options.cache === true && cacheEmpty;
  if ((options.cache && !fills) || options.only || mode === 'off') return {};
  // The worker boots as soon as the walk has found enough files for it to pay, while the walk goes on.
  let booting: BootingWorker | undefined;
  let whenFound: FoundEnough | undefined;
  const boot = () => {
    booting = bootScanWorker();
  };
  if (mode === 'always') boot();
  else if (poolWanted(mode, POOL_MIN_FILES)) whenFound = { count: POOL_MIN_FILES, reached: boot };
  const listed = listGateFiles(config, whenFound);
  const files = await listed.catch(() => undefined);
  if (files === undefined || !poolWanted(mode, files.length)) {
    booting?.cancel();
    return { listed };
  }
  // The files the core will hand over (every one but templates, as no cache answers): the worker starts on them now.
  const templates = { templates: templatesDir(config) };
  const plain = files.map((f) => f.file).filter((file) => !isTemplateFile(file, templates));
  const since = Date.now();
  return {
    listed,
    pool: (booting ?? bootScanWorker()).start(config.root, plain, { record: fills }),
    fills,
    since,
  };
}

async function gateWith(
  io: EngineIO,
  config: FactlineConfig,
  options: GateOptions,
  early: Early,
  cache: ScanCache | undefined,
): Promise<{ result: TraceResult; specs: LoadedSpecs; pool?: { helped: number } }> {
  const timings = options.timings ?? {};
  const t0 = performance.now();
  const warn = (line: string) => io.stderr.write(line);
  const specCache = options.cache ? openSpecCache(config.root, warn) : undefined;
  const specs = await loadSpecSet(
    io,
    config,
    options.specs ?? [],
    specCache ? cachedParser(specCache) : parseSpecLazily,
  );
  specCache?.save();
  const t1 = performance.now();
  timings.specs = (timings.specs ?? 0) + (t1 - t0);
  const only = options.only ? await options.only(specs) : undefined;
  const files = only ?? (await (early.listed ?? listGateFiles(config)));
  timings.glob = (timings.glob ?? 0) + (performance.now() - t1);
  // The cache only answers for files it can vouch for; everything else is read and scanned as with --no-cache.
  // @implements speed-cache#WARM-EQUALS-COLD
  const pool = early.pool;
  // Filling an empty cache with the worker's help: nothing is known, and this thread stats what it reads itself.
  const fills = early.fills === true && cache !== undefined && pool !== undefined;
  const result = await runCoreGate({
    specs: specs.set,
    files,
    read: fills
      ? (file) => {
          cache.statBeforeRead(file);
          return readGateFile(config.root, file);
        }
      : (file) => readGateFile(config.root, file),
    ...(cache && !fills ? { known: (file: string) => cache.known(file) } : {}),
    ...(cache ? { scan: (file: string, text: string) => cache.scan(file, text) } : {}),
    ...(only
      ? {}
      : { extraFindings: async () => [...(await driftFindings(config)), ...(await staleExcludes(config))] }),
    strict: options.strict ?? config.strict,
    policy: policyOf(config),
    addressing: addressingOf(config),
    searched: {
      globs: [...config.sources, ...config.tests],
      where: config.file ?? (relative(config.root, resolve(config.root, 'factline.config.json')) || '.'),
    },
    timings,
    templates: {
      templates: templatesDir(config),
      out: config.generate.out.replace(/\\/g, '/'),
      docs: generatingSpecs(config).map((spec) => docNameOf(config, resolve(config.root, spec))),
      templateOf: (file: string) => readHeader(readGateFile(config.root, file) ?? '')?.template,
    },
    ...withResults(await readResults(config, options.results ?? config.results)),
    ...(pool && (!cache || fills) ? { share: (names: readonly string[]) => pool.share(names) } : {}),
  });
  const t3 = performance.now();
  if (fills) for (const [file, record] of pool.records()) cache.fill(file, record, early.since ?? 0);
  cache?.save();
  timings['cache save'] = (timings['cache save'] ?? 0) + (performance.now() - t3);
  return { result, specs, ...(pool ? { pool: { helped: pool.helped() } } : {}) };
}

function withResults(results: OutcomeInput | undefined): { results?: OutcomeInput } {
  return results === undefined ? {} : { results };
}

/** What `explain` and `pin` say about the gate they run. */
export interface GateArgs {
  config?: string | undefined;
  specs?: string[] | undefined;
  strict: boolean;
}

export async function gateFor(io: EngineIO, args: GateArgs) {
  const config = loadConfig(io.cwd, args.config);
  const gate = await runGate(io, config, {
    strict: args.strict || config.strict,
    specs: args.specs ?? [],
    cache: true,
  });
  return { config, ...gate };
}
