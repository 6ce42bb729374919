/**
 * The whole warm `factline check` process: what it loads (real child
 * processes of bin/factline.js, with every module they load logged by
 * fixtures/module-log.mjs), and the stats it takes on a helper thread.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { statKey } from '../../../engine/cache/cache-file.ts';
import { stateOfKey, statState } from '../../../engine/cache/result-format.ts';
import { prefetchStats } from '../../../engine/cache/stat-prefetch.ts';
import { BIN, REPO, runInProcess } from '../../support/cli.ts';
import { statPartsOf } from '../../support/stat-parts.ts';
import { tempDir } from '../../support/temp.ts';

const MODULE_LOG = join(import.meta.dirname, 'fixtures', 'module-log.mjs');

/** A green project: one fact, implemented and verified. */
function project(): string {
  return writeFiles(tempDir('warm-process'), {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
    }),
    'specs/app.md': '# App\n\n@fact:PING Ping answers. @status:impl/done\n',
    'src/ping.ts': '// @implements app#PING\nexport const ping = () => "pong";\n',
    'test/ping.test.ts': "it('pings', () => {\n  // @verifies app#PING\n});\n",
    'results/junit.xml':
      '<testsuites><testsuite name="t"><testcase name="pings"/></testsuite></testsuites>\n',
    'specmap.toml': 'root_spec_docs = ["specs/app.md"]\n',
  });
}

function writeFiles(dir: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Runs `factline ARGS` in `dir`; the packages (node_modules folder names, or `node:` builtins) the process loaded. */
function packagesLoaded(dir: string, args: string[]): { code: number | null; packages: Set<string> } {
  const log = join(dir, `modules-${args.join('_').replace(/\W/g, '')}.log`);
  const run = spawnSync(process.execPath, ['--import', MODULE_LOG, BIN, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, FACTLINE_MODULE_LOG: log, NO_COLOR: '1' },
  });
  const urls = readFileSync(log, 'utf8').split('\n');
  const packages = new Set(
    urls.map((url) =>
      url.startsWith('node:') ? url : (/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? ''),
    ),
  );
  return { code: run.status, packages };
}

describe('what a check process loads', () => {
  // @verifies cli#LOADS-ONLY-WHAT-RUNS
  it('a check without results files loads neither the XML nor the TOML parser nor child_process; a run that needs one loads it', () => {
    const dir = project();
    packagesLoaded(dir, ['check']); // fills the caches
    const warm = packagesLoaded(dir, ['check']);
    expect(warm.code).toBe(0);
    expect(warm.packages).not.toContain('fast-xml-parser');
    expect(warm.packages).not.toContain('smol-toml');
    expect(warm.packages).not.toContain('node:child_process');
    expect(warm.packages).toContain('picomatch'); // the log sees packages at all
    const withResults = packagesLoaded(dir, ['check', '--results', 'results/junit.xml']);
    expect(withResults.packages).toContain('fast-xml-parser');
    const withSpecmap = packagesLoaded(dir, ['check', '--config', 'specmap.toml']);
    expect(withSpecmap.packages).toContain('smol-toml');
    // --changed asks git (here: outside a repository, so it stops with exit 2).
    const changed = packagesLoaded(dir, ['check', '--changed']);
    expect(changed.code).toBe(2);
    expect(changed.packages).toContain('node:child_process');
  }, 60_000);
});

/** A little longer than the racy window (two seconds): files older than this are vouched for by their stat. */
const settle = () => new Promise((r) => setTimeout(r, 2_300));

describe('the stats of a warm run on a helper thread', () => {
  // @verifies engine#STATS-ON-A-HELPER
  it("gives each file's size, times, inode, mode, device, cache key and stored-result state as statSync does, and nothing for a file it cannot stat", async () => {
    const dir = project();
    const paths = ['src/ping.ts', 'specs/app.md', 'src/gone.ts'];
    const found = prefetchStats(dir + sep, paths);
    await found.finished();
    expect(found.take('src/gone.ts')).toBeUndefined();
    for (const path of ['src/ping.ts', 'specs/app.md']) {
      const st = statSync(join(dir, path));
      // The key the helper makes is the one the cache keys on.
      const taken = found.take(path);
      expect(taken).toEqual({
        key: statKey(st),
        parts: statPartsOf(st),
      });
      // And the state a stored whole result keeps of the file, made from the helper's key, is the one a probe makes.
      expect(stateOfKey(taken!.parts.mode, taken!.parts.dev, taken!.key)).toBe(statState(st));
    }
  });

  // @verifies engine#STATS-ON-A-HELPER
  it('taken in list order while the helper works from the end, every path is either the stat statSync gives or left to the caller', async () => {
    const dir = project();
    const names = Array.from({ length: 3000 }, (_, i) => `src/many/f${String(i).padStart(4, '0')}.ts`);
    mkdirSync(join(dir, 'src/many'));
    for (const name of names) writeFileSync(join(dir, name), name);
    const found = prefetchStats(dir + sep, names);
    let fromHelper = 0;
    const wrong: string[] = [];
    for (const name of names) {
      const taken = found.take(name);
      if (taken === undefined) continue;
      fromHelper++;
      if (taken.key !== statKey(statSync(join(dir, name)))) wrong.push(name);
    }
    expect(wrong).toEqual([]);
    await found.finished();
    // Whatever the helper managed, it never answers for a path the caller had already passed.
    const helperShare = names.filter((name) => found.take(name) !== undefined).length;
    expect(helperShare).toBeGreaterThanOrEqual(fromHelper);
    expect(helperShare).toBeLessThanOrEqual(names.length);
  });

  // @verifies engine#STATS-ON-A-HELPER
  it('answers in a process started with flags of its own (a loader, --input-type), which the helper does not take on (real process)', () => {
    const dir = project();
    const module = pathToFileURL(join(REPO, 'engine', 'cache', 'stat-prefetch.ts')).href;
    const script = `
      const { prefetchStats } = await import(${JSON.stringify(module)});
      const paths = Array.from({ length: 2000 }, () => 'src/ping.ts');
      const found = prefetchStats(${JSON.stringify(dir + sep)}, paths);
      await found.finished();
      process.stdout.write(String(found.take('src/ping.ts') !== undefined));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect([run.status, run.stdout]).toEqual([0, 'true']);
  }, 30_000);

  // @verifies engine#STATS-ON-A-HELPER
  // @verifies engine#NEVER-STALE
  it('a warm run with the helper prints the cold output, and a file edited since the cache was filled is read again', async () => {
    const dir = project();
    const env = { FACTLINE_SCAN_POOL: 'always' };
    const run = (...args: string[]) => runInProcess(dir, ['check', '--json', ...args], { env });
    await settle();
    const cold = await run('--no-cache');
    await run(); // fills the cache
    expect((await run()).stdout).toBe(cold.stdout);
    writeFileSync(join(dir, 'src/ping.ts'), '// @implements app#PONG\nexport const ping = () => "pong";\n');
    const edited = await run();
    expect(edited.stdout).toBe((await run('--no-cache')).stdout);
    expect(edited.stdout).toContain('unknown-fact');
    expect(edited.code).toBe(1);
  }, 30_000);
});
