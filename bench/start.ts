/**
 * bench/start: time from spawn to the answer of `initialize`, for
 * `factline serve` side by side with a plain Node script that only answers it
 * (the floor). Prints the best of a few runs of each and their ratio (goal ≤ 4).
 *
 *   node --import tsx bench/start.ts [RUNS=5]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.argv[2] ?? 5);
const REPO = fileURLToPath(new URL('..', import.meta.url));
const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
})}\n`;

/** Milliseconds from spawn to the first stdout line. */
function timeToAnswer(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!out.includes('\n')) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (!out.includes('"id":1') || !out.includes('"result"')) reject(new Error(`not an answer: ${out}`));
      child.stdin.end();
      child.on('close', () => resolve(ms));
    });
    child.on('error', reject);
    child.stdin.write(INITIALIZE);
  });
}

async function best(args: string[]): Promise<number> {
  let ms = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) ms = Math.min(ms, await timeToAnswer(args));
  return ms;
}

// Interleaved, so both see the same machine load.
const plain = await best([fileURLToPath(new URL('./fixtures/plain-start.js', import.meta.url))]);
const serve = await best(['bin/factline.js', 'serve']);
console.log(`bench/start: spawn to initialize answer, best of ${RUNS}, Node ${process.version}\n`);
console.log(`plain node script   ${plain.toFixed(0).padStart(6)} ms`);
console.log(`factline serve      ${serve.toFixed(0).padStart(6)} ms`);
console.log(`\nfactline serve takes ${(serve / plain).toFixed(2)}× the plain script's start-up (goal ≤ 4)`);
