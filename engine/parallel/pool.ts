/**
 * The gate's second core: one worker thread that reads and scans a share of
 * the files of a large uncached run. It is started before the specs load, so
 * it scans while the main thread loads the specs; then both claim chunks
 * from a shared counter until none is left, and the worker posts each
 * chunk's citations back.
 * Started past POOL_MIN_FILES files on at least POOL_MIN_CORES cores
 * (measured by bench/check.ts; FACTLINE_SCAN_POOL switches it).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScanOutcome } from '../../checks/gate.ts';
import type { RustItems } from '../../checks/scan/rust-items.ts';
import type { ScanWarning } from '../../checks/scan/typescript.ts';
import type { SpecDocument } from '../../reader/model.ts';
import type { StatParts } from '../cache/stat-prefetch.ts';
import { UsageError } from '../errors.ts';
import { type FileRecords, type PackedChunk, STAT_FIELDS, unpackChunk } from './transfer.ts';

/** `off`: never; unset or `auto`: past POOL_MIN_FILES on POOL_MIN_CORES cores or more; `always`: whatever the size and the cores (tests, benchmarks). */
export const POOL_ENV = 'FACTLINE_SCAN_POOL';

/**
 * The fewest listed files for `auto`: below it the worker's start costs about
 * what its share of the scan saves (the pool rows of bench/check.ts; the
 * figures it was chosen by are in specs/speed-pool.md).
 */
export const POOL_MIN_FILES = 100;

/**
 * The fewest cores for `auto`. On two, the worker no longer pays since the
 * skim made each file's scan cheap: it boots, warms its own JIT and shares
 * the second core with the main thread's compiler and collector, and a
 * cold run was slower with it (specs/speed-pool.md has the figures).
 */
export const POOL_MIN_CORES = 3;

/** Files per claim and per message back: the main thread decodes one while the worker scans the next. */
export const POOL_CHUNK = 64;

/** What the main thread sends the worker, once. */
export interface PoolJob {
  root: string;
  files: string[];
  /** One Int32: the index of the next unclaimed file, shared by both threads. */
  counter: SharedArrayBuffer;
  chunk: number;
  /** Whether the run fills the scan cache: then each file's stat, hash and entry text come back too. */
  record?: boolean;
  /**
   * Under the vibevm profile, each gated Rust file and its module path: the
   * worker then sends back what the gates read of each Rust file it scans,
   * from the tokens its scan made (checks/scan/rust-items.ts heardItems;
   * engine#WORKER-READS-GATE-ITEMS).
   */
  gated?: [string, string][];
}

/** What the worker posts: one chunk's citations, packed (scan-transfer.ts), with a failure ending it, or that it stopped. */
export type PoolReport =
  | {
      start: number;
      found: PackedChunk;
      failure?: { message: string; usage: boolean };
      /** What the worker's scanner warned of in this chunk, [file, message] each: the run's sink hears it. */
      warnings?: [string, string][];
      /** What the vibevm gates read of the chunk's Rust files (PoolJob `gated`), [index in the chunk, items] each. */
      items?: [number, RustItems][];
    }
  | { done: true };

/** A spec file the worker may read and parse: where it is, the path it is shown by, its document name. */
export interface SpecFile {
  absolute: string;
  file: string;
  doc: string;
}

/** What the main thread sends the worker once its spec list is known (engine/specs.ts). */
export interface SpecJob {
  specs: SpecFile[];
  /** One Int32: the index of the next unclaimed spec, shared by both threads. */
  counter: SharedArrayBuffer;
}

/** A spec the worker read and parsed (its text and document, as data), or left to the main thread (`redo`), or that it is done. */
export type SpecReport =
  | { spec: number; text: string; document: SpecDocument }
  | { spec: number; redo: true }
  | { specsDone: true };

/**
 * The spec files shared with the worker: both threads claim them in
 * increasing order from one counter, the main thread from the start, the
 * worker once its scan is done.
 */
export interface SharedSpecs {
  /** The next unclaimed spec's index for this thread; undefined once all are claimed. */
  claim(): number | undefined;
  /**
   * Once the worker stopped reading specs: what it read, by index, its text
   * and document, or 'redo' for one it could not read or parse (the main
   * thread reads it, so a failure is the one without the worker). An index it
   * claimed but did not report (it died) is absent.
   */
  done(): Promise<Map<number, { text: string; document: SpecDocument } | 'redo'>>;
}

export type PoolMode = 'off' | 'auto' | 'always';

/**
 * A share of the files scanned by the worker. Both sides claim chunks of the
 * same index range in increasing order, so whoever is free takes the next.
 */
export interface SharedScan {
  /** The next unclaimed chunk [start, end) for this thread; undefined once all are claimed. */
  claim(): { start: number; end: number } | undefined;
  /**
   * Awaited after each chunk this thread scanned: lets the worker's reports
   * in while it still scans, instead of all at once when this thread is done.
   */
  between?(): Promise<void>;
  /**
   * The worker's outcomes once it stopped, by index: citations, undefined for
   * a file that vanished, or the error reading or scanning it threw. An index
   * it claimed but did not report (it died) is scanned here afterwards.
   */
  done(): Promise<Map<number, ScanOutcome>>;
}

/** The mode FACTLINE_SCAN_POOL asks for; any other value is a usage error, on every run. */
export function poolMode(env: NodeJS.ProcessEnv): PoolMode {
  const mode = env[POOL_ENV];
  if (mode === undefined || mode === '') return 'auto';
  if (mode === 'off' || mode === 'auto' || mode === 'always') return mode;
  throw new UsageError(`${POOL_ENV}=${mode} is not a mode; use off, auto or always (unset: auto)`);
}

// @implements engine#ONLY-WHEN-IT-PAYS
export function poolWanted(mode: PoolMode, files: number, cores: number = availableParallelism()): boolean {
  if (mode === 'always') return true;
  return mode === 'auto' && cores >= POOL_MIN_CORES && files >= POOL_MIN_FILES;
}

export interface ScanPool {
  /**
   * The shared scan of these files: the one the worker started on when they
   * are the files it was started with, else undefined (the caller scans alone).
   */
  sharedScanOf(files: readonly string[]): SharedScan | undefined;
  /** How many files the worker read and scanned. */
  helped(): number;
  /**
   * What a cache-filling pool (`start(…, { record: true })`) learned of each
   * file the worker read, by file; empty otherwise.
   */
  records(): ReadonlyMap<string, FileRecord>;
  /** Shares the reading of these spec files with the worker (engine#SPECS-SHARED-WITH-THE-WORKER); once per pool. */
  shareSpecs(specs: SpecFile[]): SharedSpecs;
  /** Stops the worker (it holds the process open otherwise). */
  close(): void;
}

/**
 * The worker's entry: the compiled one beside the compiled CLI, else the
 * sources through their own tsx loader (a stale build never runs, as for the CLI).
 */
// @implements engine#WORKER-ENTRY-BUILT
export function workerEntry(): URL {
  return import.meta.url.endsWith('.js')
    ? new URL('./cli-scan-worker.js', import.meta.url)
    : new URL('./worker-source.js', import.meta.url);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((file, i) => file === b[i]);

/** What the scan cache needs of one file the worker read: the stat taken before the read, the content hash, the entry text. */
export interface FileRecord {
  stat: StatParts | undefined;
  contentHash: string;
  value: string;
}

/** A worker thread started before the file list is known: it loads the scanners and waits for its files. */
export interface BootingWorker {
  /** Hands the worker its files: from here on it is the scan pool of `start`. */
  start(root: string, files: readonly string[], options?: PoolOptions): ScanPool;
  /** Stops a worker that gets no files (the tree proved too small). */
  cancel(): void;
}

/**
 * Starts the worker thread now, before its files are known: its start-up
 * (loading the scanners) overlaps the rest of the listing on the main thread.
 */
// @implements engine#WORKER-BOOTS-DURING-THE-LISTING
export function bootScanWorker(entry: URL = workerEntry()): BootingWorker {
  const worker = new Worker(entry);
  return {
    start: (root, files, options = {}) => poolOn(worker, root, files, options),
    cancel: () => void worker.terminate(),
  };
}

/**
 * Starts the worker on `files` at once: it loads the scanners and starts
 * claiming chunks while the main thread is still loading the specs; the main
 * thread joins through `sharedScanOf` once it gets to the scan.
 */
// @implements engine#EARLY-WORKER
export function startScanPool(
  root: string,
  files: readonly string[],
  entry: URL = workerEntry(),
  options: PoolOptions = {},
): ScanPool {
  return bootScanWorker(entry).start(root, files, options);
}

/**
 * `record`: the worker sends what the scan cache stores of each file; `warn`:
 * hears the worker's scan warnings; `items`: the vibevm gates' gated files
 * and the ear for what the worker read of each Rust file it scanned (with
 * the content hash of its text when the run fills the cache).
 */
export interface PoolOptions {
  record?: boolean;
  warn?: ScanWarning | undefined;
  items?: {
    modules: ReadonlyMap<string, string>;
    heard: (file: string, items: RustItems, contentHash?: string) => void;
  };
}

function poolOn(worker: Worker, root: string, files: readonly string[], options: PoolOptions): ScanPool {
  const record = options.record === true;
  const outcomes = new Map<number, ScanOutcome>();
  const records = new Map<string, FileRecord>();
  const list = [...files];
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const specsRead = new Map<number, { text: string; document: SpecDocument } | 'redo'>();
  let specsStop: () => void = () => {};
  const specsStopped = new Promise<void>((resolve) => {
    specsStop = resolve;
  });
  // @implements engine#SAME-ERRORS
  worker.on('message', (report: PoolReport | SpecReport) => {
    if ('specsDone' in report) return specsStop();
    if ('spec' in report) {
      specsRead.set(
        report.spec,
        'redo' in report ? 'redo' : { text: report.text, document: report.document },
      );
      return;
    }
    if ('done' in report) return stop();
    const found = unpackChunk(report.found);
    for (let i = 0; i < found.length; i++) outcomes.set(report.start + i, found[i] ?? undefined);
    const learned = report.found.records;
    if (learned)
      for (let i = 0; i < found.length; i++)
        if (found[i]) records.set(list[report.start + i]!, recordAt(learned, i));
    for (const [file, message] of report.warnings ?? []) options.warn?.(file, message);
    // @implements engine#WORKER-READS-GATE-ITEMS
    for (const [i, items] of report.items ?? [])
      options.items?.heard(list[report.start + i]!, items, learned?.hashes[i]);
    const failure = report.failure;
    if (failure)
      outcomes.set(
        report.start + found.length,
        failure.usage ? new UsageError(failure.message) : new Error(failure.message),
      );
  });
  // A worker that dies leaves its unreported files to the main thread (checks/gate.ts), and its specs (engine/specs.ts).
  const died = () => {
    stop();
    specsStop();
  };
  worker.on('error', died);
  worker.on('exit', died);
  const counter = new SharedArrayBuffer(4);
  const job: PoolJob = {
    root,
    files: list,
    counter,
    chunk: POOL_CHUNK,
    record,
    ...(options.items ? { gated: [...options.items.modules] } : {}),
  };
  worker.postMessage(job);
  const next = new Int32Array(counter);
  const shared: SharedScan = {
    // @implements engine#BOTH-THREADS-SCAN
    // Once the specs are loaded the main thread claims chunks too: the scan
    // needs no TypeScript (checks/scan/ts-lexer.ts), so joining costs it nothing to load.
    claim: () => {
      const start = Atomics.add(next, 0, POOL_CHUNK);
      if (start >= job.files.length) return undefined;
      return { start, end: Math.min(start + POOL_CHUNK, job.files.length) };
    },
    // A macrotask turn: the worker's queued messages are decoded now, while it still scans.
    between: () => new Promise<void>((resolve) => setImmediate(resolve)),
    done: async () => {
      await stopped;
      return outcomes;
    },
  };
  return {
    sharedScanOf: (asked) => (sameList(asked, job.files) ? shared : undefined),
    helped: () => outcomes.size,
    records: () => records,
    // @implements engine#SPECS-SHARED-WITH-THE-WORKER
    shareSpecs: (specs) => {
      const counter = new SharedArrayBuffer(4);
      const specJob: SpecJob = { specs, counter };
      worker.postMessage(specJob);
      const nextSpec = new Int32Array(counter);
      return {
        claim: () => {
          const k = Atomics.add(nextSpec, 0, 1);
          return k < specs.length ? k : undefined;
        },
        done: async () => {
          await specsStopped;
          return specsRead;
        },
      };
    },
    close: () => void worker.terminate(),
  };
}

function recordAt(records: FileRecords, i: number): FileRecord {
  const at = i * STAT_FIELDS;
  const size = records.stats[at]!;
  const stat = Number.isNaN(size)
    ? undefined
    : {
        size,
        mtimeMs: records.stats[at + 1]!,
        ctimeMs: records.stats[at + 2]!,
        ino: records.stats[at + 3]!,
        mode: records.stats[at + 4]!,
        dev: records.stats[at + 5]!,
      };
  return { stat, contentHash: records.hashes[i]!, value: records.values[i]! };
}
