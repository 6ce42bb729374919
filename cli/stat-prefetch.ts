/**
 * The stats of a warm run, taken on another thread. A warm check stats every
 * listed file (cli/gate-cache.ts); at 20,000 files that is the largest single
 * cost left, and it needs nothing from the main thread but the paths. The
 * scan cache's keys (last run's files) are known as soon as the cache file is
 * read, so a helper thread stats them while the main thread loads the specs
 * and lists the tree.
 *
 * The helper is a worker of a few lines given as source (no module to find,
 * so the same from the TypeScript sources and the compiled CLI). A path it
 * could not stat (gone, or an error) is left to the caller, which stats it
 * itself as it would without a helper, so a failure surfaces the same way.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The parts of a stat the cache keys on (cli/cache-file.ts statKey). */
export interface StatParts {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/**
 * Below this many files the thread's start (~20 ms of another core) costs
 * more than statting on the main thread (~6 µs a file) saves.
 */
// @implements speed-warm#STATS-ON-A-HELPER
export const STAT_HELPER_MIN_FILES = 4_000;

/** When to use a helper: `auto` where it pays, `always` whatever the size (tests), `off` never. */
export type StatHelperMode = 'auto' | 'always' | 'off';

/** Whether a helper is wanted for `files` paths on this machine. */
export function statHelperWanted(
  mode: StatHelperMode,
  files: number,
  cores: number = availableParallelism(),
): boolean {
  if (mode === 'always') return files > 0;
  return mode === 'auto' && cores > 1 && files >= STAT_HELPER_MIN_FILES;
}

const FIELDS = 4;

const HELPER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const { base, paths } = workerData;
const out = new Float64Array(paths.length * ${FIELDS}).fill(-1);
for (let i = 0; i < paths.length; i++) {
  try {
    const st = statSync(base + paths[i], { throwIfNoEntry: false });
    if (st === undefined) continue;
    const at = i * ${FIELDS};
    out[at] = st.size;
    out[at + 1] = st.mtimeMs;
    out[at + 2] = st.ctimeMs;
    out[at + 3] = st.ino;
  } catch {}
}
parentPort.postMessage(out, [out.buffer]);
`;

/**
 * Starts statting `base + path` for every path; resolves to each path's stat
 * parts (paths it could not stat left out), or to an empty map when the
 * helper failed (the caller then stats everything itself).
 */
export function prefetchStats(base: string, paths: readonly string[]): Promise<Map<string, StatParts>> {
  return new Promise((done) => {
    const found = new Map<string, StatParts>();
    let worker: Worker;
    try {
      worker = new Worker(HELPER_SOURCE, { eval: true, workerData: { base, paths } });
    } catch {
      done(found);
      return;
    }
    // It must never keep the process alive, nor outlive the answer.
    worker.unref();
    worker.once('message', (out: Float64Array) => {
      for (let i = 0; i < paths.length; i++) {
        const at = i * FIELDS;
        if (out[at]! < 0) continue;
        found.set(paths[i]!, {
          size: out[at]!,
          mtimeMs: out[at + 1]!,
          ctimeMs: out[at + 2]!,
          ino: out[at + 3]!,
        });
      }
      done(found);
    });
    worker.once('error', () => done(found));
    worker.once('exit', () => done(found));
  });
}
