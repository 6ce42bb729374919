/**
 * vibevm's own tree, whole process: `factline check` cold and warm and
 * `factline report` with its caches warm and with `--no-cache` (vibevm's
 * specmap.toml as the config), against a bare remark-parse + remark-gfm process over the same spec/ files — the
 * ratios issue 38 set goals for (cold check 0.1x, report 0.3x of the bare
 * parse). The tree comes from vibevm's mirror (bench/real-repos.ts's
 * MIRRORS) at a commit, extracted blob by blob at bench time (the mirror
 * is a partial clone: absent blobs are skipped). Best of N in turns, wall
 * and CPU time. Then the page in Chromium (bench/page-open.ts): time to
 * ready, and opening its largest document, which the page renders then.
 * With `--before REF` the cold rows (`check --no-cache`, `report --no-cache`)
 * are also timed, in the same turns, with factline as it was at REF of this
 * repository (its tree taken out by `git archive` and built beside it), and
 * the after/before ratios printed. Last, the floor of the cold check in
 * the same turns (bench/floor-child.ts): the specs and the scanned Rust
 * listed, read, and parsed or lexed, with no check around them.
 *   node --import tsx bench/vibevm.ts [--runs N] [--commit SHA] [--before REF]
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectCacheDir } from '../engine/index.ts';
import { buildCli } from '../support/build-cli.ts';
import { buildBefore } from './build-before.ts';
import { childCpuMs } from './child-cpu.ts';
import { bundleFloorChild, FLOOR_STAGES, type FloorRow } from './floor.ts';
import { compareOpenings, describeOpening } from './page-open.ts';
import { extractCommit, MIRRORS } from './real-repos.ts';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 3;
const COMMIT = args.includes('--commit') ? args[args.indexOf('--commit') + 1]! : 'b4c2befd';
const BEFORE = args.includes('--before') ? args[args.indexOf('--before') + 1] : undefined;
const REPO = join(import.meta.dirname, '..');
const BIN = join(REPO, 'bin', 'factline.js');
const REMARK = join(import.meta.dirname, 'remark-child.mjs');

function timed(argv: string[], cwd: string): { wall: number; cpu: number; status: number | null } {
  const cpu = childCpuMs();
  const t = performance.now();
  const run = spawnSync(process.execPath, argv, { cwd, maxBuffer: 1 << 30 });
  return { wall: performance.now() - t, cpu: childCpuMs() - cpu, status: run.status };
}

const repo = join(MIRRORS, 'vibevm+vibevm', 'repo');
if (!existsSync(repo)) {
  console.log(`vibevm is not mirrored under ${MIRRORS}; nothing to measure`);
  process.exit(0);
}
// The compiled CLI as shipped: a stale build would silently run the sources through tsx.
await buildCli();
const root = mkdtempSync(join(tmpdir(), 'factline-vibevm-'));
const beforeDir = BEFORE === undefined ? undefined : mkdtempSync(join(tmpdir(), 'factline-before-'));
const floorDir = mkdtempSync(join(tmpdir(), 'factline-floor-'));
try {
  const floorChild = await bundleFloorChild(floorDir);
  const beforeBin = BEFORE === undefined ? undefined : buildBefore(BEFORE, beforeDir!);
  const written = extractCommit(repo, COMMIT, root);
  console.log(`vibevm at ${COMMIT}: ${written} files extracted`);
  const config = ['--config', 'specmap.toml'];
  const rows = {
    bare: [] as ReturnType<typeof timed>[],
    cold: [] as ReturnType<typeof timed>[],
    warm: [] as ReturnType<typeof timed>[],
    report: [] as ReturnType<typeof timed>[],
    reportCold: [] as ReturnType<typeof timed>[],
    reportEdited: [] as ReturnType<typeof timed>[],
    beforeCold: [] as ReturnType<typeof timed>[],
    beforeReportCold: [] as ReturnType<typeof timed>[],
  };
  // The floor of the cold check (bench/floor-child.ts): what vibevm's scan roots and spec root cost to read at all.
  const floorArgs = ['--code', 'crates', 'xtask', '--specs', 'spec'];
  const floors = [
    ...FLOOR_STAGES,
    { stage: 'specs', says: 'the specs alone, read and parsed' },
    { stage: 'specs', name: 'specs, 2 threads', says: 'the same on two threads', args: ['--threads', '2'] },
    { stage: 'code', says: 'the Rust alone, read and lexed' },
  ].map((f: FloorRow) => ({ ...f, runs: [] as ReturnType<typeof timed>[] }));
  // The everyday case between the two: one spec edited since the last report (a line added each turn).
  const edited = join(root, 'spec', 'common', 'PROP-000.md');
  const out = ['--quiet', '--out', join(root, 'report.html')];
  // Fill the caches once so the warm rows start warm.
  timed([BIN, 'check', ...config], root);
  timed([BIN, 'report', ...config, ...out], root);
  for (let i = 0; i < RUNS; i++) {
    rows.bare.push(timed([REMARK, 'spec'], root));
    if (beforeBin !== undefined)
      rows.beforeCold.push(timed([beforeBin, 'check', ...config, '--no-cache'], root));
    rows.cold.push(timed([BIN, 'check', ...config, '--no-cache'], root));
    rows.warm.push(timed([BIN, 'check', ...config], root));
    rows.report.push(timed([BIN, 'report', ...config, ...out], root));
    if (beforeBin !== undefined)
      rows.beforeReportCold.push(timed([beforeBin, 'report', ...config, '--no-cache', ...out], root));
    rows.reportCold.push(timed([BIN, 'report', ...config, '--no-cache', ...out], root));
    for (const f of floors) f.runs.push(timed([floorChild, f.stage, ...floorArgs, ...(f.args ?? [])], root));
    if (existsSync(edited)) {
      appendFileSync(edited, `\nEdited for the bench, turn ${i}.\n`);
      rows.reportEdited.push(timed([BIN, 'report', ...config, ...out], root));
    }
  }
  const best = (xs: ReturnType<typeof timed>[]) => ({
    wall: Math.min(...xs.map((x) => x.wall)),
    cpu: Math.min(...xs.map((x) => x.cpu)),
    status: xs[0]!.status,
  });
  const floor = best(rows.bare);
  const line = (name: string, r: ReturnType<typeof best>, goal?: string) =>
    console.log(
      `${name.padEnd(52)} ${r.wall.toFixed(0).padStart(6)} ms wall ${r.cpu.toFixed(0).padStart(6)} ms cpu   ${(r.wall / floor.wall).toFixed(2)}x / ${(r.cpu / floor.cpu).toFixed(2)}x of bare (exit ${r.status})${goal ? `  goal ${goal}` : ''}`,
    );
  console.log(`best of ${RUNS}, in turns; ratios are wall / cpu against the bare parse`);
  line('bare remark-parse + remark-gfm over spec/', floor);
  line('factline check --config specmap.toml, cold', best(rows.cold), '0.1x');
  line('factline check --config specmap.toml, warm', best(rows.warm));
  line('factline report --config specmap.toml (caches warm)', best(rows.report), '0.3x');
  if (rows.reportEdited.length > 0)
    line('factline report, spec/common/PROP-000.md edited', best(rows.reportEdited), '0.3x');
  line('factline report --config specmap.toml --no-cache', best(rows.reportCold), '0.3x');
  console.log(
    `the floor of the cold check in this runtime (bench/floor-child.ts, one thread unless named, no check around it): ${floors.map((f) => `${f.name ?? f.stage}: ${f.says}`).join('; ')}`,
  );
  for (const f of floors) line(`  floor: ${f.name ?? f.stage}`, best(f.runs));
  if (beforeBin !== undefined) {
    const pairs = [
      ['check --no-cache', best(rows.beforeCold), best(rows.cold)],
      ['report --no-cache', best(rows.beforeReportCold), best(rows.reportCold)],
    ] as const;
    for (const [name, before, after] of pairs) {
      line(`before (${BEFORE}): ${name}`, before);
      console.log(
        `${`  after / before, ${name}`.padEnd(52)} ${(after.wall / before.wall).toFixed(2)}x wall ${(after.cpu / before.cpu).toFixed(2)}x cpu`,
      );
    }
  }
  console.log(`report: ${(statSync(join(root, 'report.html')).size / 1e6).toFixed(2)} MB`);
  // The page renders a document when it is first shown: what the largest one costs there.
  const [opening] = (await compareOpenings([join(root, 'report.html')], RUNS)) ?? [];
  if (opening) console.log(describeOpening('page in Chromium', opening));
} finally {
  // Its cache folder too: it lies outside the tree, in the user's cache, and would outlive it.
  const cache = projectCacheDir(root);
  if (cache !== undefined) rmSync(cache, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
  if (beforeDir !== undefined) rmSync(beforeDir, { recursive: true, force: true });
  rmSync(floorDir, { recursive: true, force: true });
}
