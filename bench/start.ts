/**
 * bench/start: start-up, side by side in one run (wall and the child's CPU time).
 *  - spawn to exit of `factline --version`, `--help` and `check` on a small
 *    project, run from the compiled CLI (dist/cli-main.js) and from the
 *    TypeScript sources through tsx (FACTLINE_FROM_SOURCE=1, what every run
 *    cost before the compiled CLI), against `node -e 0` (the floor);
 *  - spawn to the answer of `initialize`, for `factline serve` against a
 *    plain Node script that only answers it (goal ≤ 4).
 * Prints the best of a few runs of each (interleaved, so all see the same load).
 *
 *   node --import tsx bench/start.ts [RUNS=5]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCli } from '../support/build-cli.ts';
import { cpuOf } from './child-cpu.ts';

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

/** A small project: one spec, 20 source files citing it. */
function smallProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'factline-bench-start-'));
  mkdirSync(join(root, 'specs'));
  mkdirSync(join(root, 'src'));
  const facts = Array.from({ length: 20 }, (_, n) => `@fact:F${n} Fact ${n} holds. @status:impl/done\n`);
  writeFileSync(join(root, 'specs', 'app.md'), `# App\n\n${facts.join('\n')}`);
  for (let i = 0; i < 20; i++)
    writeFileSync(join(root, 'src', `f${i}.ts`), `// @implements app#F${i}\nexport const v = ${i};\n`);
  writeFileSync(join(root, 'factline.config.json'), JSON.stringify({ sources: ['src/**/*.ts'] }));
  return root;
}

/** Milliseconds from spawn to exit, best of RUNS per row, the rows interleaved run by run. */
function bestToExit(
  rows: { args: string[]; cwd: string; env?: NodeJS.ProcessEnv }[],
): { wall: number; cpu: number }[] {
  const times = rows.map(() => ({ wall: Number.POSITIVE_INFINITY, cpu: Number.POSITIVE_INFINITY }));
  for (let run = 0; run < RUNS; run++) {
    rows.forEach((row, n) => {
      const started = performance.now();
      const cpu = cpuOf(() => {
        const done = spawnSync(process.execPath, row.args, {
          cwd: row.cwd,
          env: { ...process.env, ...row.env },
          stdio: 'ignore',
        });
        if (done.status !== 0 && done.status !== 1)
          throw new Error(`${row.args.join(' ')}: exit ${done.status}`);
      });
      const best = times[n]!;
      best.wall = Math.min(best.wall, performance.now() - started);
      best.cpu = Math.min(best.cpu, cpu);
    });
  }
  return times;
}

// Measure the compiled CLI as shipped: a stale build would silently run the sources.
await buildCli();
const BIN = join(REPO, 'bin', 'factline.js');
const FROM_SOURCE = { FACTLINE_FROM_SOURCE: '1' };
const project = smallProject();
const spawnRows: [string, { args: string[]; cwd: string; env?: NodeJS.ProcessEnv }][] = [
  ['node -e 0 (floor)', { args: ['-e', '0'], cwd: REPO }],
  ['factline --version', { args: [BIN, '--version'], cwd: REPO }],
  ['  from sources (tsx)', { args: [BIN, '--version'], cwd: REPO, env: FROM_SOURCE }],
  ['factline check --help', { args: [BIN, 'check', '--help'], cwd: REPO }],
  ['  from sources (tsx)', { args: [BIN, 'check', '--help'], cwd: REPO, env: FROM_SOURCE }],
  ['factline check, 20 files, cold', { args: [BIN, 'check', '--no-cache'], cwd: project }],
  ['  from sources (tsx)', { args: [BIN, 'check', '--no-cache'], cwd: project, env: FROM_SOURCE }],
  ['factline check, 20 files, warm', { args: [BIN, 'check'], cwd: project }],
  ['  from sources (tsx)', { args: [BIN, 'check'], cwd: project, env: FROM_SOURCE }],
];
const toExit = bestToExit(spawnRows.map(([, row]) => row));
rmSync(project, { recursive: true, force: true });
console.log(`bench/start: spawn to exit, best of ${RUNS}, Node ${process.version}\n`);
const floor = toExit[0]!.wall;
spawnRows.forEach(([name], n) => {
  const { wall, cpu } = toExit[n]!;
  const ratio = `${(wall / floor).toFixed(1).padStart(5)}x node -e 0`;
  console.log(
    `${name.padEnd(34)} ${wall.toFixed(0).padStart(6)} ms  ${ratio}  cpu ${cpu.toFixed(0).padStart(5)} ms`,
  );
});

// Interleaved, so both see the same machine load.
const plain = await best([fileURLToPath(new URL('./fixtures/plain-start.js', import.meta.url))]);
const serve = await best(['bin/factline.js', 'serve']);
console.log(`\nbench/start: spawn to initialize answer, best of ${RUNS}, Node ${process.version}\n`);
console.log(`plain node script   ${plain.toFixed(0).padStart(6)} ms`);
console.log(`factline serve      ${serve.toFixed(0).padStart(6)} ms`);
console.log(`\nfactline serve takes ${(serve / plain).toFixed(2)}× the plain script's start-up (goal ≤ 4)`);
