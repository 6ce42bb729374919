/**
 * The stats of a warm run, taken on another thread. A warm check stats every
 * listed file (scan-cache.ts), and needs nothing from the main thread for it
 * but the paths, which the scan cache's keys give as soon as it is read; so a
 * helper thread stats them while the main thread loads specs and lists the
 * tree. The helper is a worker given as source (the same from the sources and
 * the compiled CLI); a path it could not stat is left to the caller, which
 * stats it itself, so a failure surfaces as it would without a helper.
 */

import { type MessagePort, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import { type HelperMode, helperWanted, startHelperThread } from '../parallel/helper-thread.ts';

/**
 * The parts of a stat the cache keys on (engine/cache/cache-file.ts statKey),
 * with the type and mode and the device a stored whole result states each
 * input by (engine/cache/result-format.ts statState).
 */
export interface StatParts {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  mode: number;
  dev: number;
}

/**
 * Below this many files the thread's start costs more than statting on the
 * main thread saves (figures in specs/speed-warm.md).
 */
// @implements engine#STATS-ON-A-HELPER
export const STAT_HELPER_MIN_FILES = 4_000;

export type StatHelperMode = HelperMode;

/** Whether a helper is wanted for `files` paths on this machine. */
export function statHelperWanted(mode: StatHelperMode, files: number, cores?: number): boolean {
  return helperWanted(mode, files, STAT_HELPER_MIN_FILES, cores);
}

const FIELDS = 6;
/** Stats per message from the helper: small enough that the main thread rarely waits for one, large enough to cost little to post. */
const BATCH = 512;

/**
 * The helper's source. It stats from the end of the list towards its start
 * while the main thread, through `take`, goes from the start: the two meet
 * in the middle. Before each batch it reads how far the main thread has
 * claimed and stops there, so no file is statted twice but at the meeting
 * point. Besides the parts it sends each stat's cache key, made as
 * engine/cache/cache-file.ts statKey makes it, so the main thread builds no
 * number-to-text conversions (test/system/speed/warm-process.test.ts holds the two
 * to the same text).
 */
const HELPER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const { base, paths, claimed, port } = workerData;
let to = paths.length;
while (to > 0) {
  const lo = Math.max(to - ${BATCH}, Atomics.load(claimed, 0));
  if (lo >= to) break;
  const parts = new Float64Array((to - lo) * ${FIELDS});
  const keys = new Array(to - lo).fill('');
  for (let i = to - 1; i >= lo; i--) {
    try {
      const st = statSync(base + paths[i], { throwIfNoEntry: false });
      if (st === undefined) continue;
      const at = (i - lo) * ${FIELDS};
      parts[at] = st.size;
      parts[at + 1] = st.mtimeMs;
      parts[at + 2] = st.ctimeMs;
      parts[at + 3] = st.ino;
      parts[at + 4] = st.mode;
      parts[at + 5] = st.dev;
      keys[i - lo] = st.size + ':' + st.mtimeMs + ':' + st.ctimeMs + ':' + st.ino;
    } catch {}
  }
  port.postMessage({ from: lo, keys, parts }, [parts.buffer]);
  to = lo;
}
`;

/** A stat the helper took: its cache key (engine/cache/cache-file.ts statKey) and its parts. */
export interface PrefetchedStat {
  key: string;
  parts: StatParts;
}

/** A helper at work on a list of paths. */
export interface StatPrefetch {
  /**
   * The helper's stat of `path` when it has one now; undefined: stat it
   * yourself (the helper has not got there, could not stat it, or was not
   * given it). Never waits. Asking in the list's order lets the helper stop
   * where this thread has already been.
   */
  take(path: string): PrefetchedStat | undefined;
  /** Resolves once the helper has stopped and everything it found can be taken (tests). */
  finished(): Promise<void>;
}

/**
 * Starts statting `base + path` for every path on a helper thread, from the
 * end of the list. The helper never holds the process open: a run that is
 * done before it exits without waiting for it.
 */
export function prefetchStats(base: string, paths: readonly string[]): StatPrefetch {
  const n = paths.length;
  const claimed = new Int32Array(new SharedArrayBuffer(4));
  const keys: string[] = new Array(n).fill('');
  const parts = new Float64Array(n * FIELDS);
  /** Everything from here to the end has arrived from the helper. */
  let low = n;
  let claimedUpTo = 0;
  const helper = startHelperThread(HELPER_SOURCE, { base, paths, claimed });
  // When none could start, every stat is taken by the caller.
  const port: MessagePort | undefined = helper?.port;
  const worker: Worker | undefined = helper?.worker;
  const exited: Promise<void> = helper?.exited ?? Promise.resolve();
  const drain = (): void => {
    if (port === undefined) return;
    for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
      const batch = message.message as { from: number; keys: string[]; parts: Float64Array };
      for (let i = 0; i < batch.keys.length; i++) keys[batch.from + i] = batch.keys[i]!;
      parts.set(batch.parts, batch.from * FIELDS);
      low = Math.min(low, batch.from);
    }
  };
  // Asked in list order, the next path is the one after the last: no index needed until a path comes out of order.
  let cursor = 0;
  let indexOf: Map<string, number> | undefined;
  const find = (path: string): number | undefined => {
    if (paths[cursor] === path) return cursor++;
    indexOf ??= new Map(paths.map((p, i) => [p, i]));
    const at = indexOf.get(path);
    if (at !== undefined) cursor = at + 1;
    return at;
  };
  return {
    take(path) {
      const i = find(path);
      if (i === undefined) return undefined;
      if (i < low) drain();
      if (i < low) {
        // Not there yet: this thread stats it, and the helper stops before what this thread has passed.
        if (i + 1 > claimedUpTo) {
          claimedUpTo = i + 1;
          Atomics.store(claimed, 0, claimedUpTo);
        }
        return undefined;
      }
      const key = keys[i]!;
      if (key === '') return undefined;
      const at = i * FIELDS;
      return {
        key,
        parts: {
          size: parts[at]!,
          mtimeMs: parts[at + 1]!,
          ctimeMs: parts[at + 2]!,
          ino: parts[at + 3]!,
          mode: parts[at + 4]!,
          dev: parts[at + 5]!,
        },
      };
    },
    async finished() {
      // Awaited now: an unref'd helper would let the process end with its answer still pending.
      worker?.ref();
      await exited;
      drain();
    },
  };
}
