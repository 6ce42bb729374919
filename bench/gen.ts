/**
 * bench/gen: a full regeneration of generated/ against `tsc --noEmit` of the
 * generated files, measured in the same run on the same files.
 *
 *   node --import tsx bench/gen.ts [runs]
 *
 * Regeneration is timed two ways: the CLI as a fresh process (what a user or
 * CI pays: node + tsx + TypeScript start-up included) and in-process (read,
 * render, parse-check, write; what --watch pays per change).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig, rooms } from '../engine/index.ts';

const { applyChanges, loadGenerationInput } = await rooms.generate();

import { pendingChanges, planGeneration } from '../generator/render/index.ts';

const RUNS = Number(process.argv[2] ?? 7);
const REPO = join(import.meta.dirname, '..');

const work = mkdtempSync(join(tmpdir(), 'factline-bench-gen-'));
cpSync(REPO, work, {
  recursive: true,
  filter: (src) =>
    !['node_modules', '.git', 'coverage', 'generated'].includes(relative(REPO, src).split('/')[0]!),
});
symlinkSync(join(REPO, 'node_modules'), join(work, 'node_modules'), 'dir');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = (fn: () => void) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};
const must = (r: ReturnType<typeof spawnSync>, what: string) => {
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
};

try {
  const cli: number[] = [];
  const inProcess: number[] = [];
  const tsc: number[] = [];
  const config = loadConfig(work);
  for (let i = 0; i < RUNS; i++) {
    // A full regeneration each time: the output directory starts empty.
    rmSync(join(work, 'generated'), { recursive: true, force: true });
    cli.push(
      time(() =>
        must(
          spawnSync(process.execPath, ['bin/factline.js', 'gen'], { cwd: work, encoding: 'utf8' }),
          'factline gen',
        ),
      ),
    );

    rmSync(join(work, 'generated'), { recursive: true, force: true });
    inProcess.push(
      time(() => {
        const plan = planGeneration(loadGenerationInput(config));
        if (plan.errors.length > 0) throw new Error(plan.errors.map((e) => e.message).join('\n'));
        const { writes, deletes } = pendingChanges(plan);
        applyChanges(work, writes, deletes);
      }),
    );

    const files = readdirSync(join(work, 'generated'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `generated/${f}`);
    const options = JSON.parse(readFileSync(join(work, 'tsconfig.json'), 'utf8')).compilerOptions as Record<
      string,
      unknown
    >;
    const flags = Object.entries(options).flatMap(([k, v]) =>
      v === true ? [`--${k}`] : Array.isArray(v) ? [`--${k}`, v.join(',')] : [`--${k}`, String(v)],
    );
    tsc.push(
      time(() =>
        must(
          spawnSync(
            process.execPath,
            ['node_modules/typescript/bin/tsc', '--ignoreConfig', ...flags, ...files],
            {
              cwd: work,
              encoding: 'utf8',
            },
          ),
          'tsc --noEmit',
        ),
      ),
    );
  }
  const files = readdirSync(join(work, 'generated')).length;
  const lines = readdirSync(join(work, 'generated')).reduce(
    (n, f) => n + readFileSync(join(work, 'generated', f), 'utf8').split('\n').length,
    0,
  );
  const [c, p, t] = [median(cli), median(inProcess), median(tsc)];
  const ms = (x: number) => `${x.toFixed(0).padStart(6)} ms`;
  console.log(`bench/gen: ${files} generated files, ${lines} lines; median of ${RUNS} runs`);
  console.log(`  factline gen (fresh process)     ${ms(c)}`);
  console.log(`  regeneration in-process          ${ms(p)}`);
  console.log(`  tsc --noEmit generated/*.ts      ${ms(t)}`);
  console.log(`  ratio gen(process) / tsc         ${(c / t).toFixed(2)}`);
  console.log(`  ratio gen(in-process) / tsc      ${(p / t).toFixed(2)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
