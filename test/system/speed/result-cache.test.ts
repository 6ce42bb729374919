/**
 * The stored whole result of a plain `factline check` (engine/cache/result-*.ts),
 * through the real CLI on real files: every edit, env or argv change gives
 * exactly what `--no-cache` gives, a damaged store is a miss, and (with
 * strace, where installed) every path the storing process touched under the
 * project is covered by the stored key, and a served result touches no input's
 * content.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeResult, probeState, resultFile } from '../../../engine/cache/result-format.ts';
import { BIN, REPO } from '../../support/cli.ts';
import { tempDir } from '../../support/temp.ts';

const FILES = 24;

/** A project of FILES code files in nested folders, each citing its own fact; every fourth a test. */
function writeProject(dir: string, bulk = 0): void {
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write(
    'factline.config.json',
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
  const facts = Array.from(
    { length: FILES },
    (_, i) => `@fact:F-${i} @requires:${i % 4 === 0 ? 'verification' : 'implementation'} Case ${i}.\n`,
  );
  write('specs/app.md', `# App\n\n@status:impl/done\n\n${facts.join('\n')}`);
  for (let i = 0; i < FILES; i++) write(codeFile(i), codeText(i));
  // Never read: an ignored folder and a dot folder.
  write('src/node_modules/dep/index.ts', '// @implements app#NOPE\n');
  write('src/.hidden/x.ts', '// @implements app#NOPE\n');
  mkdirSync(join(dir, 'src/empty'));
  // Enough files for a warm run to stat them on its helper thread (engine#STATS-ON-A-HELPER).
  for (let i = 0; i < bulk; i++)
    write(`src/bulk/b${i % 41}/g${i}.ts`, `// @implements app#F-${1 + (i % 3)}\n`);
  // One finding, so colour, annotations and --quiet show in the output.
  write('src/m0/stray.ts', '// @implements app#UNKNOWN\n');
}

const codeFile = (i: number) =>
  i % 4 === 0 ? `test/t${i % 3}/f${i}.test.ts` : `src/m${i % 3}/d${i % 2}/f${i}.ts`;
const codeText = (i: number) =>
  i % 4 === 0
    ? `it('case ${i}', () => {\n  // @verifies app#F-${i}\n});\n`
    : `// @implements app#F-${i}\nexport const f${i} = ${i};\n`;

/** The threads a run's stats are taken on: this one (the default on two cores with a small tree), or the stat helper and the scan pool. */
const THREADS: Record<string, NodeJS.ProcessEnv> = {
  main: { FACTLINE_SCAN_POOL: 'off' },
  helpers: { FACTLINE_SCAN_POOL: 'always' },
};

/** A little longer than the racy window (two seconds): files older than this are vouched for by their stat. */
const settle = () => new Promise((r) => setTimeout(r, 2_300));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function check(dir: string, cacheHome: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Run {
  const run = spawnSync(process.execPath, [BIN, 'check', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cacheHome, ...env },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The scan cache file of the project in the folder named `name`, in the cache home. */
function scanCacheOf(cacheHome: string, name: string): string {
  const home = join(cacheHome, 'factline');
  const project = readdirSync(home).find((entry) => entry.startsWith(`${name}-`));
  const file = project && readdirSync(join(home, project)).find((entry) => entry.startsWith('scan-'));
  if (file === undefined) throw new Error(`no scan cache for ${name} in ${home}`);
  return join(home, project!, file);
}

/** The stored result of `check ARGS` in `dir`, decoded, or undefined. */
function stored(dir: string, cacheHome: string, args: string[] = []) {
  try {
    return decodeResult(
      readFileSync(resultFile(join(cacheHome, 'factline', 'results'), dir, ['check', ...args])),
    );
  } catch {
    return undefined;
  }
}

/** An edit of the settled project, with the argv and env of the run after it. */
interface Case {
  name: string;
  edit?: (dir: string) => void;
  args?: string[];
  env?: NodeJS.ProcessEnv;
}

/** Rewrites a file to the same size with other text, then puts its modification time back (`touch -d`). */
function sameSizeSameTime(path: string, from: string, to: string): void {
  const before = statSync(path);
  const text = readFileSync(path, 'utf8');
  expect(to.length).toBe(from.length);
  writeFileSync(path, text.replace(from, to));
  utimesSync(path, before.atime, before.mtime);
}

/** The edits, generated over every kind of input: each kind of file, folder changes, argv and env. */
function cases(): Case[] {
  const out: Case[] = [];
  const inputs = {
    source: codeFile(1),
    test: codeFile(4),
    spec: 'specs/app.md',
    config: 'factline.config.json',
  };
  // What each kind of file gets appended: a citation, a fact, a key that drops a folder.
  const extend: Record<string, (text: string) => string> = {
    source: (t) => `${t}\n// @implements app#F-999\n`,
    test: (t) => `${t}\nit('more', () => {\n  // @verifies app#F-998\n});\n`,
    spec: (t) => `${t}\n@fact:F-999 New. @status:impl/done @requires:implementation\n`,
    config: (t) => t.replace(/}\s*$/, ',"ignore":["src/m1/**"]}\n'),
  };
  for (const [kind, file] of Object.entries(inputs)) {
    out.push({
      name: `extend the ${kind}`,
      edit: (d) => writeFileSync(join(d, file), extend[kind]!(readFileSync(join(d, file), 'utf8'))),
    });
    out.push({ name: `truncate the ${kind}`, edit: (d) => truncateSync(join(d, file), 0) });
  }
  // Same size, same modification time: only the change time (and content) differ.
  out.push({
    name: 'same-size edit of a source, mtime put back',
    edit: (d) => sameSizeSameTime(join(d, codeFile(1)), 'F-1', 'F-2'),
  });
  out.push({
    name: 'same-size edit of a test, mtime put back',
    edit: (d) => sameSizeSameTime(join(d, codeFile(4)), 'F-4', 'F-5'),
  });
  out.push({
    name: 'same-size edit of the spec, mtime put back',
    edit: (d) => sameSizeSameTime(join(d, 'specs/app.md'), 'F-3 ', 'F-9 '),
  });
  out.push({
    name: 'same-size edit of the config, mtime put back',
    edit: (d) => sameSizeSameTime(join(d, 'factline.config.json'), 'src/**', 'srx/**'),
  });
  // Folders: a file added to a listed folder, to a folder without sources yet, to a new folder; deleted; renamed.
  out.push({
    name: 'add a source to a listed folder',
    edit: (d) => writeFileSync(join(d, 'src/m0/d0/new.ts'), '// @implements app#F-777\n'),
  });
  out.push({
    name: 'add a source to an empty folder',
    edit: (d) => writeFileSync(join(d, 'src/empty/new.ts'), '// @implements app#F-778\n'),
  });
  out.push({
    name: 'add a source in a new folder',
    edit: (d) => {
      mkdirSync(join(d, 'src/fresh/deep'), { recursive: true });
      writeFileSync(join(d, 'src/fresh/deep/n.ts'), '// @implements app#F-779\n');
    },
  });
  out.push({
    name: 'add a spec',
    edit: (d) =>
      writeFileSync(
        join(d, 'specs/more.md'),
        '# More\n\n@fact:M-1 More. @status:impl/done @requires:implementation\n',
      ),
  });
  out.push({ name: 'delete a source', edit: (d) => rmSync(join(d, codeFile(2))) });
  out.push({
    name: 'rename a source out of the globs',
    edit: (d) => renameSync(join(d, codeFile(3)), join(d, `${codeFile(3)}.bak`)),
  });
  out.push({
    name: 'rename a test folder',
    edit: (d) => renameSync(join(d, 'test/t1'), join(d, 'tests-moved')),
  });
  out.push({
    name: 'a second config file beside the first',
    edit: (d) => writeFileSync(join(d, 'factline.config.jsonc'), '{}'),
  });
  out.push({
    name: 'replace a source by a link to another',
    edit: (d) => {
      rmSync(join(d, codeFile(5)));
      spawnSync('ln', ['-s', resolve(d, codeFile(6)), join(d, codeFile(5))]);
    },
  });
  // Argv and environment, nothing edited.
  for (const args of [['--json'], ['--strict'], ['--quiet'], ['--json', '--quiet']])
    out.push({ name: `argv ${args.join(' ')}`, args });
  for (const env of [
    { NO_COLOR: '' },
    { FORCE_COLOR: '1', NO_COLOR: '' },
    { GITHUB_ACTIONS: 'true' },
    { FACTLINE_SCAN_POOL: 'off' },
    { FACTLINE_SOMETHING_NEW: '1' },
  ])
    out.push({ name: `env ${JSON.stringify(env)}`, env });
  return out;
}

describe('the stored whole result of a plain check', () => {
  // @verifies engine#WHOLE-RESULT-KEY
  // @verifies engine#WHOLE-RESULT-SETTLED-INPUTS
  it('after any edit of any input, folder change, argv or env change, prints exactly what --no-cache prints', async () => {
    const base = tempDir('result-cache');
    const cacheHome = join(base, 'cache');
    const all = cases();
    const dirs = all.map((_, i) => join(base, `p${i}`));
    for (const dir of dirs) writeProject(dir);
    await settle();
    const failures: string[] = [];
    const unchanged: string[] = [];
    all.forEach((c, i) => {
      const dir = dirs[i]!;
      const first = check(dir, cacheHome);
      // The first run stored its result (every input settled), so a stale answer was there to be served.
      expect(stored(dir, cacheHome), c.name).toBeDefined();
      expect(first.code, c.name).toBe(1);
      expect(check(dir, cacheHome), c.name).toEqual(first);
      c.edit?.(dir);
      const after = check(dir, cacheHome, c.args ?? [], c.env);
      const truth = check(dir, cacheHome, [...(c.args ?? []), '--no-cache'], c.env);
      if (JSON.stringify(after) !== JSON.stringify(truth)) failures.push(c.name);
      // Whether the case could catch a stale answer at all: what it changed shows in the output.
      if (JSON.stringify(truth) === JSON.stringify(first)) unchanged.push(c.name);
    });
    expect(failures).toEqual([]);
    // Only the changes that leave this project's output as it was (the scan pool off, a variable
    // factline does not know, NO_COLOR empty on a pipe, --strict with no warning to promote).
    expect(unchanged).toEqual([
      'argv --strict',
      'env {"NO_COLOR":""}',
      'env {"FACTLINE_SCAN_POOL":"off"}',
      'env {"FACTLINE_SOMETHING_NEW":"1"}',
    ]);
  }, 240_000);

  // @verifies engine#WHOLE-RESULT-KEY
  it('a copy of the project at the same path, with the cache of the original, misses even with every size and time kept', async () => {
    const base = tempDir('result-clone');
    const cacheHome = join(base, 'cache');
    const dir = join(base, 'p');
    writeProject(dir);
    // The clone: same files and times, one edited to the same size (a forger's best case).
    const clone = join(base, 'clone');
    cpSync(dir, clone, { recursive: true, preserveTimestamps: true });
    sameSizeSameTime(join(clone, codeFile(1)), 'F-1', 'F-2');
    await settle();
    const first = check(dir, cacheHome);
    expect(stored(dir, cacheHome)).toBeDefined();
    rmSync(dir, { recursive: true });
    renameSync(clone, dir);
    const after = check(dir, cacheHome);
    expect(after).toEqual(check(dir, cacheHome, ['--no-cache']));
    expect(after).not.toEqual(first);
  }, 60_000);

  // @verifies engine#WHOLE-RESULT-KEY
  it('is served only by the build that stored it: another copy of factline on the machine runs, and stores its own', async () => {
    const base = tempDir('result-builds');
    const cacheHome = join(base, 'cache');
    const dir = join(base, 'p');
    writeProject(dir);
    // A second build: the package as installed elsewhere (its bin runs its own dist/, no sources beside it).
    const other = join(base, 'other');
    for (const part of ['bin', 'dist', 'package.json'])
      cpSync(join(REPO, part), join(other, part), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(other, 'node_modules'), 'dir');
    const otherBin = join(other, 'bin', 'factline.js');
    await settle();
    const file = resultFile(join(cacheHome, 'factline', 'results'), dir, ['check']);
    const run = (bin: string) =>
      spawnSync(process.execPath, [bin, 'check'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cacheHome },
      });
    run(BIN);
    const mine = stored(dir, cacheHome);
    expect(mine?.invocation.build).toBe(join(REPO, 'dist') + sep);
    // Served to the build that stored it: the file is the same one.
    const inode = statSync(file).ino;
    run(BIN);
    expect(statSync(file).ino).toBe(inode);
    // The other build misses, runs, and stores its own result in its place.
    const byOther = run(otherBin);
    expect(byOther.status).toBe(mine!.code);
    expect(statSync(file).ino).not.toBe(inode);
    expect(stored(dir, cacheHome)?.invocation.build).toBe(join(other, 'dist') + sep);
  }, 60_000);

  // @verifies engine#WHOLE-RESULT-NEVER-TRUSTED-BLINDLY
  it('a damaged, cut short or foreign stored file is a miss, never an error', async () => {
    const base = tempDir('result-damaged');
    const cacheHome = join(base, 'cache');
    const dir = join(base, 'p');
    writeProject(dir);
    await settle();
    const truth = check(dir, cacheHome, ['--no-cache']);
    check(dir, cacheHome);
    const folder = join(cacheHome, 'factline', 'results');
    const [name] = readdirSync(folder);
    const file = join(folder, name!);
    const good = readFileSync(file);
    // A forged output behind a checksum that no longer matches, a cut, garbage, an empty file.
    const forged = Buffer.from(good.toString('latin1').replace('OK', 'KO'), 'latin1');
    for (const bytes of [
      forged,
      good.subarray(0, good.length - 10),
      Buffer.from('nonsense\n'),
      Buffer.alloc(0),
    ]) {
      writeFileSync(file, bytes);
      expect(check(dir, cacheHome)).toEqual(truth);
      // The run stored a sound result again (nothing was edited), and it is served.
      expect(check(dir, cacheHome)).toEqual(truth);
    }
  }, 60_000);

  // @verifies engine#WHOLE-RESULT-SETTLED-INPUTS
  it('a run right after an edit stores nothing: an input not older than two seconds is never vouched for by its stat, whichever thread took it', async () => {
    const base = tempDir('result-racy');
    for (const [name, env] of Object.entries(THREADS)) {
      const cacheHome = join(base, `cache-${name}`);
      const dir = join(base, name);
      writeProject(dir);
      await settle();
      // A cold run and a warm one: the stats are taken by the reading thread, then by the stat helper.
      for (const edited of [codeFile(1), codeFile(5)]) {
        // The same edit as the next run's clock tick: its result is not stored...
        rmSync(resultFile(join(cacheHome, 'factline', 'results'), dir, ['check']), { force: true });
        writeFileSync(join(dir, edited), `${readFileSync(join(dir, edited), 'utf8')}// more\n`);
        check(dir, cacheHome, [], env);
        expect(stored(dir, cacheHome), `${name}, ${edited}`).toBeUndefined();
        // ...until the edit has settled.
        await settle();
        check(dir, cacheHome, [], env);
        expect(stored(dir, cacheHome), `${name}, ${edited}`).toBeDefined();
      }
    }
  }, 120_000);

  // @verifies engine#WHOLE-RESULT-SETTLED-INPUTS
  it("each input's stored state is the one a fresh look gives now, whichever thread took the run's stat (cold, warm, after an edit)", async () => {
    const base = tempDir('result-states');
    for (const [name, env] of Object.entries(THREADS)) {
      const cacheHome = join(base, `cache-${name}`);
      const dir = join(base, name);
      writeProject(dir, 4000);
      await settle();
      for (const step of ['cold', 'warm after an edit']) {
        if (step !== 'cold') {
          writeFileSync(join(dir, codeFile(2)), `${readFileSync(join(dir, codeFile(2)), 'utf8')}// more\n`);
          await settle();
        }
        check(dir, cacheHome, [], env);
        const result = stored(dir, cacheHome);
        expect(result, `${name}, ${step}`).toBeDefined();
        const differ = result!.probes.filter((p) => probeState(p.kind, p.path).state !== p.state);
        expect(differ, `${name}, ${step}`).toEqual([]);
        // Every file of the project is among them, with a stat's state.
        const statted = new Set(
          result!.probes.filter((p) => p.kind === 'S' && /^\d+:/.test(p.state)).map((p) => p.path),
        );
        for (let i = 0; i < FILES; i++) expect(statted.has(join(dir, codeFile(i))), codeFile(i)).toBe(true);
      }
    }
  }, 120_000);

  // @verifies engine#WHOLE-RESULT-SETTLED-INPUTS
  it('a file edited while the storing run works is never served stale: the next run prints what --no-cache prints', async () => {
    const base = tempDir('result-race');
    // Up to this many races each, until three of them stored a result during whose run an input changed.
    const RACES = 12;
    for (const [name, env] of Object.entries(THREADS)) {
      const cacheHome = join(base, `cache-${name}`);
      // One copy of the project per race, so no race waits for the last one's edit to settle.
      const dirs = Array.from({ length: RACES }, (_, i) => join(base, name, `p${i}`));
      for (const dir of dirs) writeProject(dir, 400);
      await settle();
      // Each copy's scan cache filled, no result stored, and one file edited since: every racing run
      // misses, reads that file, writes its scan cache again (after all its stats and reads) and stores.
      for (const dir of dirs) {
        check(dir, cacheHome, [], { ...env, FACTLINE_RESULT_CACHE: 'off' });
        writeFileSync(join(dir, codeFile(1)), `${readFileSync(join(dir, codeFile(1)), 'utf8')}// more\n`);
      }
      await settle();
      let storedWhileEdited = 0;
      for (let i = 0; i < RACES && storedWhileEdited < 3; i++) {
        const dir = dirs[i]!;
        const scanCache = scanCacheOf(cacheHome, `p${i}`);
        // Written whole (a new file renamed over it) or grown by an appended line: either moves this.
        const look = () => {
          const st = statSync(scanCache, { throwIfNoEntry: false });
          return st === undefined ? '' : `${st.ino}:${st.size}`;
        };
        const before = look();
        let running = true;
        const racing = spawn(process.execPath, [BIN, 'check'], {
          cwd: dir,
          env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cacheHome, ...env },
          stdio: 'ignore',
        });
        const exited = new Promise((done) => racing.on('exit', done)).then(() => {
          running = false;
        });
        // The edit lands the moment the run has written its scan cache: its stats and reads are done, its result not yet stored.
        // (Waited for here, blocking: the child runs on while this loop looks.)
        const deadline = Date.now() + 60_000;
        while (look() === before && Date.now() < deadline);
        const file = join(dir, `src/bulk/b${i % 41}/g${i}.ts`);
        writeFileSync(file, `${readFileSync(file, 'utf8')}// @implements app#RACE-${name}-${i}\n`);
        await new Promise((r) => setImmediate(r));
        const landedInside = running;
        await exited;
        if (landedInside && stored(dir, cacheHome) !== undefined) storedWhileEdited += 1;
        const after = check(dir, cacheHome, [], env);
        expect(after, `${name}, edit ${i}`).toEqual(check(dir, cacheHome, ['--no-cache'], env));
        expect(after.stdout, `${name}, edit ${i}`).toContain(`RACE-${name}-${i}`);
      }
      // The race was run where it matters: results stored by runs during which one of their inputs changed.
      expect(storedWhileEdited, name).toBeGreaterThanOrEqual(2);
    }
  }, 240_000);

  // @verifies engine#WHOLE-RESULT-ONLY-FOR-STATTABLE-RUNS
  it('runs that read git, write files or take other options never store a result', async () => {
    const base = tempDir('result-options');
    const cacheHome = join(base, 'cache');
    const dir = join(base, 'p');
    writeProject(dir);
    await settle();
    for (const args of [
      ['--no-cache'],
      ['--sarif', join(base, 'out.sarif')],
      ['--config', 'factline.config.json'],
      ['--verbose'],
    ]) {
      check(dir, cacheHome, args);
      expect(stored(dir, cacheHome, args), args.join(' ')).toBeUndefined();
    }
    check(dir, cacheHome, [], { FACTLINE_RESULT_CACHE: 'off' });
    expect(stored(dir, cacheHome)).toBeUndefined();
  }, 60_000);
});

const MODULE_LOG = join(import.meta.dirname, 'fixtures', 'module-log.mjs');

/** The compiled chunks `entry` (a file of dist/) imports, itself included, followed through their imports. */
function chunksOf(entry: string): Set<string> {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const text = readFileSync(join(REPO, 'dist', file), 'utf8');
    for (const m of text.matchAll(
      /^(?:import|export)\b[^;]*?\bfrom\s*"\.\/([^"]+)"|^import\s*"\.\/([^"]+)"/gm,
    ))
      visit((m[1] ?? m[2])!);
  };
  visit(entry);
  return found;
}

describe('what a served result loads', () => {
  // @verifies engine#WHOLE-RESULT-LOADS-LITTLE
  it('bin/factline.js and the stored-result entry with the chunks it imports, and nothing else of factline or its dependencies', async () => {
    const base = tempDir('result-modules');
    const cacheHome = join(base, 'cache');
    const dir = join(base, 'p');
    writeProject(dir);
    await settle();
    const log = join(base, 'modules.log');
    const run = () =>
      spawnSync(process.execPath, ['--import', MODULE_LOG, BIN, 'check'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cacheHome, FACTLINE_MODULE_LOG: log },
      });
    const first = run();
    expect(stored(dir, cacheHome)).toBeDefined();
    rmSync(log);
    const served = run();
    expect([served.status, served.stdout, served.stderr]).toEqual([first.status, first.stdout, first.stderr]);
    const urls = readFileSync(log, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'));
    const ours = urls
      .map((url) => relative(REPO, fileURLToPath(url)))
      .filter((path) => !path.startsWith('..') && !path.includes('node_modules') && !path.startsWith('test'));
    expect(urls.filter((url) => url.includes('/node_modules/'))).toEqual([]);
    const dist = ours.filter((path) => path.startsWith('dist/')).map((path) => path.slice('dist/'.length));
    expect(new Set(dist)).toEqual(chunksOf('cli-result-hit.js'));
    expect(dist).not.toContain('cli-main.js');
    expect(ours.filter((path) => !path.startsWith('dist/')).sort()).toEqual([
      'bin/factline.js',
      'bin/fresh-build.js',
    ]);
  }, 60_000);
});

const hasStrace = spawnSync('strace', ['-V']).status === 0;

/** A string as strace prints it (octal escapes for bytes outside printable ASCII, C escapes) as the path's text. */
function straceString(text: string): string {
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, t: 9, r: 13, v: 11, f: 12, '\\': 92, '"': 34 };
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\') bytes.push(text.charCodeAt(i));
    else if (/[0-7]/.test(text[i + 1]!)) {
      const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1))![0];
      bytes.push(Number.parseInt(octal, 8));
      i += octal.length;
    } else bytes.push(escapes[text[++i]!] ?? text.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every path under `root` in an strace log of file syscalls (quoted strings, resolved against `cwd`). */
function pathsUnder(log: string, root: string): Set<string> {
  const found = new Set<string>();
  for (const line of log.split('\n')) {
    // execve's later strings are its argv and environment, readlink's what the link holds: not paths looked at.
    const strings = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].slice(
      0,
      /\b(?:execve|readlink)\(/.test(line) ? 1 : undefined,
    );
    for (const match of strings) {
      const path = resolve(root, straceString(match[1]!));
      if (path === root || path.startsWith(`${root}/`)) found.add(path);
    }
  }
  return found;
}

function straced(
  dir: string,
  cacheHome: string,
  log: string,
  env: NodeJS.ProcessEnv = {},
): Run & { trace: string } {
  const run = spawnSync(
    'strace',
    ['-f', '-s', '4096', '-e', 'trace=%file,%process', '-o', log, process.execPath, BIN, 'check'],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cacheHome, ...env } },
  );
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, trace: readFileSync(log, 'utf8') };
}

describe.skipIf(!hasStrace)('the stored key against strace (an oracle outside factline)', () => {
  // @verifies engine#WHOLE-RESULT-KEY
  it('covers every path under the project the storing process opened, statted, listed or resolved, on every thread; no child process ran', async () => {
    const base = tempDir('result-strace');
    const cacheHome = join(base, 'cache');
    const dir = join(base, 'p');
    writeProject(dir, 4_100);
    await settle();
    // Warm the other caches first, so the traced run is the usual storing run (and then once cold).
    check(dir, cacheHome, ['--no-cache']);
    // Cold and warm, and each with the helper thread and the scan worker forced on (FACTLINE_SCAN_POOL=always).
    for (const [warm, pool] of [
      [false, 'auto'],
      [true, 'auto'],
      [false, 'always'],
      [true, 'always'],
    ] as const) {
      rmSync(join(cacheHome, 'factline', 'results'), { recursive: true, force: true });
      if (!warm) rmSync(join(cacheHome, 'factline'), { recursive: true, force: true });
      const run = straced(dir, cacheHome, join(base, `trace-${warm}-${pool}.log`), {
        FACTLINE_SCAN_POOL: pool,
      });
      expect(run.code).toBe(1);
      const key = stored(dir, cacheHome);
      expect(key, `warm ${warm}, pool ${pool}`).toBeDefined();
      const covered = new Set(key!.probes.map((p) => p.path));
      const uncovered = [...pathsUnder(run.trace, dir)].filter((p) => !covered.has(p));
      expect(uncovered).toEqual([]);
      // One process: node itself, no git or other child.
      expect(run.trace.match(/\bexecve\(/g)?.length).toBe(1);
    }
  }, 60_000);

  // @verifies engine#WHOLE-RESULT-LOADS-LITTLE
  it('a served result opens no spec, source or test file and loads nothing of the CLI beyond its own entry', async () => {
    const base = tempDir('result-served');
    const cacheHome = join(base, 'cache');
    const dir = join(base, 'p');
    writeProject(dir);
    await settle();
    const first = check(dir, cacheHome);
    const served = straced(dir, cacheHome, join(base, 'trace.log'));
    expect({ code: served.code, stdout: served.stdout, stderr: served.stderr }).toEqual(first);
    const opened = served.trace
      .split('\n')
      .filter((line) => /\bopenat\(/.test(line) && !/ENOENT/.test(line))
      .map((line) => /"((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? '');
    expect(opened.filter((p) => p.startsWith(dir) && !statSync(p).isDirectory())).toEqual([]);
    expect(opened.filter((p) => p.includes('/dist/cli-main.js') || p.includes('/node_modules/'))).toEqual([]);
  }, 60_000);
});
