/**
 * The scan worker (engine/parallel/) as a backend: a large run that reads
 * every file starts the worker while it still lists the tree, so the worker
 * scans while the specs load; then both threads claim chunks of the list
 * until none is left. Delete this module, engine/parallel/ and the choice
 * of it in engine/gate/run.ts, and every run scans on one thread.
 */
import type { GateFile, ScanBackend, ScanOutcome } from '../../checks/gate.ts';
import type { ScanWarning } from '../../checks/scan/typescript.ts';
import type { FactlineConfig } from '../config/model.ts';
import { type ReadAhead, readAheadWanted, startReadAhead } from '../files/read-ahead.ts';
import type { FoundEnough } from '../files/walk.ts';
import { listGateFiles } from '../gate/files.ts';
import type { EngineIO } from '../io.ts';
import {
  type BootingWorker,
  bootScanWorker,
  POOL_MIN_FILES,
  type PoolOptions,
  poolMode,
  poolWanted,
  type ScanPool,
  type SharedScan,
} from '../parallel/pool.ts';

/** What a worker started during the listing brings to the run. */
export interface EarlyPool {
  /** The listing the worker was started from (its failure surfaces where it is awaited). */
  listed?: Promise<GateFile[]>;
  pool?: ScanPool;
  /** The run fills an empty scan cache: the worker sends what the cache stores of each file it read. */
  fillsCache?: boolean;
  /** Wall-clock time before the worker read anything. */
  since?: number;
  /** Without the worker, an uncached run's files read on a helper thread while the specs load (engine/files/read-ahead.ts). */
  readAhead?: ReadAhead;
}

/**
 * A full run that reads every file (uncached, or its cache still empty)
 * lists its files before loading the specs and starts the worker on them.
 * The worker boots as soon as the walk has found enough files for it to
 * pay, while the walk goes on.
 */
// @implements engine#EARLY-WORKER
export async function startPoolWhileListing(
  io: EngineIO,
  config: FactlineConfig,
  run: {
    cache: boolean;
    cacheEmpty: boolean;
    partial: boolean;
    warn?: ScanWarning | undefined;
    /** The vibevm gates' part in the worker's scan (PoolOptions `items`), once they have listed their files. */
    items?: Promise<PoolOptions['items']> | undefined;
  },
): Promise<EarlyPool> {
  const mode = poolMode(io.env);
  // A cached run with nothing cached reads every file, as an uncached one does: the worker helps it the same way.
  // @implements engine#FIRST-RUN-FILLS-THE-CACHE-FROM-BOTH-THREADS
  const fillsCache = run.cache && run.cacheEmpty;
  if ((run.cache && !fillsCache) || run.partial || mode === 'off') return {};
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
    // No worker to scan: an uncached run still has its files read by a helper while the specs load.
    // (A cache-filling run stats each file before its read, so its reads stay on this thread.)
    // @implements engine#READS-ON-A-HELPER
    if (files !== undefined && !run.cache && readAheadWanted(mode, files.length))
      return {
        listed,
        readAhead: startReadAhead(
          config.root,
          files.map((f) => f.file),
        ),
      };
    return { listed };
  }
  // The files the core hands the backend when no cache answers: the worker starts on them now.
  const plain = files.map((f) => f.file);
  const items = await run.items;
  const since = Date.now();
  return {
    listed,
    pool: (booting ?? bootScanWorker()).start(config.root, plain, {
      record: fillsCache,
      warn: run.warn,
      ...(items ? { items } : {}),
    }),
    fillsCache,
    since,
  };
}

/**
 * The files shared with the worker when it was started on exactly these,
 * else all scanned here. `scanHere` reads and scans one file on this thread.
 */
export function pooledBackend(
  pool: Pick<ScanPool, 'sharedScanOf'>,
  read: (file: string) => string | undefined,
  scanHere: (file: string) => Promise<ScanOutcome>,
): ScanBackend {
  return {
    read,
    scanFiles: (files) => scanShared(files, pool.sharedScanOf(files), scanHere),
  };
}

/**
 * Each side stops at its first failure: chunks are claimed in increasing
 * order, so every file before the first failure in file order has been
 * scanned by one side or the other.
 */
// @implements engine#SAME-ERRORS
export async function scanShared(
  files: readonly string[],
  worker: SharedScan | undefined,
  scanHere: (file: string) => Promise<ScanOutcome>,
): Promise<ScanOutcome[]> {
  const outcomes: ScanOutcome[] = new Array(files.length);
  if (worker === undefined) {
    for (let k = 0; k < files.length; k++) {
      outcomes[k] = await scanHere(files[k]!);
      if (outcomes[k] instanceof Error) break;
    }
    return outcomes;
  }
  const scannedHere = new Uint8Array(files.length);
  claiming: for (let chunk = worker.claim(); chunk; chunk = worker.claim()) {
    for (let k = chunk.start; k < chunk.end; k++) {
      outcomes[k] = await scanHere(files[k]!);
      scannedHere[k] = 1;
      if (outcomes[k] instanceof Error) break claiming;
    }
    await worker.between?.();
  }
  const fromWorker = await worker.done();
  for (let k = 0; k < files.length; k++) {
    if (scannedHere[k] === 1) {
      if (outcomes[k] instanceof Error) break;
      continue;
    }
    // Claimed by the worker but never reported (it died): scanned here.
    outcomes[k] = fromWorker.has(k) ? fromWorker.get(k) : await scanHere(files[k]!);
    if (outcomes[k] instanceof Error) break;
  }
  return outcomes;
}
