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

/**
 * The helper's source. Besides the parts it sends each stat's cache key,
 * made as cli/cache-file.ts statKey makes it, so the main thread builds no
 * 20,000 number-to-text conversions (test/speed/warm-process.test.ts holds
 * the two to the same text).
 */
const HELPER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const { base, paths } = workerData;
const parts = new Float64Array(paths.length * ${FIELDS});
const keys = new Array(paths.length).fill('');
for (let i = 0; i < paths.length; i++) {
  try {
    const st = statSync(base + paths[i], { throwIfNoEntry: false });
    if (st === undefined) continue;
    const at = i * ${FIELDS};
    parts[at] = st.size;
    parts[at + 1] = st.mtimeMs;
    parts[at + 2] = st.ctimeMs;
    parts[at + 3] = st.ino;
    keys[i] = st.size + ':' + st.mtimeMs + ':' + st.ctimeMs + ':' + st.ino;
  } catch {}
}
parentPort.postMessage({ keys, parts }, [parts.buffer]);
`;

/** The stats the helper took, by path; a path it could not stat has none. */
export interface PrefetchedStats {
  /** The stat's cache key (cli/cache-file.ts statKey), or undefined. */
  key(path: string): string | undefined;
  /** The stat's parts, or undefined. */
  parts(path: string): StatParts | undefined;
}

const NONE: PrefetchedStats = { key: () => undefined, parts: () => undefined };

/** A helper at work: `wait` resolves to what it found, or to nothing when it failed. */
export interface StatPrefetch {
  wait(): Promise<PrefetchedStats>;
}

/**
 * Starts statting `base + path` for every path on a helper thread. The
 * helper does not hold the process open (a run that fails before it needs
 * the stats exits at once) until `wait` is called.
 */
export function prefetchStats(base: string, paths: readonly string[]): StatPrefetch {
  let worker: Worker | undefined;
  const found = new Promise<PrefetchedStats>((done) => {
    try {
      // No flags of this process (a loader, an --input-type): the helper is plain CommonJS.
      worker = new Worker(HELPER_SOURCE, { eval: true, execArgv: [], workerData: { base, paths } });
    } catch {
      done(NONE);
      return;
    }
    worker.unref();
    worker.once('message', ({ keys, parts }: { keys: string[]; parts: Float64Array }) => {
      const index = new Map<string, number>();
      for (let i = 0; i < paths.length; i++) if (keys[i] !== '') index.set(paths[i]!, i);
      done({
        key: (path) => {
          const i = index.get(path);
          return i === undefined ? undefined : keys[i];
        },
        parts: (path) => {
          const i = index.get(path);
          if (i === undefined) return undefined;
          const at = i * FIELDS;
          return { size: parts[at]!, mtimeMs: parts[at + 1]!, ctimeMs: parts[at + 2]!, ino: parts[at + 3]! };
        },
      });
    });
    worker.once('error', () => done(NONE));
    worker.once('exit', () => done(NONE));
  });
  return {
    wait() {
      // Awaited now: an unref'd helper would let the process end with its answer still pending.
      worker?.ref();
      return found;
    },
  };
}
