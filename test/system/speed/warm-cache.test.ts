/**
 * The stat-keyed scan cache never changes a verdict: on every fixture tree
 * a warm run prints the `--json` of `--no-cache` byte for byte, and a file
 * changed between runs in any of the ways a stat could miss is never served
 * from the cache. Real files in temp copies; the cache-filling and the warm
 * run happen after the tree has settled (RACY_WINDOW), so the warm run is
 * answered by stats, the path under test.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedEntries } from '../../../engine/cache/cache-file.ts';
import { cacheDirOf, runFactline, runInProcess } from '../../support/cli.ts';
import { fixtureTrees } from '../../support/fixture-trees.ts';
import { tempCopy, tempDir } from '../../support/temp.ts';

/** A little longer than the racy window (two seconds): files older than this are vouched for by their stat. */
const SETTLE_MS = 2_300;

const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

/** Writes `files` (path → text) under `dir`, each last modified at `mtime` (seconds) when given. */
function writeTree(dir: string, files: Record<string, string>, mtime?: number): string {
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
    if (mtime !== undefined) utimesSync(full, mtime, mtime);
  }
  return dir;
}

/** A project with templates: a template's {{cite}} pins are read from its text, even when its stat is unchanged. */
function templateProject(): string {
  const dir = tempDir('warm-templates');
  const files: Record<string, string> = {
    'factline.config.json': JSON.stringify({
      generate: { spec: 'specs/doc.md', templates: 'templates', out: 'generated' },
      sources: ['src/**/*', 'templates/**/*', 'generated/**/*'],
      tests: ['test/**/*'],
    }),
    'specs/doc.md': '# Doc\n\n@status:impl/done\n\n@fact:ALPHA Alpha holds.\n\n@fact:BETA Beta holds.\n',
    'templates/a.ts.hbs': '// {{cite "ALPHA~0000aaaa"}}\nexport const a = 1;\n// @implements doc#BETA\n',
    'test/a.test.ts': "it('a', () => {\n  // @verifies doc#ALPHA\n  // @verifies doc#BETA\n});\n",
  };
  return writeTree(dir, files);
}

const json = (dir: string, args: string[], cache: boolean) =>
  runInProcess(dir, ['check', '--json', ...args, ...(cache ? [] : ['--no-cache'])]);

describe('a warm run prints what a cold one prints', () => {
  // @verifies engine#WARM-EQUALS-COLD
  // @verifies engine#ONE-FILE-READ-ONCE
  it('on every fixture tree of the tests (and a templates project), without rewriting the cache', async () => {
    const trees = fixtureTrees().map((t) => ({ ...t, dir: tempCopy(t.path, 'warm') }));
    expect(trees.map((t) => t.name)).toEqual(
      expect.arrayContaining(['fixtures/gate/clean', 'fixtures/gate/vibevm-mini']),
    );
    trees.push({ name: 'templates project', path: '', args: [], dir: templateProject() });
    await settle();
    for (const tree of trees) {
      const cold = await json(tree.dir, tree.args, false);
      // An older build's cache files: the first cached run removes them.
      const cacheDir = cacheDirOf(tree.dir)!;
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(join(cacheDir, 'scan-v5.json'), 'old');
      writeFileSync(join(cacheDir, 'specs-v4.json'), 'old');
      const filling = await json(tree.dir, tree.args, true);
      expect(
        readdirSync(cacheDir).filter((f) => f === 'scan-v5.json' || f === 'specs-v4.json'),
        tree.name,
      ).toEqual([]);
      const written = readdirSync(cacheDir).map(
        (f) => [f, statSync(join(cacheDir, f)).mtimeMs, readFileSync(join(cacheDir, f))] as const,
      );
      const warm = await json(tree.dir, tree.args, true);
      expect(filling.stdout, tree.name).toBe(cold.stdout);
      expect(warm.stdout, tree.name).toBe(cold.stdout);
      expect(warm.code, tree.name).toBe(cold.code);
      expect(warm.stderr, tree.name).toBe(cold.stderr);
      for (const [file, mtime, bytes] of written) {
        expect(statSync(join(cacheDir, file)).mtimeMs, `${tree.name} ${file}`).toBe(mtime);
        expect(readFileSync(join(cacheDir, file)).equals(bytes)).toBe(true);
      }
    }
  }, 120_000);
});

/** A red project: ALPHA and BETA cited in src/a.ts, GAMMA uncited, one unknown citation. */
function project(): string {
  const dir = tempDir('stale');
  const files: Record<string, string> = {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
    }),
    'specs/doc.md':
      '# Doc\n\n@status:impl/done\n\n@fact:ALPHA Alpha holds.\n\n@fact:BETA Beta holds.\n\n@fact:GAMMA Gamma holds.\n',
    'src/a.ts':
      '// @implements doc#ALPHA\nexport const a = 1;\n// @implements doc#BETA\nexport const b = 2;\n// @implements doc#NOPE\n',
    'src/other.ts': '// @implements doc#GAMMA\nexport const g = 3;\n',
    'test/a.test.ts':
      "it('a', () => {\n  // @verifies doc#ALPHA\n  // @verifies doc#BETA\n  // @verifies doc#GAMMA\n});\n",
  };
  // Whole seconds in the past, so a test can put a file's modification time back exactly.
  return writeTree(dir, files, Math.floor(Date.now() / 1000) - 60);
}

const A = 'src/a.ts';
/** src/a.ts with GAMMA cited instead of ALPHA: the same size, a different verdict. */
const editedA = (dir: string) => readFileSync(join(dir, A), 'utf8').replace('doc#ALPHA', 'doc#GAMMA');

type Runner = (
  dir: string,
  args: string[],
) => Promise<{ code: number | null; stdout: string; stderr: string }>;
const inProcess: Runner = (dir, args) => runInProcess(dir, args);
const realProcess: Runner = (dir, args) => runFactline(args, dir);

/**
 * Fills the cache (after the tree settled, so entries carry their stat),
 * applies `edit`, and returns the warm run next to a `--no-cache` one.
 */
async function afterEdit(edit: (dir: string) => void, run: Runner = inProcess, settled = true) {
  const dir = project();
  if (settled) await settle();
  const before = await run(dir, ['check', '--json']);
  expect(before.stderr).toBe('');
  edit(dir);
  const warm = await run(dir, ['check', '--json']);
  const cold = await run(dir, ['check', '--json', '--no-cache']);
  expect(warm.stderr).toBe('');
  expect(warm.code).toBe(cold.code);
  return { dir, before: before.stdout, warm: warm.stdout, cold: cold.stdout };
}

/** The stored stat of one file in the scan cache ('' when none is stored). */
function storedStat(dir: string, file: string): string | undefined {
  const name = readdirSync(cacheDirOf(dir)!).find((f) => f.startsWith('scan-'))!;
  return storedEntries(dir, name.replace(/\.json$/, ''))?.get(file)?.stat;
}

describe('a file changed between runs is never served from the cache', () => {
  // @verifies engine#HASH-ONLY-WHEN-STAT-CHANGES
  // @verifies engine#NEVER-STALE
  it('touch with the same content: re-hashed, found equal, served, and the entry takes the new stat', async () => {
    let stat: string | undefined;
    const { dir, before, warm, cold } = await afterEdit((d) => {
      stat = storedStat(d, A);
      const now = Date.now() / 1000 - 30;
      utimesSync(join(d, A), now, now);
    });
    expect(stat).toMatch(/^\d+:[\d.]+:[\d.]+:\d+$/);
    expect(warm).toBe(cold);
    expect(warm).toBe(before);
    expect(storedStat(dir, A)).not.toBe(stat);
  }, 60_000);

  // @verifies engine#NEVER-STALE
  it('an edit to the same size within the same second as the previous run, times put back (real process)', async () => {
    const { before, warm, cold } = await afterEdit((d) => {
      const st = statSync(join(d, A));
      writeFileSync(join(d, A), editedA(d));
      utimesSync(join(d, A), st.atime, st.mtime);
      expect(statSync(join(d, A)).size).toBe(st.size);
      expect(statSync(join(d, A)).mtimeMs).toBe(st.mtimeMs);
    }, realProcess);
    expect(warm).toBe(cold);
    expect(warm).not.toBe(before);
  }, 60_000);

  // @verifies engine#NEVER-STALE
  it('a rename', async () => {
    const { before, warm, cold } = await afterEdit((d) => renameSync(join(d, A), join(d, 'src/renamed.ts')));
    expect(warm).toBe(cold);
    expect(warm).not.toBe(before);
    expect(warm).toContain('src/renamed.ts');
  }, 60_000);

  // @verifies engine#NEVER-STALE
  it('a delete', async () => {
    const { before, warm, cold } = await afterEdit((d) => rmSync(join(d, A)));
    expect(warm).toBe(cold);
    expect(warm).not.toBe(before);
  }, 60_000);

  // @verifies engine#NEVER-STALE
  // @verifies engine#STAT-KEYED-SCAN-CACHE
  it('a file replaced by another with the same size and modification time but another inode (real process)', async () => {
    const { before, warm, cold } = await afterEdit((d) => {
      const st = statSync(join(d, A));
      const next = join(d, 'src/a.ts.next');
      writeFileSync(next, editedA(d));
      utimesSync(next, st.atime, st.mtime);
      renameSync(next, join(d, A));
      const now = statSync(join(d, A));
      expect([now.size, now.mtimeMs]).toEqual([st.size, st.mtimeMs]);
      expect(now.ino).not.toBe(st.ino);
    }, realProcess);
    expect(warm).toBe(cold);
    expect(warm).not.toBe(before);
  }, 60_000);

  // @verifies engine#RACY-CLEAN
  it('a file changed within two seconds of the run that cached it is stored without a stat, so a same-size edit is read', async () => {
    const { dir, before, warm, cold } = await afterEdit(
      (d) => {
        // The run that just filled the cache started within two seconds of the files' last change (their ctime).
        expect(storedStat(d, A)).toBe('');
        const st = statSync(join(d, A));
        writeFileSync(join(d, A), editedA(d));
        utimesSync(join(d, A), st.atime, st.mtime);
      },
      inProcess,
      false,
    );
    expect(warm).toBe(cold);
    expect(warm).not.toBe(before);
    // Once the tree has settled, the next run stores the stats (one write) and the run after writes nothing.
    await settle();
    await runInProcess(dir, ['check', '--json']);
    expect(storedStat(dir, A)).toMatch(/^\d+:[\d.]+:[\d.]+:\d+$/);
    const cacheFile = join(
      cacheDirOf(dir)!,
      readdirSync(cacheDirOf(dir)!).find((f) => f.startsWith('scan-'))!,
    );
    const written = statSync(cacheFile).mtimeMs;
    await runInProcess(dir, ['check', '--json']);
    expect(statSync(cacheFile).mtimeMs).toBe(written);
  }, 60_000);
});
