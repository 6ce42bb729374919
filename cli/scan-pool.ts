/**
 * The gate's second core: one worker thread that reads and scans a share of
 * the files of a large uncached run. It is started before the specs load, so
 * it loads the scanners while the main thread parses Markdown; then both
 * threads claim chunks of the same file list from a shared counter (whoever
 * is free takes the next), and the worker posts each chunk's citations back.
 * Off unless asked for (FACTLINE_SCAN_POOL): on the shared two-core machine
 * it was measured on (bench/check.ts), it lost more often than it won; with
 * `auto` it starts past POOL_MIN_FILES on more than one core.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScanOutcome, SharedScan } from '../checks/gate.ts';
import type { ScannedCitation } from '../checks/scan/types.ts';
import { UsageError } from './io.ts';

/** Unset or `off`: never; `auto`: past POOL_MIN_FILES on more than one core; `always`: whatever the size and the cores (tests, benchmarks). */
export const POOL_ENV = 'FACTLINE_SCAN_POOL';

/**
 * The fewest files to read and scan for `auto`. Below 20,000 no run of the
 * benchmark's tree showed a gain: the worker's start-up (a second copy of the
 * TypeScript scanner) and the copy of its citations back cost more than its
 * share saves; at 20,000 the best runs were 0.75-0.85x the single thread's.
 */
export const POOL_MIN_FILES = 20_000;

/** Files per claim: small enough that both threads finish close together, large enough that a claim costs nothing. */
export const POOL_CHUNK = 64;

/** What the main thread sends the worker, once. */
export interface PoolJob {
  root: string;
  files: string[];
  /** One Int32: the index of the next unclaimed file, shared by both threads. */
  counter: SharedArrayBuffer;
  chunk: number;
}

/** What the worker posts: one chunk's citations (null: the file vanished), a failure ending it, or that it stopped. */
export type PoolReport =
  | { start: number; found: (ScannedCitation[] | null)[]; failure?: { message: string; usage: boolean } }
  | { done: true };

export type PoolMode = 'off' | 'auto' | 'always';

/** The mode FACTLINE_SCAN_POOL asks for; any other value is a usage error, on every run. */
export function poolMode(env: NodeJS.ProcessEnv): PoolMode {
  const mode = env[POOL_ENV];
  if (mode === undefined || mode === '') return 'off';
  if (mode === 'off' || mode === 'auto' || mode === 'always') return mode;
  throw new UsageError(`${POOL_ENV}=${mode} is not a mode; use off, auto or always (or leave it unset: off)`);
}

// @implements speed-pool#ONLY-WHEN-IT-PAYS
export function poolWanted(mode: PoolMode, files: number, cores: number = availableParallelism()): boolean {
  if (mode === 'always') return true;
  return mode === 'auto' && cores > 1 && files >= POOL_MIN_FILES;
}

export interface ScanPool {
  /**
   * The shared scan of these files: the one the worker started on when they
   * are the files it was started with, else undefined (the caller scans alone).
   */
  share(files: readonly string[]): SharedScan | undefined;
  /** How many files the worker read and scanned. */
  helped(): number;
  /** Stops the worker (it holds the process open otherwise). */
  close(): void;
}

/**
 * The worker's entry: the compiled one beside the compiled CLI, else the
 * sources through their own tsx loader (a stale build never runs, as for the CLI).
 */
// @implements speed-pool#WORKER-ENTRY-BUILT
export function workerEntry(): URL {
  return import.meta.url.endsWith('.js')
    ? new URL('./cli-scan-worker.js', import.meta.url)
    : new URL('../bin/scan-worker-source.js', import.meta.url);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((file, i) => file === b[i]);

/**
 * Starts the worker on `files` at once: it loads the scanners and starts
 * claiming chunks while the main thread is still loading the specs; the main
 * thread joins through `share` once it gets to the scan.
 */
// @implements speed-pool#EARLY-WORKER
export function startScanPool(root: string, files: readonly string[], entry: URL = workerEntry()): ScanPool {
  const worker = new Worker(entry);
  const outcomes = new Map<number, ScanOutcome>();
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  // @implements speed-pool#SAME-ERRORS
  worker.on('message', (report: PoolReport) => {
    if ('done' in report) return stop();
    for (let i = 0; i < report.found.length; i++)
      outcomes.set(report.start + i, report.found[i] ?? undefined);
    const failure = report.failure;
    if (failure)
      outcomes.set(
        report.start + report.found.length,
        failure.usage ? new UsageError(failure.message) : new Error(failure.message),
      );
  });
  // A worker that dies leaves its unreported files to the main thread (checks/gate.ts).
  worker.on('error', () => stop());
  worker.on('exit', () => stop());
  const counter = new SharedArrayBuffer(4);
  const next = new Int32Array(counter);
  const job: PoolJob = { root, files: [...files], counter, chunk: POOL_CHUNK };
  worker.postMessage(job);
  const shared: SharedScan = {
    claim() {
      const start = Atomics.add(next, 0, POOL_CHUNK);
      return start < files.length ? { start, end: Math.min(start + POOL_CHUNK, files.length) } : undefined;
    },
    done: async () => {
      await stopped;
      return outcomes;
    },
  };
  return {
    share: (asked) => (sameList(asked, job.files) ? shared : undefined),
    helped: () => outcomes.size,
    close: () => void worker.terminate(),
  };
}
