/**
 * The listed files of an uncached run, read on a helper thread. A cold run
 * reads every listed file, and opening and reading ~8,000 files costs the
 * main thread about 100 ms of system calls that need nothing from it but the
 * paths; the list is known before the specs load (engine/backends/pooled.ts
 * lists first), so a helper reads the files in list order meanwhile and the
 * main thread, scanning in the same order, takes each text from it. What the
 * helper sends is the string readFileSync gives (copied between threads as
 * text); a file it could not read, or has not reached, is read on the main
 * thread by readGateFile, so a failure surfaces as it does without a helper.
 * The helper is a worker given as source, like the stat helper
 * (engine/cache/stat-prefetch.ts): it starts without loading factline.
 */

import { type MessagePort, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import { type HelperMode, helperWanted, startHelperThread } from '../parallel/helper-thread.ts';
import { readGateFile } from './read.ts';

/**
 * Below this many files the reads cost the main thread less than starting the
 * helper and taking its texts (about 2 ms to start a worker, ~12 µs a read).
 */
// @implements engine#READS-ON-A-HELPER
export const READ_AHEAD_MIN_FILES = 1_000;

export type ReadAheadMode = HelperMode;

export function readAheadWanted(mode: ReadAheadMode, files: number, cores?: number): boolean {
  return helperWanted(mode, files, READ_AHEAD_MIN_FILES, cores);
}

/** Files per message: the main thread takes one message's texts at a time, so few are held at once. */
const BATCH_FILES = 64;
/** …and at most about this many characters, so a folder of large files does not arrive as one block. */
const BATCH_CHARS = 512 * 1024;
/**
 * The most messages the helper keeps posted and not yet taken (at most ~32 MB
 * of text): reading faster than the main thread scans, it would otherwise
 * hold a whole large tree's text in memory at once.
 */
export const READ_AHEAD_BATCHES = 64;

// Slots of the array the two threads share: what the main thread read itself up to, how many messages
// it has taken, and how many the helper has posted.
const CLAIMED = 0;
const TAKEN = 1;
const POSTED = 2;

/**
 * The helper's source. It reads from where the main thread has not claimed
 * (it claims each file it reads itself), in list order, and posts the texts in
 * batches; null stands for a file it could not read. The path is the one
 * readGateFile opens: `resolve(root, file)`. With `ahead` messages not yet
 * taken it waits for the main thread to take one.
 */
const HELPER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { root, paths, shared, ahead, port } = workerData;
let i = 0;
let posted = 0;
while (i < paths.length) {
  for (let taken = Atomics.load(shared, ${TAKEN}); posted - taken >= ahead; taken = Atomics.load(shared, ${TAKEN}))
    Atomics.wait(shared, ${TAKEN}, taken, 100);
  i = Math.max(i, Atomics.load(shared, ${CLAIMED}));
  if (i >= paths.length) break;
  const from = i;
  const texts = [];
  let chars = 0;
  for (; i < paths.length && texts.length < ${BATCH_FILES} && chars < ${BATCH_CHARS}; i++) {
    let text = null;
    try {
      text = readFileSync(resolve(root, paths[i]), 'utf8');
      chars += text.length;
    } catch {}
    texts.push(text);
  }
  port.postMessage({ from, texts });
  Atomics.store(shared, ${POSTED}, ++posted);
}
`;

/** A helper at work on a list of files. */
export interface ReadAhead {
  /**
   * The text of listed file `file`, as readGateFile gives it: the helper's
   * when it has read it by now, else read on this thread (undefined: it
   * vanished; throws as readGateFile does). Never waits for the helper.
   * Asked in list order, each file is read once; a file asked out of order is
   * read here.
   */
  read(file: string): string | undefined;
  /** How many texts came from the helper so far (tests, benches). */
  readonly fromHelper: number;
  /** How many messages of texts the helper has posted so far, taken or not (tests). */
  readonly posted: number;
  /** Resolves once the helper has stopped (tests). */
  finished(): Promise<void>;
  /** Stops the helper (a run that is done never waits for it). */
  close(): void;
}

/** Starts reading every file of `files` (root-relative) on a helper thread, in list order. */
// @implements engine#READS-ON-A-HELPER
export function startReadAhead(
  root: string,
  files: readonly string[],
  ahead: number = READ_AHEAD_BATCHES,
): ReadAhead {
  const shared = new Int32Array(new SharedArrayBuffer(12));
  const helper = startHelperThread(HELPER_SOURCE, { root, paths: files, shared, ahead });
  // When none could start, every file is read here.
  const port: MessagePort | undefined = helper?.port;
  const worker: Worker | undefined = helper?.worker;
  const exited: Promise<void> = helper?.exited ?? Promise.resolve();
  /** The batch taken last: texts of files [from, from + texts.length). */
  let texts: (string | null)[] = [];
  let from = 0;
  /** The index the next file asked in list order has. */
  let next = 0;
  let fromHelper = 0;
  /** The helper's text of file `i`, or undefined when it has none now (batches come in list order). */
  const take = (i: number): string | undefined => {
    for (;;) {
      if (i < from) return undefined;
      if (i < from + texts.length) return texts[i - from] ?? undefined;
      const message = port === undefined ? undefined : receiveMessageOnPort(port);
      if (message === undefined) return undefined;
      ({ from, texts } = message.message as { from: number; texts: (string | null)[] });
      // One more taken: a helper waiting at its limit goes on.
      Atomics.add(shared, TAKEN, 1);
      Atomics.notify(shared, TAKEN);
    }
  };
  return {
    read(file) {
      if (files[next] !== file) return readGateFile(root, file);
      const i = next++;
      const text = take(i);
      if (text !== undefined) {
        fromHelper++;
        return text;
      }
      // Not there (yet, or unreadable there): read here, and the helper goes on past it.
      Atomics.store(shared, CLAIMED, i + 1);
      return readGateFile(root, file);
    },
    get fromHelper() {
      return fromHelper;
    },
    get posted() {
      return Atomics.load(shared, POSTED);
    },
    async finished() {
      worker?.ref();
      await exited;
    },
    close() {
      void worker?.terminate();
      port?.close();
    },
  };
}
