/**
 * Helper threads (the stat helper, the read helper): when one is started
 * (each pays only from some number of files up and only where a second core
 * can run it beside the main thread; tests and benches force it either way),
 * and how.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';

/** `auto` where it pays, `always` whatever the size (tests), `off` never. */
export type HelperMode = 'auto' | 'always' | 'off';

/** Whether a helper is wanted for `files` files: under `auto`, from `min` files up on more than one core. */
export function helperWanted(
  mode: HelperMode,
  files: number,
  min: number,
  cores: number = availableParallelism(),
): boolean {
  if (mode === 'always') return files > 0;
  return mode === 'auto' && cores > 1 && files >= min;
}

/** A helper thread at work, with the port it posts on and a promise of its end. */
export interface HelperThread {
  worker: Worker;
  port: MessagePort;
  exited: Promise<void>;
}

/**
 * Starts a helper given as CommonJS source (so it starts without loading
 * factline), handing it `workerData` plus a `port` to post on; undefined
 * when no thread can be started (the caller then does the work itself).
 * The helper never keeps the process alive.
 */
export function startHelperThread(
  source: string,
  workerData: Record<string, unknown>,
): HelperThread | undefined {
  try {
    const channel = new MessageChannel();
    // No flags of this process (a loader, an --input-type): the helper is plain CommonJS.
    const worker = new Worker(source, {
      eval: true,
      execArgv: [],
      workerData: { ...workerData, port: channel.port2 },
      transferList: [channel.port2],
    });
    worker.unref();
    const exited = new Promise<void>((done) => {
      worker.once('exit', () => done());
      worker.once('error', () => done());
    });
    return { worker, port: channel.port1, exited };
  } catch {
    return undefined;
  }
}
