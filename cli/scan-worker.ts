/**
 * The scan pool's worker thread: claims chunks of the file list from the
 * counter it shares with the main thread, reads and scans each file, and
 * posts each chunk's citations back, while the main thread loads the specs.
 * Like the main thread, it loads TypeScript's parser only when a file
 * needs it. Started by cli/scan-pool.ts.
 */
import { parentPort } from 'node:worker_threads';
import { scanFileWhenLoaded, scanLoadingOnDemand } from '../checks/scan/dispatch.ts';
import type { ScannedCitation } from '../checks/scan/types.ts';
import { useTypeScriptLoader } from '../checks/scan/typescript-compiler.ts';
import { requireWithCodeCache } from './code-cache.ts';
import { UsageError } from './io.ts';
import { readGateFile } from './read-gate-file.ts';
import type { PoolJob, PoolReport } from './scan-pool.ts';
import { packChunk } from './scan-transfer.ts';

// The worker loads TypeScript as the main thread would: through the per-user code cache.
useTypeScriptLoader((file) => requireWithCodeCache(file));

// @implements speed-pool#EARLY-WORKER
async function run(job: PoolJob, post: (report: PoolReport) => void): Promise<void> {
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
        found.push(text === undefined ? null : await scanLoadingOnDemand(scanFileWhenLoaded, file, text));
      } catch (error) {
        const usage = error instanceof UsageError;
        const message = error instanceof Error ? error.message : String(error);
        post({ start, found: packChunk(found), failure: { message, usage } });
        return;
      }
    }
    post({ start, found: packChunk(found) });
  }
}

parentPort?.once('message', async (job: PoolJob) => {
  const post = (report: PoolReport) => parentPort?.postMessage(report);
  await run(job, post);
  post({ done: true });
});
