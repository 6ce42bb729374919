/**
 * bench/check: `factline check` over a generated tree (2,000 facts in 20
 * specs, 20,000 source and test files, 100,000 citations) against ripgrep
 * finding the same citation tags in the same run. Prints both times, the
 * ratio, and where factline's time goes (phases). Side by side with them:
 * a fresh checkout's first run (the cache on but empty), `check --changed`
 * after a one-file edit of the tree committed to git, and
 * the typo tree (2,000 files whose 10,000 citations are mistyped) against
 * the clean one. Beside the synthetic rows, real code: the TS/JS files of
 * eslint, typescript-eslint, knip and vue core (bench/real-repos.ts, from
 * their mirrors), one citation appended to each, cold and warm against rg
 * (`--real-only` runs just those rows), and again with one fact per file
 * (one spec of as many facts as files: the shape where reading specs is
 * what a cold run pays for). The real-code rows run two builds side by
 * side: the checkout's bin/factline.js (it hashes every source to know its
 * build is fresh) and the same build laid out as an installed package
 * (bench/installed-copy.ts), which is what a user runs. Beneath them, in
 * the same turns, the floor (bench/floor-child.ts): the least a cold check
 * does in this runtime, stage by stage (start, list, read, lex), with no
 * check around it, so a cold row's ratio can be read against what Node
 * itself costs on the same files. Run:
 *   node --import tsx bench/check.ts [--files N] [--runs N] [--real-runs N] [--keep] [--real-only]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { forgetStoredResults, loadConfig, Project, projectCacheDir } from '../engine/index.ts';
import { buildCli } from '../support/build-cli.ts';
import { childCpuMs } from './child-cpu.ts';
import { bundleFloorChild, compileFloorScanner, FLOOR_STAGES } from './floor.ts';
import { type Installed, installedCopy } from './installed-copy.ts';
import { codeFilesUnder, extractRepos, SPEED_REPOS } from './real-repos.ts';
import { FACTS_PER_SPEC, fileOf, generateTree, SPECS } from './synthetic-tree.ts';

const args = process.argv.slice(2);
const FILES = Number(args[args.indexOf('--files') + 1]) || 20_000;
/** Runs per whole-process row, each right after an rg run: the row's ratio is best against best of its own turns. */
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 5;

function ensureRipgrep(): string {
  const which = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' });
  if (which.status === 0) return which.stdout.trim();
  console.log('ripgrep missing: apt-get install -y ripgrep');
  const install = spawnSync(
    'sh',
    [
      '-c',
      'apt-get install -y ripgrep >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y ripgrep >/dev/null 2>&1)',
    ],
    {
      stdio: 'inherit',
    },
  );
  if (install.status !== 0) throw new Error('could not install ripgrep (apt-get install -y ripgrep)');
  return execFileSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).trim();
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

const BIN = join(import.meta.dirname, '..', 'bin', 'factline.js');

/** One timed whole-process `factline check` with extra flags. */
function timedCheck(root: string, extra: string[]): { time: number; status: number | null } {
  const t = performance.now();
  const run = spawnSync(process.execPath, [BIN, 'check', ...extra], { cwd: root, maxBuffer: 1 << 30 });
  return { time: performance.now() - t, status: run.status };
}

const bestOf = (runs: { time: number; status: number | null }[]) =>
  runs.reduce((a, b) => (a.time <= b.time ? a : b));

/**
 * The tree as one git commit, then `check --changed` after a one-file edit,
 * as a pre-commit hook runs it: each of the three runs edits a different
 * source file (the previous edit reverted), so the edited file is never in
 * the scan cache already.
 */
function changedAfterOneEdit(root: string, rg: () => number) {
  const git = (...a: string[]) =>
    execFileSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=bench', ...a], {
      cwd: root,
      stdio: 'ignore',
    });
  writeFileSync(join(root, '.gitignore'), '.factline-cache/\n');
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'bench tree');
  const rgTimes: number[] = [];
  const runs = Array.from({ length: RUNS }, (_, k) => k + 1).map((i) => {
    git('checkout', '-q', '--', 'src');
    const file = join(root, fileOf(i));
    const text = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      text.replace(/FACT-(\d+)/, (_, n) => `FACT-${(Number(n) + 1) % FACTS_PER_SPEC}`),
    );
    rgTimes.push(rg());
    return timedCheck(root, ['--changed']);
  });
  git('checkout', '-q', '--', 'src');
  return { ...bestOf(runs), rg: Math.min(...rgTimes) };
}

/**
 * The cold run with the scan pool (engine/parallel/pool.ts) switched off and
 * forced on, in turns (the machine is shared), best of 3 each with its CPU
 * time; and whether their `--json` is the same bytes.
 */
function poolAgainstSingle(root: string) {
  const run = (mode: string, extra: string[] = []) => {
    const t = performance.now();
    const c = childCpuMs();
    const r = spawnSync(process.execPath, [BIN, 'check', '--no-cache', ...extra], {
      cwd: root,
      maxBuffer: 1 << 30,
      env: { ...process.env, FACTLINE_SCAN_POOL: mode },
    });
    return { time: performance.now() - t, cpu: childCpuMs() - c, status: r.status, stdout: r.stdout };
  };
  const off: ReturnType<typeof run>[] = [];
  const on: ReturnType<typeof run>[] = [];
  for (let round = 0; round < 3; round++) {
    if (round % 2 === 0) off.push(run('off'));
    on.push(run('always'));
    if (round % 2 === 1) off.push(run('off'));
  }
  const sameJson = run('off', ['--json']).stdout.equals(run('always', ['--json']).stdout);
  const cpuOfBest = (runs: ReturnType<typeof run>[]) => ({
    ...bestOf(runs),
    cpu: Math.min(...runs.map((r) => r.cpu)),
  });
  return { off: cpuOfBest(off), on: cpuOfBest(on), sameJson };
}

/** One edit at a place that moves with `k` (drop, double or change a character), never another real id. */
function typo(id: string, k: number): string {
  const at = (k * 7) % id.length;
  const edited =
    k % 3 === 0
      ? id.slice(0, at) + id.slice(at + 1)
      : k % 3 === 1
        ? id.slice(0, at) + id[at] + id.slice(at)
        : `${id.slice(0, at)}X${id.slice(at + 1)}`;
  return /^S\d+-FACT-\d+$/.test(edited) ? `${id}X` : edited;
}

/**
 * The typo tree: 2,000 of the files (half sources, half tests) with every
 * citation's id mistyped, each by a different edit, so ten thousand unknown
 * citations ask did-you-mean for mostly distinct names. `use` switches the
 * tree between its clean and its typo texts, so the two are timed in turns.
 */
function typoTree(root: string) {
  const files: { path: string; clean: string; typos: string }[] = [];
  let citations = 0;
  for (let i = 0; i < FILES && files.length < 2_000; i++) {
    if (i % 20 !== 4 && i % 20 !== 5) continue;
    const path = join(root, fileOf(i));
    const clean = readFileSync(path, 'utf8');
    const typos = clean.replace(/(@(?:implements|verifies) spec\d+#)(S\d+-FACT-\d+)/g, (_, tag, id) => {
      citations++;
      return `${tag}${typo(id, citations)}`;
    });
    files.push({ path, clean, typos });
  }
  const use = (which: 'clean' | 'typos') => {
    for (const f of files) writeFileSync(f.path, f[which]);
  };
  return { files: files.length, citations, use };
}

/** The typo tree against the clean one, uncached (as the issue measured it), in turns, best of 3 each. */
function typoAgainstClean(root: string) {
  const tree = typoTree(root);
  const clean: { time: number; status: number | null }[] = [];
  const typos: { time: number; status: number | null }[] = [];
  for (let round = 0; round < 3; round++) {
    tree.use('typos');
    typos.push(timedCheck(root, ['--no-cache']));
    tree.use('clean');
    clean.push(timedCheck(root, ['--no-cache']));
  }
  return { ...tree, clean: bestOf(clean), typos: bestOf(typos) };
}

/** Runs per real-code row, each right after an rg run; the rows print medians (the machine is shared). */
const REAL_RUNS = Number(args[args.indexOf('--real-runs') + 1]) || 5;

/** Facts of the real-code project: each file cites one of them, a test file with `@verifies`. */
const REAL_FACTS = 200;
const REAL_TEST_GLOBS = ['**/*.test.*', '**/*.spec.*', '**/test/**', '**/tests/**', '**/__tests__/**'];
/** Paths the gate never lists whatever the config says: dot files and folders, node_modules, dist, build. */
const NEVER_LISTED = /\/(?:\.|(?:node_modules|dist|build)\/)/;
const TEST_PATH = /\/(?:test|tests|__tests__)\/|\.(?:test|spec)\./;
/** A focused test (`it.only`, `describe['only']`): the runner runs only those in its file. */
const ONLY_MARK = /\.only\b|\[\s*(['"`])only\1\s*\]/;

/**
 * The real-code rows: a project over the four repositories' TS/JS files, one
 * `// @implements` appended to each, whole process `check` cold
 * (`--no-cache`) and warm against `rg -c` of the same tags, best of 3 in
 * turns (each factline run right after an rg run), printed as ratios.
 */
async function realCodeRows(
  rg: string,
  onePerFile: boolean,
  installed: Installed,
  floor: Floor,
): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'factline-bench-real-'));
  const { extracted, missing } = extractRepos(SPEED_REPOS, join(root, 'code'));
  if (extracted.length === 0) {
    // Not mirrored here: the shared corpus's real TS/JS files of nine other projects stand in.
    const jsReal = resolve(
      process.env.FACTLINE_SHARED ?? join(import.meta.dirname, '..', '..', 'shared'),
      'corpus/js-real',
    );
    if (!existsSync(jsReal)) {
      console.log(
        `real code: none of ${SPEED_REPOS.join(', ')} is mirrored (fetch them first); rows skipped`,
      );
      return;
    }
    cpSync(jsReal, join(root, 'code'), { recursive: true });
    extracted.push({
      repo: `${jsReal} (${SPEED_REPOS.join(', ')} not mirrored)`,
      commit: 'shared',
      dir: join(root, 'code'),
    });
  }
  // Both sides read the same files: those the gate never lists (engine/gate/files.ts ALWAYS_IGNORED, dot
  // paths) are removed, and the config has no `ignore`, so the fixtures folders count too.
  const code = extracted
    .flatMap(({ dir }) => codeFilesUnder(dir))
    .filter((file) => {
      const listed = !NEVER_LISTED.test(file.slice(root.length));
      if (!listed) rmSync(file);
      return listed;
    });
  // Few facts (spec reading is cheap), or one fact per file: one spec as big as the tree is wide.
  const factCount = onePerFile ? code.length : REAL_FACTS;
  const verbs: ('implements' | 'verifies')[] = [];
  const focused = new Set<number>();
  let files = 0;
  let bytes = 0;
  for (const file of code) {
    const verb = TEST_PATH.test(file.slice(root.length)) ? 'verifies' : 'implements';
    const tag = `// @${verb} real#R-${files % factCount}`;
    const original = readFileSync(file, 'utf8');
    // A test's citation sits in a test block, as the gate wants it (a `@verifies` in no test block is
    // unconfirmed). A file that focuses tests (`it.only`) would skip that block, an error: it cites
    // nothing, and its fact (one per file) is still being worked on.
    const isFocused = verb === 'verifies' && ONLY_MARK.test(original);
    if (isFocused) focused.add(files % factCount);
    const cited = isFocused
      ? ''
      : verb === 'verifies'
        ? `it('cites R-${files % factCount}', () => {\n  ${tag}\n});\n`
        : `${tag}\n`;
    const text = `${original}\n${cited}`;
    writeFileSync(file, text);
    verbs.push(verb);
    files++;
    bytes += Buffer.byteLength(text);
  }
  mkdirSync(join(root, 'specs'));
  // One fact per file needs just the evidence its one citation gives, so the gate is green, as a
  // project in daily use is (a red one would time the printing of thousands of findings).
  const requires = (i: number) =>
    onePerFile && !focused.has(i)
      ? ` @requires:${verbs[i] === 'verifies' ? 'verification' : 'implementation'}`
      : '';
  // A fact whose only test sits beside an `.only` is uncited and needs nothing yet (status work, no @requires).
  const status = (i: number) => (onePerFile && focused.has(i) ? 'impl/work' : 'impl/done');
  const facts = Array.from(
    { length: factCount },
    (_, i) => `@fact:R-${i}${requires(i)} Fact ${i}. @status:${status(i)}\n`,
  );
  writeFileSync(join(root, 'specs', 'real.md'), `# Real {#root}\n\n${facts.join('\n')}`);
  const globs = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'].map((ext) => `code/**/*.${ext}`);
  writeFileSync(
    join(root, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/**/*.md'], sources: globs, tests: REAL_TEST_GLOBS, ignore: [] }),
  );
  const specBytes = Buffer.byteLength(facts.join('\n'));
  console.log(
    `real code: ${extracted.map((e) => `${e.repo}@${e.commit.slice(0, 12)}`).join(', ')}${missing.length > 0 ? ` (not mirrored: ${missing.join(', ')})` : ''}; ${files} files, ${(bytes / 1e6).toFixed(1)} MB, one citation each; ${factCount} facts in one spec (${(specBytes / 1024).toFixed(0)} KB)`,
  );
  const runRg = () => {
    const t = performance.now();
    const c = childCpuMs();
    spawnSync(rg, ['--no-heading', '-o', '-c', '@(implements|verifies|deviates)\\s+[^\\s]+', 'code'], {
      cwd: root,
      maxBuffer: 1 << 28,
    });
    return { time: performance.now() - t, cpu: childCpuMs() - c };
  };
  runRg();
  // The checkout's CLI and the same build installed (bench/installed-copy.ts), each with its own cache
  // home: the two key their code differently, and sharing one cache would turn every switch into a rebuild.
  const variants = [
    { name: 'checkout', bin: BIN, env: process.env },
    {
      name: 'installed',
      bin: installed.bin,
      env: { ...process.env, XDG_CACHE_HOME: installed.cacheHome },
    },
  ];
  type Run = { time: number; cpu: number; status: number | null };
  const timed = (bin: string, env: NodeJS.ProcessEnv, argv: string[]): Run => {
    const t = performance.now();
    const c = childCpuMs();
    const run = spawnSync(process.execPath, [bin, ...argv], { cwd: root, env, maxBuffer: 1 << 30 });
    return { time: performance.now() - t, cpu: childCpuMs() - c, status: run.status };
  };
  // The tree was just written: a stored whole result needs every input two seconds old (engine#WHOLE-RESULT-SETTLED-INPUTS).
  await new Promise((settled) => setTimeout(settled, 2_100));
  for (const v of variants) timed(v.bin, v.env, ['check']); // fill the caches
  const rgTimes: { time: number; cpu: number }[] = [];
  const rows = variants.map((v) => ({
    ...v,
    warm: [] as Run[],
    engine: [] as Run[],
    cold: [] as Run[],
    coldAlone: [] as Run[],
  }));
  // The floor (bench/floor-child.ts): the least a cold check does, stage by stage, in the same turns.
  const floorArgs = ['--code', join(root, 'code'), '--specs', join(root, 'specs')];
  const compiled = 'skipped' in floor.compiled ? [] : [floor.compiled];
  const floors = [...FLOOR_STAGES, ...compiled].map((f) => ({ ...f, runs: [] as Run[] }));
  for (let round = 0; round < REAL_RUNS; round++) {
    for (const row of rows) {
      rgTimes.push(runRg());
      row.warm.push(timed(row.bin, row.env, ['check']));
      // The warm run before the stored whole result (engine#WHOLE-RESULT-KEY): the engine's warm path.
      rgTimes.push(runRg());
      row.engine.push(timed(row.bin, { ...row.env, FACTLINE_RESULT_CACHE: 'off' }, ['check']));
      rgTimes.push(runRg());
      row.cold.push(timed(row.bin, row.env, ['check', '--no-cache']));
      // The same with its files read on this thread (engine#READS-ON-A-HELPER off): what the read helper saves.
      rgTimes.push(runRg());
      row.coldAlone.push(timed(row.bin, { ...row.env, FACTLINE_SCAN_POOL: 'off' }, ['check', '--no-cache']));
    }
    for (const f of floors) {
      rgTimes.push(runRg());
      f.runs.push(timed(floor.child, process.env, [f.stage, ...floorArgs, ...(f.args ?? [])]));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  const rgWall = median(rgTimes.map((r) => r.time));
  const rgCpu = median(rgTimes.map((r) => r.cpu));
  const line = (name: string, runs: Run[], goal: string) => {
    const wall = median(runs.map((r) => r.time));
    const cpu = median(runs.map((r) => r.cpu));
    console.log(
      `  ${name.padEnd(40)} wall ${ms(wall).padStart(8)} ${(wall / rgWall).toFixed(1).padStart(5)}x rg   cpu ${ms(cpu).padStart(8)} ${(cpu / rgCpu).toFixed(1).padStart(5)}x rg  exit ${runs[0]!.status}  ${goal}`,
    );
  };
  console.log(
    `real code${onePerFile ? ', one fact per file' : ''}, whole process, medians of ${REAL_RUNS} in turns with rg (cpu: user + system of the process):`,
  );
  console.log(
    `  ${'rg -c (citation tags)'.padEnd(40)} wall ${ms(rgWall).padStart(8)}          cpu ${ms(rgCpu).padStart(8)}`,
  );
  for (const row of rows) {
    line(
      `factline check, warm (${row.name})`,
      row.warm,
      onePerFile ? 'goal: within 2x rg' : 'goal: within 3x rg',
    );
    line(
      `  warm, no stored result (${row.name})`,
      row.engine,
      'FACTLINE_RESULT_CACHE=off: the warm path before',
    );
    line(
      `factline check --no-cache (${row.name})`,
      row.cold,
      onePerFile ? 'goal: within 4x rg' : 'goal: within 8x rg',
    );
    line(
      `  --no-cache, read helper off (${row.name})`,
      row.coldAlone,
      'FACTLINE_SCAN_POOL=off: no helper thread',
    );
  }
  console.log(
    '  the floor of a cold check in this runtime (bench/floor-child.ts, one thread unless named, no check around it):',
  );
  for (const f of floors) line(`  floor: ${f.name ?? f.stage}`, f.runs, f.says);
  if ('skipped' in floor.compiled) console.log(`    floor: compiled skipped: ${floor.compiled.skipped}`);
  if (!args.includes('--keep')) dropTree(root);
}

/** The temp tree and its cache folder (outside the tree, in the user's cache: it would outlive the tree). */
function dropTree(root: string): void {
  const cache = projectCacheDir(root);
  if (cache !== undefined) rmSync(cache, { recursive: true, force: true });
  forgetStoredResults(root);
  rmSync(root, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const rg = ensureRipgrep();
  if (args.includes('--real-only')) {
    await buildCli();
    await realRows(rg);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'factline-bench-'));
  const g0 = performance.now();
  const { citations } = generateTree(root, FILES);
  console.log(
    `tree: ${SPECS * FACTS_PER_SPEC} facts in ${SPECS} specs, ${FILES} files, ${citations} citations (generated in ${ms(performance.now() - g0)}) at ${root}`,
  );
  console.log(`machine: ${cpus().length} CPU(s), node ${process.version}`);
  const pattern = '@(implements|verifies|deviates)\\s+[^\\s]+';
  const runRg = () => {
    const t = performance.now();
    const r = spawnSync(rg, ['--no-heading', '-o', '-c', pattern, 'src', 'test'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const time = performance.now() - t;
    const matches = r.stdout
      .split('\n')
      .filter(Boolean)
      .reduce((n, l) => n + Number(l.split(':').pop()), 0);
    return { time, matches };
  };
  // Warm the page cache for both, then measure.
  runRg();
  const io = { cwd: root, env: {}, stdout: process.stdout, stderr: process.stderr };
  const config = loadConfig(root);
  await new Project(io, config).check({ cache: false });

  const rgRuns = [runRg(), runRg(), runRg()];
  const rgTime = Math.min(...rgRuns.map((r) => r.time));
  console.log(
    `ripgrep: ${ms(rgTime)} (best of 3), ${rgRuns[0]!.matches} tag matches (the string decoys included)`,
  );

  const runs: { time: number; timings: Record<string, number>; found: number; findings: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const timings: Record<string, number> = {};
    const t = performance.now();
    const { result } = await new Project(io, config).check({ cache: false, timings });
    runs.push({
      time: performance.now() - t,
      timings,
      found: result.citations.length,
      findings: result.findings.length,
    });
  }
  const best = runs.reduce((a, b) => (a.time <= b.time ? a : b));
  console.log(
    `factline (in-process, no cache): ${ms(best.time)} (best of 3), ${best.found} citations, ${best.findings} findings`,
  );
  console.log(
    `  phases: ${Object.entries(best.timings)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ')}  (read is part of read+scan)`,
  );

  rmSync(projectCacheDir(root)!, { recursive: true, force: true });
  await new Project(io, config).check({ cache: true });
  const cached: number[] = [];
  let cachedTimings: Record<string, number> = {};
  for (let i = 0; i < 3; i++) {
    const timings: Record<string, number> = {};
    const t = performance.now();
    await new Project(io, config).check({ cache: true, timings });
    cached.push(performance.now() - t);
    cachedTimings = timings;
  }
  const cachedBest = Math.min(...cached);
  console.log(
    `factline (in-process, warm content-hash caches: scan results and parsed specs): ${ms(cachedBest)}  phases: ${Object.entries(
      cachedTimings,
    )
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ')}`,
  );

  // The whole process as a user runs it: console report, start-up included,
  // through the compiled CLI as shipped (a stale build would silently run the sources).
  await buildCli();
  const bin = join(import.meta.dirname, '..', 'bin', 'factline.js');
  // Each run right after an rg run (in turns): a machine that gets busier slows both sides of the ratio.
  const cliBest = (extra: string[], env: NodeJS.ProcessEnv = {}, before?: () => void) => {
    const times: number[] = [];
    const cpu: number[] = [];
    const rgTimes: number[] = [];
    let status: number | null = null;
    for (let i = 0; i < RUNS; i++) {
      before?.();
      rgTimes.push(runRg().time);
      const t = performance.now();
      const c = childCpuMs();
      const cli = spawnSync(process.execPath, [bin, 'check', ...extra], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 1 << 30,
        env: { ...process.env, ...env },
      });
      times.push(performance.now() - t);
      cpu.push(childCpuMs() - c);
      status = cli.status;
    }
    return { time: Math.min(...times), status, cpu: Math.min(...cpu), rg: Math.min(...rgTimes) };
  };
  // The build just rewrote dist/: a run stores its whole result only once every input, factline's own
  // files included, is two seconds old (engine#WHOLE-RESULT-SETTLED-INPUTS), as a user's install is.
  await new Promise((settled) => setTimeout(settled, 2_100));
  spawnSync(process.execPath, [bin, 'check'], { cwd: root, maxBuffer: 1 << 30 }); // fill the caches
  const warm = cliBest([]);
  const warmEngine = cliBest([], { FACTLINE_RESULT_CACHE: 'off' });
  const cold = cliBest(['--no-cache']);
  const json = cliBest(['--json']);
  // The same warm run from the TypeScript sources (what every run cost before the compiled CLI).
  const fromSource = cliBest([], { FACTLINE_FROM_SOURCE: '1', FACTLINE_RESULT_CACHE: 'off' });
  // A fresh checkout's run (CI without a restored cache): the cache is on but holds nothing yet.
  const firstRun = cliBest([], { FACTLINE_RESULT_CACHE: 'off' }, () =>
    rmSync(projectCacheDir(root)!, { recursive: true, force: true }),
  );
  spawnSync(process.execPath, [bin, 'check'], { cwd: root, maxBuffer: 1 << 30 }); // the cache as the warm rows left it

  console.log('');
  console.log(`ratio factline/ripgrep, in-process, no cache:   ${(best.time / rgTime).toFixed(1)}x`);
  console.log(`ratio factline/ripgrep, in-process, warm cache: ${(cachedBest / rgTime).toFixed(1)}x`);
  console.log('');
  console.log(
    `side by side, whole process: the first rows best of ${RUNS}, each run right after an rg run, the ratio against the best of those rg runs:`,
  );
  const row = (name: string, time: number, note = '', rg = rgTime) =>
    console.log(
      `  ${name.padEnd(34)} ${ms(time).padStart(9)}  ${(time / rg).toFixed(1).padStart(5)}x rg${note}`,
    );
  row('rg -c (citation tags)', rgTime, '  (best of 3, before the rows)');
  // CPU time (user + system) of the child too: on a loaded machine it moves far less than wall time.
  const cpuNote = (run: { cpu: number; status: number | null; rg?: number }, goal = '') =>
    `  exit ${run.status}  cpu ${ms(run.cpu).padStart(8)}${run.rg === undefined ? '' : `  rg in turns ${ms(run.rg)}`}${goal}`;
  row('factline check (warm cache)', warm.time, cpuNote(warm, '  goal: within 4x rg'), warm.rg);
  row(
    '  warm, no stored result',
    warmEngine.time,
    cpuNote(warmEngine, '  FACTLINE_RESULT_CACHE=off'),
    warmEngine.rg,
  );
  row('factline check --no-cache (cold)', cold.time, cpuNote(cold, '  goal: within 8x rg'), cold.rg);
  row('factline check --json (warm)', json.time, cpuNote(json), json.rg);
  row('  same warm run from sources (tsx)', fromSource.time, cpuNote(fromSource), fromSource.rg);
  row('check, first run (no cache yet)', firstRun.time, cpuNote(firstRun), firstRun.rg);
  const pool = poolAgainstSingle(root);
  row('check --no-cache, scan pool off', pool.off.time, cpuNote(pool.off));
  row(
    'check --no-cache, scan pool on',
    pool.on.time,
    `${cpuNote(pool.on)}  ${(pool.on.time / pool.off.time).toFixed(2)}x pool off, --json ${pool.sameJson ? 'identical' : 'DIFFERS'}`,
  );
  const changed = changedAfterOneEdit(root, () => runRg().time);
  row(
    'check --changed, 1 file edited',
    changed.time,
    `  exit ${changed.status}  rg in turns ${ms(changed.rg)}  goal: within 2x rg`,
    changed.rg,
  );
  const typo = typoAgainstClean(root);
  const ratio = (typo.typos.time / typo.clean.time).toFixed(2);
  row('check --no-cache, clean (in turns)', typo.clean.time, `  exit ${typo.clean.status}`);
  row(
    'check --no-cache, typo tree (turns)',
    typo.typos.time,
    `  exit ${typo.typos.status}  ${ratio}x clean, goal: within 1.5x (${typo.files} files, ${typo.citations} typos)`,
  );
  if (!args.includes('--keep')) dropTree(root);
  console.log('');
  await realRows(rg);
}

/** The floor child (bench/floor-child.ts, bundled) and the compiled scanner of its `compiled` stage, or why there is none. */
interface Floor {
  child: string;
  compiled: ReturnType<typeof compileFloorScanner>;
}

/** Both real-code shapes, each run by the checkout's CLI and by the same build installed, beside the floor. */
async function realRows(rg: string): Promise<void> {
  const installed = await installedCopy(mkdtempSync(join(tmpdir(), 'factline-bench-installed-')));
  try {
    const floor = {
      child: await bundleFloorChild(installed.dir),
      compiled: compileFloorScanner(installed.dir),
    };
    await realCodeRows(rg, false, installed, floor);
    await realCodeRows(rg, true, installed, floor);
  } finally {
    rmSync(installed.dir, { recursive: true, force: true });
  }
}

await main();
