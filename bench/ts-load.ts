/**
 * bench/ts-load: what loading the TS/JS scanner costs a process, side by side
 * in one run, each row as a ratio to the old way:
 *  - ts-morph: an ESM import of ts-morph, as the scanner did before;
 *  - require: TypeScript's compiler alone, required as CommonJS;
 *  - code cache, missing: the same through a V8 code cache folder that is
 *    empty (the run compiles, then writes the cache);
 *  - code cache, present: the same with the cache written by an earlier run.
 * Each row is its own process (bench/ts-load-child.ts, bundled to plain
 * JavaScript); printed: load + first scan inside the child, spawn to exit,
 * and the child's CPU time, best of RUNS, the rows interleaved run by run.
 *
 *   node --import tsx bench/ts-load.ts [RUNS=5]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { cpuOf } from './child-cpu.ts';

const RUNS = Number(process.argv[2] ?? 5);
const REPO = fileURLToPath(new URL('..', import.meta.url));
// Inside the repo's node_modules, so the bundle resolves ts-morph as the CLI does.
const OUT = join(REPO, 'node_modules', '.cache', 'factline-bench', 'ts-load-child.mjs');
const SAMPLE = join(REPO, 'checks', 'scan', 'typescript.ts');

await build({
  entryPoints: [join(REPO, 'bench', 'ts-load-child.ts')],
  outfile: OUT,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});

const scratch = mkdtempSync(join(tmpdir(), 'factline-bench-ts-load-'));
const warmCache = join(scratch, 'warm');
mkdirSync(warmCache, { mode: 0o700 });

/** A row: its name and, per run, the child's mode and cache folder. */
interface Row {
  name: string;
  args: () => [mode: string, cacheDir?: string];
}
let fresh = 0;
const rows: Row[] = [
  { name: 'ts-morph (ESM import, before)', args: () => ['ts-morph'] },
  { name: 'compiler alone (require)', args: () => ['require'] },
  {
    name: 'compiler, code cache missing',
    args: () => {
      const dir = join(scratch, `empty-${fresh++}`);
      mkdirSync(dir, { mode: 0o700 });
      return ['code-cache', dir];
    },
  },
  { name: 'compiler, code cache present', args: () => ['code-cache', warmCache] },
];

function runChild(mode: string, dir?: string): { ms: number; wall: number; cpu: number; citations: number } {
  const args = [OUT, mode, SAMPLE, ...(dir === undefined ? [] : [dir])];
  let out = '';
  const started = performance.now();
  const cpu = cpuOf(() => {
    const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${mode}: exit ${run.status}\n${run.stderr}`);
    out = run.stdout;
  });
  const wall = performance.now() - started;
  const { ms, citations } = JSON.parse(out) as { ms: number; citations: number };
  return { ms, wall, cpu, citations };
}

runChild('code-cache', warmCache); // writes the cache the "present" row reads
const best = rows.map(() => ({ ms: Infinity, wall: Infinity, cpu: Infinity, citations: -1 }));
for (let run = 0; run < RUNS; run++) {
  rows.forEach((row, n) => {
    const [mode, dir] = row.args();
    const took = runChild(mode, dir);
    const b = best[n]!;
    b.ms = Math.min(b.ms, took.ms);
    b.wall = Math.min(b.wall, took.wall);
    b.cpu = Math.min(b.cpu, took.cpu);
    if (b.citations !== -1 && b.citations !== took.citations)
      throw new Error(`${row.name}: citations differ`);
    b.citations = took.citations;
  });
}
rmSync(scratch, { recursive: true, force: true });

if (new Set(best.map((b) => b.citations)).size !== 1) throw new Error('the ways found different citations');
console.log(
  `bench/ts-load: load TypeScript + scan ${SAMPLE.slice(REPO.length)} (${best[0]!.citations} citations), best of ${RUNS}, Node ${process.version}\n`,
);
console.log(
  `${''.padEnd(32)} ${'load+scan'.padStart(10)} ${'ratio'.padStart(6)} ${'process'.padStart(9)} ${'ratio'.padStart(6)} ${'cpu'.padStart(7)}`,
);
const [old] = best;
rows.forEach((row, n) => {
  const b = best[n]!;
  console.log(
    `${row.name.padEnd(32)} ${b.ms.toFixed(0).padStart(7)} ms ${(b.ms / old!.ms).toFixed(2).padStart(5)}x ${b.wall.toFixed(0).padStart(6)} ms ${(b.wall / old!.wall).toFixed(2).padStart(5)}x ${b.cpu.toFixed(0).padStart(4)} ms`,
  );
});
