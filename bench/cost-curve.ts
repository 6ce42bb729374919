/**
 * The cost curve: `factline check` (whole process) cold (`--no-cache`),
 * warm (cache filled, nothing changed: the stored result answers by stats),
 * and after one source file was edited (the engine's warm path: the scan
 * cache answers every other file, and the run stores its result for the
 * next; once more with `FACTLINE_RESULT_CACHE=off`, which stores none) over generated projects, time and
 * peak memory (the child's max RSS), as the tree widens (files, at a fixed
 * number of facts) and as the specs grow (facts, at a fixed number of
 * files). Each source file cites one fact; every fifth file is a test that
 * verifies one. Facts sit in specs of at most 1,000 each. Linear and bounded
 * means: time per file and memory per file stay flat along each row.
 * With `--before REF` each row also times a build of REF cold on the same
 * tree, in turns with this one, and prints after / before.
 *   node --import tsx bench/cost-curve.ts [--max-files N] [--min-files N] [--max-facts N] [--before REF] [--runs N]
 * (defaults 100,000 files and 100,000 facts; 1,000,000 files with --max-files 1000000)
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { forgetStoredResults, projectCacheDir } from '../engine/index.ts';
import { buildCli } from '../support/build-cli.ts';
import { buildBefore } from './build-before.ts';
import { childCpuMs } from './child-cpu.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const MAX_FILES = option('--max-files', 100_000);
const MAX_FACTS = option('--max-facts', 100_000);
/** Skips the narrower rows (`--min-files 1000000` runs the widest alone). */
const MIN_FILES = option('--min-files', 0);
const BEFORE = args.includes('--before') ? args[args.indexOf('--before') + 1] : undefined;
/** Cold runs per row; by default three where a run is short, one from 100,000 files on. */
const RUNS = option('--runs', 0);
const BIN = join(import.meta.dirname, '..', 'bin', 'factline.js');
const FACTS_PER_SPEC = 1_000;
/**
 * Prints the child's peak resident set on exit, in KB: the kernel's VmHWM of
 * the child's own address space. Not getrusage's maxRSS, which Linux carries
 * across exec: a child forked from this bench starts with the bench's resident
 * set as its peak (a 300 MB parent made a 43 MB child read 297 MB). maxRSS is
 * the fallback where /proc is absent.
 */
const PEAK =
  'data:text/javascript,import { readFileSync } from "node:fs"; process.on("exit", () => { let kb = process.resourceUsage().maxRSS; try { kb = Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]); } catch {} process.stderr.write("\\nfactline-peak-rss " + kb + "\\n"); });';

/**
 * File `i` cites fact `i % facts`, so (every count here a multiple of five)
 * a fact's citing files are all tests or all sources: each fact requires
 * just that evidence, and a fact no file cites (more facts than files) is
 * still being specified. The gate is green, as a project in daily use is:
 * the curve times reading and joining, not printing a finding per fact.
 */
function factLine(f: number, files: number): string {
  const text = `The system handles case ${f} within its documented bounds.`;
  if (f >= files) return `- @fact:F-${f} ${text} @status:spec/work`;
  return `- @fact:F-${f} @requires:${f % 5 === 0 ? 'verification' : 'implementation'} ${text}`;
}

function generate(root: string, files: number, facts: number): void {
  mkdirSync(join(root, 'specs'), { recursive: true });
  for (let s = 0; s * FACTS_PER_SPEC < facts; s++) {
    const lines = [`# Spec ${s}`, '', '@status:impl/done', ''];
    for (let f = s * FACTS_PER_SPEC; f < Math.min(facts, (s + 1) * FACTS_PER_SPEC); f++)
      lines.push(factLine(f, files), '');
    writeFileSync(join(root, 'specs', `spec${s}.md`), lines.join('\n'));
  }
  for (let i = 0; i < files; i++) {
    const test = i % 5 === 0;
    const dir = join(root, test ? 'test' : 'src', `m${Math.floor(i / 1000)}`);
    if (i % 1000 === 0 || i % 1000 === 1) mkdirSync(dir, { recursive: true });
    const s = Math.floor((i % facts) / FACTS_PER_SPEC);
    const cite = `// @${test ? 'verifies' : 'implements'} spec${s}#F-${i % facts}`;
    const code = `export function handle${i}(value: number): number {\n  return value * ${i % 97};\n}\n`;
    // A test's citation sits in a test block: a `@verifies` in none is unconfirmed and its fact a gap.
    const text = test
      ? `${code}\nit('handles case ${i}', () => {\n  ${cite}\n  expect(handle${i}(2)).toBe(${(i % 97) * 2});\n});\n`
      : `${cite}\n${code}`;
    writeFileSync(join(dir, `file${i}${test ? '.test' : ''}.ts`), text);
  }
  writeFileSync(
    join(root, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
}

interface Run {
  ms: number;
  cpu: number;
  mb: number;
  status: number | null;
}

function check(root: string, extra: string[], bin = BIN, env: NodeJS.ProcessEnv = {}): Run {
  const t = performance.now();
  const c = childCpuMs();
  const run = spawnSync(process.execPath, ['--import', PEAK, bin, 'check', ...extra], {
    cwd: root,
    maxBuffer: 1 << 30,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const ms = performance.now() - t;
  const peak = /factline-peak-rss (\d+)/.exec(run.stderr ?? '');
  if (run.status !== 0)
    process.stderr.write(`check ${extra.join(' ')} exit ${run.status}: ${run.stderr.slice(-600)}\n`);
  return { ms, cpu: childCpuMs() - c, mb: peak ? Number(peak[1]) / 1024 : Number.NaN, status: run.status };
}

const best = (runs: Run[]): Run => ({
  ...runs.reduce((a, b) => (a.ms <= b.ms ? a : b)),
  cpu: Math.min(...runs.map((r) => r.cpu)),
  mb: Math.max(...runs.map((r) => r.mb)),
});

/** Waits until files written now are older than the scan cache's racy window (engine#RACY-CLEAN), so a warm run is answered by stats. */
function settle(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_100);
}

/** Bytes and inodes a tree of `files` takes (a file's text fits one 4 KB block; folders of 1,000). */
const need = (files: number) => ({ bytes: files * 4096 * 1.1, inodes: files * 1.01 + 1_000 });

/** Whether /tmp can hold the tree; when not, the row says why in numbers instead of failing midway. */
function roomFor(files: number): string | undefined {
  const fs = statfsSync(tmpdir());
  const { bytes, inodes } = need(files);
  const freeBytes = fs.bavail * fs.bsize;
  if (freeBytes < bytes * 1.2)
    return `needs ~${(bytes / 1e9).toFixed(1)} GB, ${tmpdir()} has ${(freeBytes / 1e9).toFixed(1)} GB free`;
  if (fs.ffree < inodes * 1.2) return `needs ~${inodes.toFixed(0)} inodes, ${tmpdir()} has ${fs.ffree} free`;
  return undefined;
}

function row(files: number, facts: number, beforeBin?: string): void {
  const short = roomFor(files);
  if (short !== undefined) {
    console.log(`${String(files).padStart(9)} ${String(facts).padStart(7)}  not run: ${short}`);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'factline-curve-'));
  try {
    generate(root, files, facts);
    settle();
    check(root, []); // fill the cache
    // Best of three in turns where a run is short; one each from 100,000 files on.
    const runs = RUNS > 0 ? RUNS : files >= 100_000 ? 1 : 3;
    const colds: Run[] = [];
    const warms: Run[] = [];
    const beforeColds: Run[] = [];
    const edits: Run[] = [];
    const editsUnstored: Run[] = [];
    // A source file (every fifth is a test) edited before each such run, then left to settle as an edit before a run does.
    const edit = (turn: number) => {
      appendFileSync(join(root, 'src', 'm0', `file${1 + (turn % 4)}.ts`), `// edited, turn ${turn}\n`);
      settle();
    };
    for (let i = 0; i < runs; i++) {
      if (beforeBin !== undefined) beforeColds.push(check(root, ['--no-cache'], beforeBin));
      colds.push(check(root, ['--no-cache']));
      // The last turn's edits left no stored result for this state (its last run stored none): one run
      // stores it, so the warm run is the stored answer every turn, not an engine run now and then.
      if (i > 0) check(root, []);
      warms.push(check(root, []));
      edit(2 * i);
      edits.push(check(root, []));
      edit(2 * i + 1);
      editsUnstored.push(check(root, [], BIN, { FACTLINE_RESULT_CACHE: 'off' }));
    }
    const [cold, warm, edited, editedUnstored] = [best(colds), best(warms), best(edits), best(editsUnstored)];
    const cell = (r: Run) =>
      `${(r.ms / 1000).toFixed(2).padStart(7)} s (cpu ${(r.cpu / 1000).toFixed(2).padStart(6)} s) ${r.mb.toFixed(0).padStart(5)} MB ${((r.ms * 1000) / files).toFixed(0).padStart(4)} µs/file`;
    console.log(
      `${String(files).padStart(9)} ${String(facts).padStart(7)}  cold ${cell(cold)} exit ${cold.status}  warm ${cell(warm)} exit ${warm.status}  load ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `${''.padStart(17)}  one file edited: ${cell(edited)} exit ${edited.status}  the same, storing no result: ${cell(editedUnstored)} exit ${editedUnstored.status}`,
    );
    if (beforeColds.length > 0) {
      const before = best(beforeColds);
      console.log(
        `${''.padStart(17)}  before (${BEFORE}) cold ${cell(before)} exit ${before.status}  after / before ${(cold.ms / before.ms).toFixed(2)}x wall ${(cold.cpu / before.cpu).toFixed(2)}x cpu ${(cold.mb / before.mb).toFixed(2)}x RSS`,
      );
    }
  } finally {
    // Its cache folder too: it lies outside the tree, in the user's cache, and would outlive it.
    const cache = projectCacheDir(root);
    if (cache !== undefined) rmSync(cache, { recursive: true, force: true });
    forgetStoredResults(root);
    rmSync(root, { recursive: true, force: true });
  }
}

// The compiled CLI as shipped: a stale build would silently run the sources through tsx.
await buildCli();
const beforeDir = BEFORE === undefined ? undefined : mkdtempSync(join(tmpdir(), 'factline-before-'));
const beforeBin = BEFORE === undefined ? undefined : buildBefore(BEFORE, beforeDir!);
process.on('exit', () => {
  if (beforeDir !== undefined) rmSync(beforeDir, { recursive: true, force: true });
});
console.log(
  `    files   facts  whole-process check: wall time (child CPU time), peak RSS, wall time per file; ${cpus().length} CPU(s), node ${process.version}`,
);
console.log('-- files grow (1,000 facts):');
for (const files of [1_000, 10_000, 100_000, 1_000_000].filter((n) => n <= MAX_FILES && n >= MIN_FILES))
  row(files, 1_000, beforeBin);
console.log('-- facts grow (10,000 files):');
if (MIN_FILES <= 10_000)
  for (const facts of [100, 1_000, 10_000, 100_000].filter((n) => n <= MAX_FACTS))
    row(10_000, facts, beforeBin);
