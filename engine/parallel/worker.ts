/**
 * The scan pool's worker thread: claims chunks of the file list from the
 * counter it shares with the main thread, reads and scans each file, and
 * posts each chunk's citations back, while the main thread loads the specs.
 * Like the main thread, it loads TypeScript's parser only when a file
 * needs it. Started by engine/parallel/pool.ts.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { FileScanner } from '../../checks/scan/dispatch.ts';
import { heardItems, type RustItems } from '../../checks/scan/rust-items.ts';
import type { ScannedCitation } from '../../checks/scan/types.ts';
import { encodeCitations, hashText } from '../cache/citation-rows.ts';
import { compileTypeScriptWithCodeCache } from '../cache/code-cache.ts';
import { UsageError } from '../errors.ts';
import { readGateFile } from '../files/read.ts';
import type { PoolJob, PoolReport, SpecJob, SpecReport } from './pool.ts';
import { type FileRecords, packChunk, STAT_FIELDS } from './transfer.ts';

// The worker loads TypeScript as the main thread would: through the per-user code cache.
compileTypeScriptWithCodeCache();

// @implements engine#EARLY-WORKER
async function run(job: PoolJob, post: (report: PoolReport) => void): Promise<void> {
  const next = new Int32Array(job.counter);
  // What the scan warns of here goes back with its chunk to the run's sink, as the main thread's warnings do.
  let warnings: [string, string][] = [];
  const scanner = new FileScanner({ warn: (file, message) => warnings.push([file, message]) });
  // What the vibevm gates read of each Rust file scanned here, from the scan's own tokens (vibevm#ITEMS-LEXED-ONCE).
  // @implements engine#WORKER-READS-GATE-ITEMS
  let items: [number, RustItems][] = [];
  let inChunk = 0;
  if (job.gated) {
    const modules = new Map(job.gated);
    scanner.rustListener = (file, text, tokens, citations) => {
      const heard = heardItems(text, modules.get(file), tokens, citations.length > 0);
      if (heard !== undefined) items.push([inChunk, heard]);
    };
  }
  const report = (chunk: PoolReport & { start: number }) => {
    post({
      ...chunk,
      ...(warnings.length > 0 ? { warnings } : {}),
      ...(items.length > 0 ? { items } : {}),
    });
    warnings = [];
    items = [];
  };
  for (;;) {
    const start = Atomics.add(next, 0, job.chunk);
    if (start >= job.files.length) return;
    const end = Math.min(start + job.chunk, job.files.length);
    const found: (ScannedCitation[] | null)[] = [];
    const records = job.record ? newRecords(end - start) : undefined;
    for (let k = start; k < end; k++) {
      const file = job.files[k]!;
      inChunk = k - start;
      try {
        // The stat before the read: a stat taken after it could vouch for an edit never read.
        if (records) statInto(records.stats, k - start, resolve(job.root, file));
        const text = readGateFile(job.root, file);
        const citations = text === undefined ? null : await scanner.scan(file, text);
        found.push(citations);
        if (records && text !== undefined && citations !== null) {
          records.hashes[k - start] = hashText(text);
          records.values[k - start] = encodeCitations(citations);
        }
      } catch (error) {
        const usage = error instanceof UsageError;
        const message = error instanceof Error ? error.message : String(error);
        report({ start, found: packChunk(found, records), failure: { message, usage } });
        return;
      }
    }
    report({ start, found: packChunk(found, records) });
  }
}

function newRecords(files: number): FileRecords {
  return {
    stats: new Float64Array(files * STAT_FIELDS).fill(Number.NaN),
    hashes: new Array(files).fill(''),
    values: new Array(files).fill(''),
  };
}

function statInto(stats: Float64Array, at: number, path: string): void {
  const st = statSync(path, { throwIfNoEntry: false });
  if (st === undefined) return;
  const from = at * STAT_FIELDS;
  stats[from] = st.size;
  stats[from + 1] = st.mtimeMs;
  stats[from + 2] = st.ctimeMs;
  stats[from + 3] = st.ino;
  stats[from + 4] = st.mode;
  stats[from + 5] = st.dev;
}

/**
 * The specs of a SpecJob this thread claims, each read and parsed as the
 * main thread would (engine/specs.ts loadSpecSet) and posted as data; one it
 * cannot read, finds too large or fails to parse is left to the main thread,
 * which then meets the failure itself, in file order.
 */
// @implements engine#SPECS-SHARED-WITH-THE-WORKER
async function readSpecs(job: SpecJob, post: (report: SpecReport) => void): Promise<void> {
  const next = new Int32Array(job.counter);
  // Loaded only when specs come: a worker that only scans starts as light as before.
  const [{ readSpecDocument }, { MAX_SPEC_BYTES }] = await Promise.all([
    import('../read-spec.ts'),
    import('../specs.ts'),
  ]);
  for (;;) {
    const k = Atomics.add(next, 0, 1);
    if (k >= job.specs.length) return;
    const { absolute, file, doc } = job.specs[k]!;
    try {
      if (statSync(absolute).size > MAX_SPEC_BYTES) {
        post({ spec: k, redo: true });
        continue;
      }
      const text = readFileSync(absolute, 'utf8');
      post({ spec: k, text, document: await readSpecDocument(text, { file, doc }) });
    } catch {
      post({ spec: k, redo: true });
    }
  }
}

// The scan job first; a spec job, when the main thread shares its specs, is taken once the scan is done.
let scanning = false;
parentPort?.on('message', async (job: PoolJob | SpecJob) => {
  if ('specs' in job) {
    const post = (report: SpecReport) => parentPort?.postMessage(report);
    await readSpecs(job, post);
    post({ specsDone: true });
    return;
  }
  if (scanning) return;
  scanning = true;
  const post = (report: PoolReport) => parentPort?.postMessage(report);
  await run(job, post);
  post({ done: true });
});
