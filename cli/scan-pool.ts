/**
 * Reading and scanning the gate's files, spread over worker threads when the
 * tree is large enough to pay for them. The main thread takes chunks from the
 * same queue as the workers, so a worker that is still starting up (loading
 * the TypeScript scanner costs ~0.5 s) delays nothing; it joins when ready.
 * Outcomes do not depend on which thread scanned a file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ScannedCitation, scanFile } from '../checks/scan/index.ts';

export interface ScanJob {
  file: string;
  inTest: boolean;
  /** Hash the text (for the content cache); with `known`, skip the scan when it matches. */
  hash: boolean;
  known?: string;
}

export type ScanOutcome =
  | { file: string; inTest: boolean; kind: 'gone' }
  | { file: string; inTest: boolean; kind: 'unchanged'; hash: string }
  | { file: string; inTest: boolean; kind: 'scanned'; hash?: string; citations: ScannedCitation[] };

export interface ChunkRequest {
  id: number;
  jobs: ScanJob[];
}

export interface ChunkResult {
  id: number;
  outcomes: ScanOutcome[];
  readMs: number;
}

/** Reads and scans one file; the same code runs in the main thread and in the workers. */
export function scanJob(root: string, job: ScanJob, stats: { readMs: number }): ScanOutcome {
  const r0 = performance.now();
  let text: string;
  try {
    text = readFileSync(resolve(root, job.file), 'utf8');
  } catch {
    // Vanished between glob and read (or unreadable): nothing to cite.
    return { file: job.file, inTest: job.inTest, kind: 'gone' };
  }
  stats.readMs += performance.now() - r0;
  if (!job.hash)
    return { file: job.file, inTest: job.inTest, kind: 'scanned', citations: scanFile(job.file, text) };
  const hash = createHash('sha1').update(text).digest('base64');
  if (hash === job.known) return { file: job.file, inTest: job.inTest, kind: 'unchanged', hash };
  return { file: job.file, inTest: job.inTest, kind: 'scanned', hash, citations: scanFile(job.file, text) };
}

/**
 * Workers to start by default: none. Measured on the 2-core bench machine
 * (bench/check, 20,000 files), a worker's start-up (tsx plus the TypeScript
 * scanner, ~0.5 s of CPU) and the copying of results cost about what it
 * saves when idle, and double the scan when other processes load the cores.
 * Callers with spare cores opt in with `GateOptions.workers`.
 */
export function defaultWorkers(_files: number): number {
  return 0;
}

/**
 * The worker entry is a tiny ES module that registers tsx's loader in its own
 * thread (workers inherit neither `--import tsx` nor `register()`), then loads
 * scan-worker.ts. Absolute URLs, so it runs from any working directory.
 */
function workerBootstrap(): URL {
  const require = createRequire(import.meta.url);
  // The ESM build of the API: the CommonJS one (what `require` resolves) fails to register in a worker.
  const tsxApi = pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./scan-worker.ts', import.meta.url).href;
  const code = `const { register } = await import(${JSON.stringify(tsxApi)});\nregister();\nawait import(${JSON.stringify(entry)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

const CHUNK = 200;

export interface ScanPool {
  /** Scans every job; outcomes in job order. */
  run(jobs: ScanJob[]): Promise<{ outcomes: ScanOutcome[]; readMs: number }>;
  /** Stops the workers without running (e.g. when the specs failed to load). */
  close(): void;
}

/**
 * Starts `workers` threads right away (call it before other start-up work so
 * their loading overlaps it). With 0 workers everything runs in this thread.
 */
export function startScanPool(root: string, workers: number): ScanPool {
  const threads: Thread[] = [];
  if (workers > 0) {
    const url = workerBootstrap();
    for (let i = 0; i < workers; i++) {
      const worker = new Worker(url, { workerData: { root }, execArgv: [], stdout: false, stderr: false });
      const thread: Thread = { worker, ready: false, dead: false };
      // Listen from the start: "ready" may come before run(), and a worker
      // that fails to start must not crash the process (this thread scans instead).
      worker.on('message', (message: ChunkResult | 'ready') => {
        if (message === 'ready') thread.ready = true;
        thread.onMessage?.(message);
      });
      worker.on('error', () => {
        thread.dead = true;
        thread.onError?.();
      });
      threads.push(thread);
    }
  }
  return {
    run: (jobs) => runPool(root, jobs, threads),
    close: () => {
      for (const thread of threads) void thread.worker.terminate();
    },
  };
}

interface Thread {
  worker: Worker;
  ready: boolean;
  dead: boolean;
  onMessage?: (message: ChunkResult | 'ready') => void;
  onError?: () => void;
}

async function runPool(
  root: string,
  jobs: ScanJob[],
  threads: Thread[],
): Promise<{ outcomes: ScanOutcome[]; readMs: number }> {
  const outcomes: ScanOutcome[] = new Array(jobs.length);
  const stats = { readMs: 0 };
  const chunks: ChunkRequest[] = [];
  for (let i = 0; i < jobs.length; i += CHUNK) chunks.push({ id: i, jobs: jobs.slice(i, i + CHUNK) });
  let next = 0;
  let inFlight = 0;
  let wake: (() => void) | undefined;
  const settle = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const store = (result: ChunkResult) => {
    for (let k = 0; k < result.outcomes.length; k++) outcomes[result.id + k] = result.outcomes[k]!;
    stats.readMs += result.readMs;
  };
  for (const thread of threads) {
    let current: ChunkRequest | undefined;
    const feed = () => {
      current = next < chunks.length ? chunks[next++] : undefined;
      if (current) {
        inFlight++;
        thread.worker.postMessage(current);
      }
    };
    thread.onMessage = (message) => {
      if (message !== 'ready') {
        store(message);
        current = undefined;
        inFlight--;
        settle();
      }
      feed();
    };
    // A worker that cannot start or dies: its chunk is scanned here instead.
    thread.onError = () => {
      if (current) {
        inFlight--;
        const lost = current;
        current = undefined;
        store({ id: lost.id, outcomes: lost.jobs.map((job) => scanJob(root, job, stats)), readMs: 0 });
      }
      settle();
    };
    if (thread.ready && !thread.dead) feed();
  }
  try {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const result: ChunkResult = { id: chunk.id, outcomes: [], readMs: 0 };
      for (const job of chunk.jobs) result.outcomes.push(scanJob(root, job, result));
      store(result);
      // Let worker messages (results, "ready") in between chunks.
      if (threads.length > 0) await new Promise<void>((r) => setImmediate(r));
    }
    while (inFlight > 0) await new Promise<void>((r) => (wake = r));
  } finally {
    for (const thread of threads) void thread.worker.terminate();
  }
  return { outcomes, readMs: stats.readMs };
}
