/**
 * One scanning thread of the gate's pool (see scan-pool.ts): reads and scans
 * the files of each chunk it is sent and posts the outcomes back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type ChunkRequest, type ChunkResult, scanJob } from './scan-pool.ts';

const root = (workerData as { root: string }).root;
const port = parentPort!;

port.on('message', (request: ChunkRequest) => {
  const result: ChunkResult = { id: request.id, outcomes: [], readMs: 0 };
  for (const job of request.jobs) result.outcomes.push(scanJob(root, job, result));
  port.postMessage(result);
});
port.postMessage('ready');
