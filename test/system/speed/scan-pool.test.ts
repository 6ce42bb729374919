/**
 * The scan pool (engine/parallel/pool.ts, its worker engine/parallel/worker.ts, and the
 * sharing in engine/backends/pooled.ts): the same `--json` with the worker as without
 * it on every fixture tree, the same failure when a file cannot be read or a
 * scanner throws, never started below its size or on a warm run, and a
 * worker entry in the compiled CLI that reads and scans like the main thread.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type GateFile,
  readAndScan,
  readingBackend,
  type ScanOutcome,
  traceFiles,
} from '../../../checks/gate.ts';
import { FileScanner } from '../../../checks/scan/dispatch.ts';
import { pooledBackend } from '../../../engine/backends/pooled.ts';
import { statKey, storedEntries } from '../../../engine/cache/cache-file.ts';
import { encodeCitations, hashText } from '../../../engine/cache/citation-rows.ts';
import { openScanCache } from '../../../engine/cache/scan-cache.ts';
import { loadConfig } from '../../../engine/config/load.ts';
import { UsageError } from '../../../engine/errors.ts';
import { readGateFile } from '../../../engine/files/read.ts';
import { listGateFiles } from '../../../engine/gate/files.ts';
import {
  bootScanWorker,
  POOL_CHUNK,
  POOL_ENV,
  POOL_MIN_CORES,
  POOL_MIN_FILES,
  poolMode,
  poolWanted,
  type SharedScan,
  startScanPool,
} from '../../../engine/parallel/pool.ts';
import { Project } from '../../../engine/project.ts';
import { parseSpec } from '../../../reader/index.ts';
import { cacheDirOf, REPO, runFactline, runInProcess } from '../../support/cli.ts';
import { fixtureTrees } from '../../support/fixture-trees.ts';
import { statPartsOf } from '../../support/stat-parts.ts';
import { tempCopy, tempDir } from '../../support/temp.ts';

const SPEC = '# Doc\n\n@status:impl/done\n\n@fact:ALPHA Alpha holds.\n\n@fact:BETA Beta holds.\n';

/** A project of `count` source files citing ALPHA and BETA (TS needing the tokenizer, Python, Rust), and one test. */
function project(count: number): string {
  const dir = tempDir('pool');
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write(
    'factline.config.json',
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*'], tests: ['test/**/*'] }),
  );
  write('specs/doc.md', SPEC);
  for (let i = 0; i < count; i++) {
    if (i % 3 === 0) write(`src/f${i}.ts`, `// @implements doc#ALPHA\nexport const f${i} = ${i};\n`);
    else if (i % 3 === 1) write(`src/f${i}.py`, `# @implements doc#BETA\nf${i} = ${i}\n`);
    else write(`src/f${i}.rs`, `// @implements doc#GAMMA\npub fn f${i}() {}\n`);
  }
  write('test/a.test.ts', "it('a', () => {\n  // @verifies doc#ALPHA\n  // @verifies doc#BETA\n});\n");
  return dir;
}

const io = (cwd: string, env: NodeJS.ProcessEnv) => ({
  cwd,
  env,
  stdout: process.stdout,
  stderr: process.stderr,
});

describe('the pool changes nothing a user sees', () => {
  // @verifies engine#SAME-JSON
  it('prints the same --json with the worker forced on as with it off, on every fixture tree', async () => {
    const trees = fixtureTrees();
    expect(trees.map((t) => t.name)).toEqual(expect.arrayContaining(['fixtures/gate/clean']));
    for (const tree of [...trees, { name: 'mixed project', path: project(300), args: [] }]) {
      const dir = tree.name === 'mixed project' ? tree.path : tempCopy(tree.path, 'pool-fixture');
      const args = ['check', '--json', '--no-cache', ...tree.args];
      const off = await runInProcess(dir, args, { env: { [POOL_ENV]: 'off' } });
      const on = await runInProcess(dir, args, { env: { [POOL_ENV]: 'always' } });
      expect(on.stdout, tree.name).toBe(off.stdout);
      expect(on.stderr, tree.name).toBe(off.stderr);
      expect(on.code, tree.name).toBe(off.code);
    }
  }, 180_000);

  // @verifies engine#SAME-JSON
  // @verifies engine#BACKENDS-GIVE-ONE-TRACE
  it('gives the same trace on every fixture tree when the worker scans every file', async () => {
    const compared: string[] = [];
    for (const tree of fixtureTrees()) {
      const dir = tempCopy(tree.path, 'pool-all');
      const config = loadConfig(dir, tree.args[1]);
      const files = await listGateFiles(config);
      const specs = await new Project(io(dir, {}), config).specs().catch(() => undefined);
      if (specs === undefined) continue; // a tree whose specs do not load never reaches the scan
      const gate = (share?: (names: readonly string[]) => SharedScan | undefined) =>
        traceFiles({ specs: specs.set, files, backend: backendOf(dir, share), strict: false });
      const alone = await gate();
      let helped = 0;
      const withWorker = await gate((names) => {
        const pool = startScanPool(dir, names);
        const shared = pool.sharedScanOf(names)!;
        // This thread claims nothing: every file is the worker's.
        return {
          claim: () => undefined,
          done: async () => {
            const outcomes = await shared.done();
            helped = pool.helped();
            pool.close();
            return outcomes;
          },
        };
      });
      expect(helped, tree.name).toBe(files.length);
      expect(JSON.stringify(withWorker), tree.name).toBe(JSON.stringify(alone));
      compared.push(tree.name);
    }
    expect(compared).toEqual(expect.arrayContaining(['fixtures/gate/clean', 'fixtures/gate/vibevm-mini']));
    expect(compared.length).toBeGreaterThan(5);
  }, 180_000);

  // @verifies engine#SAME-ERRORS
  it('reports a file the worker cannot read with the message the main thread gives, and stops there', async () => {
    const dir = project(30);
    // A directory with a source's name: reading it fails (EISDIR), even as root.
    mkdirSync(join(dir, 'src', 'dir.ts'));
    const files = ['src/f0.ts', 'src/dir.ts', 'src/f1.py'];
    const alone = await traceFiles({
      specs: { documents: [] },
      files: files.map((file) => ({ file, inTest: false })),
      backend: backendOf(dir),
      strict: false,
    }).catch((e: Error) => e);
    expect(alone).toBeInstanceOf(UsageError);
    const pool = startScanPool(dir, files);
    const outcomes = await pool.sharedScanOf(files)!.done();
    pool.close();
    const failure = outcomes.get(1);
    expect(failure).toBeInstanceOf(UsageError);
    expect((failure as Error).message).toBe((alone as Error).message);
    expect((failure as Error).message).toMatch(/^cannot read src\/dir\.ts: .*EISDIR/);
    // The worker stops at its first failure: the file after it is not reported.
    expect(outcomes.has(2)).toBe(false);
    expect(outcomes.get(0)).toEqual(await scanHere(dir, 'src/f0.ts'));
  }, 60_000);

  // @verifies engine#SAME-ERRORS
  it('throws the first failure in file order, whichever thread met it, and rescans what a dead worker left', async () => {
    const specs = { documents: [parseSpec(SPEC, { file: 'specs/doc.md', doc: 'doc' })] };
    const files: GateFile[] = ['a.py', 'b.py', 'c.py', 'd.py', 'e.py', 'f.py'].map((file) => ({
      file,
      inTest: false,
    }));
    const texts: Record<string, string> = Object.fromEntries(
      files.map((f) => [f.file, '# @implements doc#ALPHA\n']),
    );
    const failing = new Set<string>();
    const read = (file: string) => {
      if (failing.has(file)) throw new Error(`cannot read ${file} here`);
      return texts[file];
    };
    // A helper that takes the chunks at the given starts (chunk size 2) and reports what `outcome` says.
    const helper = (takes: number[], outcome: (k: number) => ScanOutcome | 'lost'): SharedScan => {
      let next = 0;
      const theirs = new Map<number, ScanOutcome>();
      return {
        claim() {
          while (takes.includes(next)) {
            for (const k of [next, next + 1]) {
              const o = outcome(k);
              if (o !== 'lost') theirs.set(k, o);
            }
            next += 2;
          }
          if (next >= files.length) return undefined;
          next += 2;
          return { start: next - 2, end: next };
        },
        done: async () => theirs,
      };
    };
    const run = (share?: SharedScan) =>
      traceFiles({ specs, files, backend: sharingBackend(read, share), strict: false }).catch(
        (e: Error) => e.message,
      );
    // The helper meets a failure at d.py (index 3) while this thread fails at f.py: d.py's is thrown, as without a helper.
    failing.add('f.py');
    const dFails = (k: number): ScanOutcome => (k === 3 ? new Error('cannot read d.py here') : []);
    expect(await run(helper([2], dFails))).toBe('cannot read d.py here');
    failing.add('d.py');
    expect(await run()).toBe('cannot read d.py here');
    // A helper that died after claiming c.py and d.py: this thread scans them; the result is the one without a helper.
    failing.clear();
    const lost = await run(helper([2], () => 'lost'));
    const alone = await run();
    expect(lost).toEqual(alone);
    expect(typeof alone === 'string' ? alone : alone.citations.length).toBe(6);
  });
});

/** The files on disk under `dir`, shared with a helper when `sharedScanOf` gives one (engine/backends/pooled.ts). */
function backendOf(dir: string, sharedScanOf?: (names: readonly string[]) => SharedScan | undefined) {
  const read = (file: string) => readGateFile(dir, file);
  if (sharedScanOf === undefined) return readingBackend(read);
  const scanner = new FileScanner();
  return pooledBackend({ sharedScanOf }, read, (file) => readAndScan(read, scanner, file));
}

/** Files read with `read`, shared with `helper` (or scanned alone without one). */
function sharingBackend(read: (file: string) => string | undefined, helper?: SharedScan) {
  if (helper === undefined) return readingBackend(read);
  const scanner = new FileScanner();
  return pooledBackend({ sharedScanOf: () => helper }, read, (file) => readAndScan(read, scanner, file));
}

async function scanHere(root: string, file: string) {
  return new FileScanner().scan(file, readGateFile(root, file)!);
}

describe('when the worker starts', () => {
  // @verifies engine#ONLY-WHEN-IT-PAYS
  it('only past the measured size, on the measured number of cores, unless switched', () => {
    const wanted = (env: NodeJS.ProcessEnv, files: number, cores: number) =>
      poolWanted(poolMode(env), files, cores);
    const auto = { [POOL_ENV]: 'auto' };
    expect(POOL_MIN_CORES).toBe(3);
    expect(wanted({}, POOL_MIN_FILES, 4)).toBe(true);
    expect(wanted({}, POOL_MIN_FILES - 1, 4)).toBe(false);
    expect(wanted(auto, POOL_MIN_FILES, 3)).toBe(true);
    expect(wanted(auto, POOL_MIN_FILES - 1, 3)).toBe(false);
    expect(wanted(auto, 100 * POOL_MIN_FILES, 2)).toBe(false);
    expect(wanted(auto, 100 * POOL_MIN_FILES, 1)).toBe(false);
    expect(wanted({ [POOL_ENV]: 'off' }, 100 * POOL_MIN_FILES, 8)).toBe(false);
    expect(wanted({ [POOL_ENV]: 'always' }, 1, 1)).toBe(true);
    expect(() => poolMode({ [POOL_ENV]: 'yes' })).toThrow(/off, auto or always/);
  });

  // @verifies engine#ONLY-WHEN-IT-PAYS
  it('is not started for a small tree, nor on a cached run even when forced; is started when forced on an uncached one', async () => {
    const dir = project(60);
    const config = loadConfig(dir);
    const small = await new Project(io(dir, {}), config).check({ cache: false });
    expect(small.pool).toBeUndefined();
    const forced = { [POOL_ENV]: 'always' };
    await new Project(io(dir, forced), config).check({ cache: true }); // fills the cache
    const warm = await new Project(io(dir, forced), config).check({ cache: true });
    expect(warm.pool).toBeUndefined();
    const cold = await new Project(io(dir, forced), config).check({ cache: false });
    // Started (which thread scanned the one chunk of 60 files is a race; see 'both threads').
    expect(cold.pool).toBeDefined();
    expect(cold.result.citations.length).toBe(small.result.citations.length);
  }, 60_000);
});

describe('a worker booted before its files are known', () => {
  // @verifies engine#WORKER-BOOTS-DURING-THE-LISTING
  it('scans the files it is given later as a worker started on them does', async () => {
    const dir = project(40);
    const files = (await listGateFiles(loadConfig(dir))).map((f) => f.file);
    const booted = bootScanWorker();
    // The listing goes on meanwhile; the files come after the worker has had time to load.
    await new Promise((r) => setTimeout(r, 200));
    const pool = booted.start(dir, files);
    const outcomes = await pool.sharedScanOf(files)!.done();
    pool.close();
    expect(pool.helped()).toBe(files.length);
    for (const [i, file] of files.entries()) expect(outcomes.get(i), file).toEqual(await scanHere(dir, file));
  }, 60_000);

  // @verifies engine#WORKER-BOOTS-DURING-THE-LISTING
  it('lets the process end when the tree proves too small and it is cancelled (real process)', () => {
    const module = pathToFileURL(join(REPO, 'engine', 'parallel', 'pool.ts')).href;
    const script = (cancel: boolean) => `
      const { bootScanWorker } = await import(${JSON.stringify(module)});
      const booted = bootScanWorker();
      ${cancel ? 'booted.cancel();' : ''}
      setTimeout(() => process.stdout.write('listed'), 50);`;
    // A script file, not -e: the worker takes this process's flags, and --input-type is refused in a worker.
    const dir = tempDir('boot-cancel');
    const run = (cancel: boolean) => {
      const file = join(dir, `boot-${cancel}.mjs`);
      writeFileSync(file, script(cancel));
      return spawnSync(process.execPath, ['--import', 'tsx', file], {
        cwd: REPO,
        encoding: 'utf8',
        timeout: 15_000,
      });
    };
    const cancelled = run(true);
    expect([cancelled.status, cancelled.stdout]).toEqual([0, 'listed']);
    // Without the cancel the waiting worker holds the process open: the cancel is what ends it.
    expect(run(false).signal).toBe('SIGTERM');
  }, 60_000);
});

describe('the first cached run', () => {
  // @verifies engine#FIRST-RUN-FILLS-THE-CACHE-FROM-BOTH-THREADS
  it('scans with the worker when nothing is cached, fills the cache with every file, and the next run answers from stats', async () => {
    const dir = project(150);
    const config = loadConfig(dir);
    // Files settled before the run: their stats may vouch for them (the racy-clean window).
    await new Promise((r) => setTimeout(r, 2_300));
    // Forced: on a machine of fewer cores than POOL_MIN_CORES `auto` would not start it.
    const env = { [POOL_ENV]: 'always' };
    const cold = await new Project(io(dir, env), config).check({ cache: false });
    const first = await new Project(io(dir, env), config).check({ cache: true });
    // Started; which thread read which chunk is a race (the records of the worker's are checked below).
    expect(first.pool).toBeDefined();
    expect(JSON.stringify(first.result)).toBe(JSON.stringify(cold.result));
    const stored = storedEntries(dir, 'scan-v6')!;
    const files = (await listGateFiles(config)).map((f) => f.file);
    expect([...stored.keys()].sort()).toEqual(files);
    for (const file of files) {
      const entry = stored.get(file)!;
      const st = statSync(join(dir, file));
      // Whichever thread read it: the stat taken before the read, and the hash of what was read.
      expect(entry.stat, file).toBe(statKey(st));
      expect(entry.contentHash, file).toBe(hashText(readFileSync(join(dir, file), 'utf8')));
    }
    const second = await new Project(io(dir, env), config).check({ cache: true });
    expect(second.pool).toBeUndefined();
    expect(JSON.stringify(second.result)).toBe(JSON.stringify(cold.result));
    // An edit after the first run is read again, not served from what the worker stored.
    writeFileSync(join(dir, 'src/f0.ts'), '// @implements doc#BETA\nexport const f0 = 0;\n');
    const edited = await new Project(io(dir, env), config).check({ cache: true });
    expect(JSON.stringify(edited.result)).toBe(
      JSON.stringify((await new Project(io(dir, env), config).check({ cache: false })).result),
    );
  }, 60_000);
});

describe('a cache-filling pool', () => {
  // @verifies engine#FIRST-RUN-FILLS-THE-CACHE-FROM-BOTH-THREADS
  it('gives for every file it read the stat taken before the read, the content hash and the entry the main thread would store', async () => {
    const dir = project(70);
    const files = (await listGateFiles(loadConfig(dir))).map((f) => f.file);
    // Files settled before the pool reads them: their stats may vouch for them (the racy-clean window).
    await new Promise((r) => setTimeout(r, 2_300));
    const since = Date.now();
    const pool = startScanPool(dir, files, undefined, { record: true });
    const shared = pool.sharedScanOf(files)!;
    // This thread claims nothing: every file is the worker's.
    const outcomes = await shared.done();
    pool.close();
    expect(outcomes.size).toBe(files.length);
    const records = pool.records();
    expect([...records.keys()].sort()).toEqual([...files].sort());
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      const st = statSync(join(dir, file));
      expect(records.get(file), file).toEqual({
        stat: statPartsOf(st),
        contentHash: hashText(text),
        value: encodeCitations(await scanHere(dir, file)),
      });
    }
    // Stored through the scan cache, the records answer the next run from stats alone.
    const filling = openScanCache(dir, cacheDirOf(dir)!);
    expect(filling.empty).toBe(true);
    for (const [file, record] of records) filling.fill(file, record, since);
    filling.save();
    const next = openScanCache(dir, cacheDirOf(dir)!);
    expect(next.empty).toBe(false);
    for (const file of files) expect(next.byStat(file), file).toEqual(await scanHere(dir, file));
    // A pool that does not fill a cache sends none of it.
    const plain = startScanPool(dir, files);
    await plain.sharedScanOf(files)!.done();
    plain.close();
    expect(plain.records().size).toBe(0);
  }, 60_000);
});

describe('both threads', () => {
  // @verifies engine#BOTH-THREADS-SCAN
  it('let the worker’s reports in after each chunk the main thread scanned', async () => {
    const specs = { documents: [parseSpec(SPEC, { file: 'specs/doc.md', doc: 'doc' })] };
    const files: GateFile[] = ['a.py', 'b.py', 'c.py', 'd.py', 'e.py'].map((file) => ({
      file,
      inTest: false,
    }));
    const seen: string[] = [];
    let next = 0;
    const shared: SharedScan = {
      claim() {
        if (next >= files.length) return undefined;
        const start = next;
        next = Math.min(next + 2, files.length);
        seen.push(`claim ${start}`);
        return { start, end: next };
      },
      between: async () => {
        seen.push('between');
      },
      done: async () => new Map(),
    };
    const read = (file: string) => {
      seen.push(`read ${file}`);
      return '# @implements doc#ALPHA\n';
    };
    const result = await traceFiles({ specs, files, backend: sharingBackend(read, shared), strict: false });
    expect(seen).toEqual([
      'claim 0',
      'read a.py',
      'read b.py',
      'between',
      'claim 2',
      'read c.py',
      'read d.py',
      'between',
      'claim 4',
      'read e.py',
      'between',
    ]);
    expect(result.citations).toHaveLength(5);
  });

  // @verifies engine#BOTH-THREADS-SCAN
  it('split the files: the chunks the main thread claims are never scanned by the worker, and together they scan every file', async () => {
    const dir = project(30);
    const files = (await listGateFiles(loadConfig(dir))).map((f) => f.file);
    const many = Array.from({ length: 10 * POOL_CHUNK }, (_, k) => files[k % files.length]!);
    const pool = startScanPool(dir, many);
    const shared = pool.sharedScanOf(many)!;
    const mine = new Set<number>();
    for (let chunk = shared.claim(); chunk; chunk = shared.claim())
      for (let k = chunk.start; k < chunk.end; k++) mine.add(k);
    const theirs = await shared.done();
    pool.close();
    expect(mine.size).toBeGreaterThan(0);
    for (const k of theirs.keys()) expect(mine.has(k), `index ${k} scanned twice`).toBe(false);
    expect(mine.size + theirs.size).toBe(many.length);
  }, 60_000);
});

describe('the worker in the compiled CLI', () => {
  // @verifies engine#WORKER-ENTRY-BUILT
  // @verifies engine#EARLY-WORKER
  it('is built beside it and reads and scans a shared list like the main thread', async () => {
    const inputs = JSON.parse(readFileSync(join(REPO, 'dist', 'cli-inputs.json'), 'utf8'));
    expect(Object.keys(inputs.inputs)).toContain('engine/parallel/worker.ts');
    const entry = join(REPO, 'dist', 'cli-scan-worker.js');
    expect(existsSync(entry)).toBe(true);
    const dir = project(30);
    const files = ['src/f0.ts', 'src/f1.py', 'src/f2.rs', 'src/gone.ts', 'test/a.test.ts'];
    const pool = startScanPool(dir, files, pathToFileURL(entry));
    expect(pool.sharedScanOf(files.slice(1))).toBeUndefined();
    const outcomes = await pool.sharedScanOf(files)!.done();
    pool.close();
    for (const [k, file] of files.entries()) {
      const expected = existsSync(join(dir, file)) ? await scanHere(dir, file) : undefined;
      expect(outcomes.get(k), file).toEqual(expected);
    }
    // And a whole compiled run with the worker forced on prints what it prints without.
    const off = await runFactline(['check', '--json', '--no-cache'], dir, { [POOL_ENV]: 'off' });
    const on = await runFactline(['check', '--json', '--no-cache'], dir, { [POOL_ENV]: 'always' });
    expect(on).toEqual(off);
  }, 60_000);
});
