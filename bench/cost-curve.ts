/**
 * The cost curve: `factline check` (whole process) cold (`--no-cache`) and
 * warm (cache filled, nothing changed) over generated projects, time and
 * peak memory (the child's max RSS), as the tree widens (files, at a fixed
 * number of facts) and as the specs grow (facts, at a fixed number of
 * files). Each source file cites one fact; every fifth file is a test that
 * verifies one. Facts sit in specs of at most 1,000 each. Linear and bounded
 * means: time per file and memory per file stay flat along each row.
 *   node --import tsx bench/cost-curve.ts [--max-files N] [--max-facts N]
 * (defaults 100,000 files and 100,000 facts; 1,000,000 files with --max-files 1000000)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const MAX_FILES = option('--max-files', 100_000);
const MAX_FACTS = option('--max-facts', 100_000);
const BIN = join(import.meta.dirname, '..', 'bin', 'factline.js');
const FACTS_PER_SPEC = 1_000;
/** Prints the child's peak resident set on exit (Node's own getrusage; no /usr/bin/time needed). */
const PEAK =
  'data:text/javascript,process.on("exit",()=>process.stderr.write("\\nfactline-peak-rss "+process.resourceUsage().maxRSS+"\\n"))';

function generate(root: string, files: number, facts: number): void {
  mkdirSync(join(root, 'specs'), { recursive: true });
  for (let s = 0; s * FACTS_PER_SPEC < facts; s++) {
    const lines = [`# Spec ${s}`, '', '@status:impl/done', ''];
    for (let f = s * FACTS_PER_SPEC; f < Math.min(facts, (s + 1) * FACTS_PER_SPEC); f++)
      lines.push(`- @fact:F-${f} The system handles case ${f} within its documented bounds.`, '');
    writeFileSync(join(root, 'specs', `spec${s}.md`), lines.join('\n'));
  }
  for (let i = 0; i < files; i++) {
    const test = i % 5 === 0;
    const dir = join(root, test ? 'test' : 'src', `m${Math.floor(i / 1000)}`);
    if (i % 1000 === 0 || i % 1000 === 1) mkdirSync(dir, { recursive: true });
    const s = Math.floor((i % facts) / FACTS_PER_SPEC);
    const cite = `// @${test ? 'verifies' : 'implements'} spec${s}#F-${i % facts}`;
    writeFileSync(
      join(dir, `file${i}${test ? '.test' : ''}.ts`),
      `${cite}\nexport function handle${i}(value: number): number {\n  return value * ${i % 97};\n}\n`,
    );
  }
  writeFileSync(
    join(root, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
}

function check(root: string, extra: string[]): { ms: number; mb: number; status: number | null } {
  const t = performance.now();
  const run = spawnSync(process.execPath, ['--import', PEAK, BIN, 'check', ...extra], {
    cwd: root,
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  const ms = performance.now() - t;
  const peak = /factline-peak-rss (\d+)/.exec(run.stderr ?? '');
  return { ms, mb: peak ? Number(peak[1]) / 1024 : Number.NaN, status: run.status };
}

function row(files: number, facts: number): void {
  const root = mkdtempSync(join(tmpdir(), 'factline-curve-'));
  try {
    generate(root, files, facts);
    const cold = check(root, ['--no-cache']);
    check(root, []); // fill the cache
    const warm = check(root, []);
    const cell = (r: typeof cold) =>
      `${(r.ms / 1000).toFixed(2).padStart(7)} s ${r.mb.toFixed(0).padStart(6)} MB ${((r.ms * 1000) / files).toFixed(0).padStart(5)} µs/file`;
    console.log(
      `${String(files).padStart(9)} ${String(facts).padStart(7)}  cold ${cell(cold)} (exit ${cold.status})  warm ${cell(warm)} (exit ${warm.status})`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

console.log('    files   facts  whole-process check: wall time, peak RSS, time per file');
console.log('-- files grow (1,000 facts):');
for (const files of [1_000, 10_000, 100_000, 1_000_000].filter((n) => n <= MAX_FILES)) row(files, 1_000);
console.log('-- facts grow (10,000 files):');
for (const facts of [100, 1_000, 10_000, 100_000].filter((n) => n <= MAX_FACTS)) row(10_000, facts);
