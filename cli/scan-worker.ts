/**
 * The scan pool's worker thread: loads the scanners as soon as it starts
 * (while the main thread loads the specs), then claims chunks of the file
 * list from the counter it shares with the main thread, reads and scans each
 * file, and posts each chunk's citations back. Started by cli/scan-pool.ts.
 */
import { parentPort } from 'node:worker_threads';
import { loadTypeScriptScanner, scanFileWhenLoaded } from '../checks/scan/dispatch.ts';
import type { ScannedCitation } from '../checks/scan/types.ts';
import { UsageError } from './io.ts';
import { readGateFile } from './read-gate-file.ts';
import type { PoolJob, PoolReport } from './scan-pool.ts';

// @implements speed-pool#EARLY-WORKER
const ready = loadTypeScriptScanner().then(
  () => true,
  () => false,
);

function run(job: PoolJob, post: (report: PoolReport) => void): void {
  const next = new Int32Array(job.counter);
  for (;;) {
    const start = Atomics.add(next, 0, job.chunk);
    if (start >= job.files.length) return;
    const end = Math.min(start + job.chunk, job.files.length);
    const found: (ScannedCitation[] | null)[] = [];
    for (let k = start; k < end; k++) {
      const file = job.files[k]!;
      try {
        const text = readGateFile(job.root, file);
        found.push(text === undefined ? null : scanFileWhenLoaded(file, text));
      } catch (error) {
        const usage = error instanceof UsageError;
        const message = error instanceof Error ? error.message : String(error);
        post({ start, found, failure: { message, usage } });
        return;
      }
    }
    post({ start, found });
  }
}

parentPort?.once('message', async (job: PoolJob) => {
  const post = (report: PoolReport) => parentPort?.postMessage(report);
  // A scanner that would not load claims nothing: the main thread scans every file and reports the failure its own way.
  if (await ready) run(job, post);
  post({ done: true });
});
