/**
 * The gate over a project on disk: load the specs, list the files, pick the
 * scan backend (cached, pooled, or plain) and hand them to the pipeline in
 * checks/gate.ts. Shared by `check`, `baseline`, `explain`, `pin`, `report`
 * and the MCP tools.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type GateFile, readAndScan, type ScanBackend, traceFiles } from '../../checks/gate.ts';
import { adviseGeneratedStale } from '../../checks/generated-stale.ts';
import type { Finding, TraceResult } from '../../checks/model.ts';
import { applyRuleSettings, unitRuleFindings } from '../../checks/rule-settings.ts';
import { FileScanner } from '../../checks/scan/dispatch.ts';
import type { ScanWarning } from '../../checks/scan/typescript.ts';
import { readHeader } from '../../generator/render/header.ts';
import { cachedBackend } from '../backends/cached.ts';
import { type EarlyPool, pooledBackend, startPoolWhileListing } from '../backends/pooled.ts';
import { sequentialBackend } from '../backends/sequential.ts';
import { projectCacheDir } from '../cache/location.ts';
import { openScanCache, type ScanCache } from '../cache/scan-cache.ts';
import { cachedParser, openSpecCache } from '../cache/spec-cache.ts';
import type { FactlineConfig } from '../config/model.ts';
import { readGateFile } from '../files/read.ts';
import { poolMode } from '../parallel/pool.ts';
import type { Project } from '../project.ts';
import type { LoadedSpecs } from '../specs.ts';
import { type InputReader, readResults } from './results.ts';
import { addressingOf, attributesOf, generatedSetupOf, policyOf, searchedOf } from './setup.ts';
import { staleExcludes } from './stale-excludes.ts';
import { hasVibevmGates, startVibevmGates, type VibevmGatesRun } from './vibevm-gates.ts';
import { xmlSpecFindings } from './xml-specs.ts';

export interface GateOptions {
  /** Service units need evidence too; default: the config's `strict`. */
  strict?: boolean;
  /** Filled with milliseconds per phase when given (for the benchmark). */
  timings?: Record<string, number>;
  /** Use the scan and spec caches in the project's per-user cache folder (engine/cache/location.ts; default: false). */
  cache?: boolean;
  /** Test results files (vitest JSON or JUnit XML), relative to the config root; default: the config's `results`. */
  results?: string[];
  /**
   * Only these files, found from the loaded specs (`check --changed`); drift and
   * stale exclusions, which need the whole tree, are then not computed.
   * Undefined from it: every file after all.
   */
  only?: (specs: LoadedSpecs) => Promise<GateFile[] | undefined>;
  /**
   * Where the results files' absolute paths were written from, when not the
   * config root: the base's results (`check --base-results`) name the working
   * tree's files, and the base is judged in a temporary worktree.
   */
  resultsWrittenAt?: string;
  /** Reads the results files and the vector files they name; default: from disk. An MCP tool reads under the client path policy. */
  readInput?: InputReader;
  /** Wraps the backend the run picked: the editor server keeps each file's scan for its later judgements. */
  wrapBackend?: (chosen: ScanBackend) => ScanBackend;
  /** Hears each scan warning as it comes (the CLI prints it); every run also returns them in `warnings`. */
  onScanWarning?: ScanWarning;
}

/** What the scan warns of that is no citation (a file TypeScript's parser failed on, read by tokens alone). */
export interface ScanWarningEntry {
  file: string;
  message: string;
}

/** What a gate run gives back: the trace, the specs it judged, and how much the scan worker did. */
export interface GateRun {
  result: TraceResult;
  specs: LoadedSpecs;
  /** The scan's warnings, in the order they came (files answered from the cache are not scanned again). */
  // @implements scanner#SCAN-WARNINGS-REACH-EVERY-FRONT-END
  warnings: ScanWarningEntry[];
  pool?: { helped: number };
}

/** Milliseconds spent in `phase`, added to `timings`. */
async function timed<T>(timings: Record<string, number>, phase: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings[phase] = (timings[phase] ?? 0) + (performance.now() - start);
  }
}

export async function runGate(project: Project, options: GateOptions = {}): Promise<GateRun> {
  const { io, config } = project;
  const timings = options.timings ?? {};
  const partial = options.only !== undefined;
  // No folder of this user's outside the checkout: the run goes uncached rather than trust one inside it.
  // @implements engine#NO-CACHE-READS-NO-CACHE
  const cacheDir = options.cache ? projectCacheDir(config.root, io.env) : undefined;
  // The run's own scanner and sink: nothing is installed where another run (an MCP call, the editor) would share it.
  const warnings: ScanWarningEntry[] = [];
  const warn: ScanWarning = (file, message) => {
    warnings.push({ file, message });
    options.onScanWarning?.(file, message);
  };
  const scanner = new FileScanner({ warn });
  // Opened before the specs load, so a helper thread stats last run's files meanwhile (a full run only).
  // A partial run (`check --changed`) reads the scan cache and leaves it as it was for the next full run.
  // @implements engine#PARTIAL-RUN-KEEPS-CACHE
  // @implements engine#STATS-ON-A-HELPER
  const cache = await timed(timings, 'cache open', async () =>
    cacheDir !== undefined
      ? openScanCache(config.root, cacheDir, (line) => io.stderr.write(line), {
          readOnly: partial,
          // The scan pool's switch (FACTLINE_SCAN_POOL) turns this helper off, or on whatever the size, too.
          statHelper: partial ? 'off' : poolMode(io.env),
        })
      : undefined,
  );
  // Whole-tree gates only: a partial run (`check --changed`) sees too little to judge orphans or the map.
  // Begun beside the listing: a scan worker hears the gated Rust files it scans (vibevm#ITEMS-LEXED-ONCE).
  const vibevmGates = partial
    ? undefined
    : startVibevmGates(config, cacheDir, (line) => io.stderr.write(line));
  // Awaited later, wherever the run goes first; a failure surfaces there, not as an unheard rejection.
  vibevmGates?.catch(() => {});
  const early = await timed(timings, 'glob', () =>
    startPoolWhileListing(io, config, {
      cache: cacheDir !== undefined,
      cacheEmpty: cache?.empty === true,
      partial,
      warn,
      ...(vibevmGates && hasVibevmGates(config)
        ? {
            // A gates start that fails gives the worker nothing to hear; the failure itself stops the run
            // where the gates are awaited (this derived promise is not always awaited, so it never rejects).
            items: vibevmGates.then(
              (gates) => (gates ? { modules: gates.modules, heard: gates.heardOnWorker } : undefined),
              () => undefined,
            ),
          }
        : {}),
    }),
  );
  try {
    return {
      ...(await gateWith(
        project,
        { ...options, cache: cacheDir !== undefined },
        early,
        cache,
        scanner,
        timings,
        cacheDir,
        vibevmGates,
      )),
      warnings,
    };
  } finally {
    early.pool?.close();
    early.readAhead?.close();
  }
}

async function gateWith(
  project: Project,
  options: GateOptions,
  early: EarlyPool,
  cache: ScanCache | undefined,
  scanner: FileScanner,
  timings: Record<string, number>,
  cacheDir: string | undefined,
  gatesStarted: Promise<VibevmGatesRun | undefined> | undefined,
): Promise<Omit<GateRun, 'warnings'>> {
  const { io, config } = project;
  const specs = await timed(timings, 'specs', async () => {
    const specCache =
      cacheDir !== undefined ? openSpecCache(cacheDir, (line) => io.stderr.write(line)) : undefined;
    // Without the spec cache, a scan worker that is running reads specs too once its scan is done.
    const loaded = await project.specs(
      specCache ? cachedParser(specCache) : undefined,
      specCache ? undefined : early.pool?.shareSpecs,
    );
    specCache?.save();
    return loaded;
  });
  const files = await timed(
    timings,
    'glob',
    async () =>
      (options.only ? await options.only(specs) : undefined) ?? (await (early.listed ?? project.files())),
  );
  const chosen = chooseBackend(config.root, cache, early, scanner);
  const backend = options.wrapBackend ? options.wrapBackend(chosen) : chosen;
  const results = await readResults(
    config,
    options.results ?? config.results,
    options.readInput,
    options.resultsWrittenAt,
  );
  const vibevmGates = await timed(timings, 'vibevm gates', async () => gatesStarted);
  // The gates read each gated file's items from the tokens the scan makes, so a file is lexed once.
  if (vibevmGates) scanner.rustListener = vibevmGates.hear;
  const start = performance.now();
  let scanning = 0;
  let drift = 0;
  const traced = await traceFiles({
    specs: specs.set,
    files,
    backend: {
      read: backend.read,
      scanFiles: async (names) => {
        const t = performance.now();
        const outcomes = await backend.scanFiles(names);
        scanning += performance.now() - t;
        return outcomes;
      },
    },
    ...(options.only
      ? {}
      : {
          extraFindings: async () => {
            const t = performance.now();
            const found = [
              ...(await driftFindings(config)),
              ...(await staleExcludes(config)),
              ...(await xmlSpecFindings(config)),
            ];
            drift += performance.now() - t;
            return found;
          },
        }),
    strict: options.strict ?? config.strict,
    policy: policyOf(config),
    addressing: addressingOf(config),
    ...attributesOf(config),
    ...(vibevmGates
      ? {
          vibevmGates: () =>
            timed(timings, 'vibevm gates', async () => vibevmGates.inputs(cache?.contentHash)),
        }
      : {}),
    searched: searchedOf(config),
    ...(results === undefined ? {} : { results }),
    ...(config.static?.unconfirmed === 'warning' ? { staticUnconfirmed: 'warning' as const } : {}),
  });
  const result = applyRuleSettings(unitRuleFindings(traced, config.rules), config.rules);
  timings['read+scan'] = (timings['read+scan'] ?? 0) + scanning;
  timings.drift = (timings.drift ?? 0) + drift;
  timings.trace = (timings.trace ?? 0) + (performance.now() - start - scanning - drift);
  adviseGeneratedStale(
    result.findings,
    generatedSetupOf(config),
    (file) => readHeader(readGateFile(config.root, file) ?? '')?.template,
  );
  await timed(timings, 'cache save', async () => {
    if (early.fillsCache && cache && early.pool)
      for (const [file, record] of early.pool.records()) cache.fill(file, record, early.since ?? 0);
    cache?.save();
    vibevmGates?.save();
  });
  return { result, specs, ...(early.pool ? { pool: { helped: early.pool.helped() } } : {}) };
}

/**
 * The backend for this run: the worker's while it helps (an uncached run, or
 * the first cached one), the cache's on a cached run, else the plain one.
 */
// @implements engine#BACKENDS-GIVE-ONE-TRACE
function chooseBackend(
  root: string,
  cache: ScanCache | undefined,
  early: EarlyPool,
  scanner: FileScanner,
): ScanBackend {
  const read = (file: string) => readGateFile(root, file);
  const pool = early.pool;
  if (pool && !cache) return pooledBackend(pool, read, (file) => readAndScan(read, scanner, file));
  if (pool && cache) {
    // Filling an empty cache with the worker's help: this thread stats each file it reads itself, before the read.
    const readWithStat = (file: string) => {
      cache.statBeforeRead(file);
      return read(file);
    };
    return pooledBackend(pool, readWithStat, (file) =>
      readAndScan(readWithStat, scanner, file, (name, text) => cache.scan(name, text, scanner)),
    );
  }
  if (cache) return cachedBackend(root, cache, scanner);
  return sequentialBackend(root, scanner, early.readAhead);
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
