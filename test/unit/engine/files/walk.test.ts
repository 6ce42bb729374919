/**
 * The gate's directory walk lists exactly the files the glob (tinyglobby
 * plus the symlink policy) listed: on every fixture project, on factline's
 * own tree, on the shared vibevm code corpus, and on temp trees built for the
 * edges (dot files, ignore, always-ignored folders, a folder named like a
 * file, links in and out of the root, a link cycle).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { glob } from 'tinyglobby';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyGateFiles } from '../../../../checks/gate.ts';
import { loadConfig } from '../../../../engine/config/load.ts';
import type { FactlineConfig } from '../../../../engine/config/model.ts';
import { followWithinRoot } from '../../../../engine/files/symlink-policy.ts';
import { walkFiles } from '../../../../engine/files/walk.ts';
import { ALWAYS_IGNORED, listGateFiles } from '../../../../engine/gate/files.ts';
import { REPO } from '../../../support/cli.ts';

const SHARED_CODE = resolve(REPO, '../shared/corpus/vibevm-code');
const haveShared = existsSync(join(SHARED_CODE, 'specmap.toml'));
// Outside this workspace the corpus is absent and its case skips with a note; CI always has it.
if (!haveShared && process.env.CI)
  throw new Error(`${SHARED_CODE} is absent in CI: the walk must be compared there`);
if (!haveShared) console.warn(`NOTE: ${SHARED_CODE} is absent; the walk is not compared on the corpus`);

/** The file list as the gate built it before the walk: tinyglobby, then the symlink policy. */
async function globbed(root: string, patterns: string[], ignore: string[]): Promise<string[]> {
  const found = await glob(patterns, {
    cwd: root,
    ignore: [...ignore, ...ALWAYS_IGNORED],
    onlyFiles: true,
    dot: false,
    followSymbolicLinks: true,
  });
  return followWithinRoot(root, found);
}

async function expectSameAsGlob(config: FactlineConfig, walks = true): Promise<void> {
  const patterns = [...config.sources, ...config.tests];
  const reference = await globbed(config.root, patterns, config.ignore);
  const walked = walkFiles(config.root, patterns, [...config.ignore, ...ALWAYS_IGNORED]);
  if (walks) expect(walked).toEqual(reference);
  else expect(walked).toBeUndefined();
  expect(await listGateFiles(config)).toEqual(classifyGateFiles(reference, config.tests));
}

/** Every folder under test/ holding a project config. */
function fixtureProjects(): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'node_modules' || !statSync(path).isDirectory()) continue;
      if (existsSync(join(path, 'factline.config.json')) || existsSync(join(path, 'specmap.toml')))
        out.push(path);
      visit(path);
    }
  };
  visit(join(REPO, 'test'));
  return out.sort();
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'factline-walk-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function configAt(root: string, sources: string[], tests: string[], ignore: string[] = []): FactlineConfig {
  return { ...loadConfig(root), sources, tests, ignore };
}

const EDGES = {
  'src/a.ts': '',
  'src/deep/b.ts': '',
  'src/.hidden.ts': '',
  'src/.dot/c.ts': '',
  'src/node_modules/dep.ts': '',
  'src/dist/out.ts': '',
  'src/.dot/dist/e.ts': '',
  'src/.dot/node_modules/f.ts': '',
  'src/deep/fixtures/h.ts': '',
  'lib/fixtures/g.ts': '',
  'dist/top/k.ts': '',
  '.git/hooks/pre.ts': '',
  'src/build1/x.ts': '',
  'src/named.ts/inner.js': '',
  'src/gen/skip.ts': '',
  'src/readme.md': '',
  '.github/tool.ts': '',
  'test/a.test.ts': '',
  'test/fixtures/f.ts': '',
  'lib/plain/z.ts': '',
  'top.ts': '',
};

describe('the gate walk lists the glob’s files', () => {
  // @verifies engine#WALK-SAME-FILES
  it('on every fixture project and on factline’s own tree', async () => {
    const projects = [...fixtureProjects(), REPO];
    expect(projects.length).toBeGreaterThan(10);
    for (const project of projects) await expectSameAsGlob(loadConfig(project));
  }, 60_000);

  // @verifies engine#WALK-SAME-FILES
  it.skipIf(!haveShared)('on the shared vibevm code corpus', async () => {
    const config = loadConfig(SHARED_CODE);
    expect((await listGateFiles(config)).length).toBeGreaterThan(10);
    await expectSameAsGlob(config);
  });

  // @verifies engine#WALK-SAME-FILES
  it('at the edges: dot files, ignore, always-ignored folders, plain folder patterns, braces', async () => {
    const root = tree(EDGES);
    const cases: [string[], string[], string[]][] = [
      [['src/**/*.ts'], ['test/**/*.ts'], []],
      [['src/**/*.{ts,js}', '**/*.ts'], ['test/**'], ['test/fixtures/**', 'src/gen']],
      [['src/**/*.ts'], [], ['src/build*']], // a prefix pattern prunes the folder, not its files' paths
      [['sr*/**/*.ts', 'src/*.ts/**'], [], []],
      [['src', 'lib/plain'], ['test'], ['**/deep/**']], // a plain name is its whole folder
      [['.github/**/*.ts', 'src/.dot/*.ts', 'src/.*.ts'], [], []], // dots only when named
      [['**/*.ts'], ['**/*.test.ts'], ['**/*.md']],
      [['lib/**/z.ts'], ['lib/**/z.ts'], []], // both sources and tests: one file
      [['nowhere/**/*.ts'], [], []],
      // Always-ignored names (and `**/NAME/**` in the config) under a named dot folder, as the walk's
      // start, as a file's own name, and as the config's own ignore.
      [['src/.dot/**/*.ts', 'src/**/*.ts'], [], ['**/fixtures/**']],
      [['dist/**/*.ts', 'src/dist/*.ts', '.git/**/*.ts'], [], []],
      [['**/*.ts', 'src/.dot/**'], ['**/fixtures/**'], ['**/deep/**', '**/.dot/**']],
      [['src/**'], [], ['**/out.ts/**', '**/e.ts/**']],
    ];
    for (const [sources, tests, ignore] of cases)
      await expectSameAsGlob(configAt(root, sources, tests, ignore));
  });

  // @verifies engine#WALK-SAME-FILES
  // @verifies engine#ONE-SYMLINK-POLICY
  it('with links in the tree (into the root, out of it, a cycle) the glob and the symlink policy decide', async () => {
    const outside = tree({ 'secret.ts': '' });
    const root = tree(EDGES);
    symlinkSync(join(root, 'src', 'deep'), join(root, 'src', 'alias'), 'dir');
    symlinkSync(join(root, 'src', 'a.ts'), join(root, 'src', 'a-link.ts'));
    symlinkSync(outside, join(root, 'src', 'out'), 'dir');
    symlinkSync(join(root, 'src'), join(root, 'src', 'deep', 'loop'), 'dir');
    await expectSameAsGlob(configAt(root, ['src/**/*.ts'], ['test/**/*.ts']), false);
    symlinkSync(outside, join(root, 'linked'), 'dir'); // the walk would start inside a link
    await expectSameAsGlob(configAt(root, ['linked/**/*.ts'], []), false);
    symlinkSync(join(root, 'lib'), join(root, 'lib-link'), 'dir');
    await expectSameAsGlob(configAt(root, ['lib-link/plain/*.ts'], []), false);
    const files = (await listGateFiles(configAt(root, ['src/**/*.ts'], []))).map((f) => f.file);
    expect(files).toContain('src/a.ts');
    expect(files).not.toContain('src/a-link.ts'); // the real file, once, under its own name
    expect(files.some((f) => f.includes('secret'))).toBe(false);
  });

  // @verifies engine#WALK-FOLLOWS-FILE-LINKS
  it('walks a tree whose only links lead to files, and lists what the glob and the symlink policy list', async () => {
    const outside = tree({ 'secret.ts': '' });
    const root = tree({ ...EDGES, 'src/gen/only-here.ts': '', 'lib/plain/y.ts': '' });
    const link = (target: string, path: string) => symlinkSync(target, join(root, path));
    link(join(root, 'src', 'a.ts'), 'src/a-link.ts'); // its file is listed under its own name
    link(join(outside, 'secret.ts'), 'src/secret.ts'); // out of the root: never followed
    link(join(root, 'src', 'gen', 'only-here.ts'), 'src/deep/alias.ts'); // its file is ignored: listed by the link
    link(join(root, 'src', 'gen', 'only-here.ts'), 'src/deep/alias2.ts'); // a second link: once
    link('../../lib/plain/y.ts', 'src/deep/rel.ts'); // relative, to a file no pattern names
    link(join(root, 'src', 'gone.ts'), 'src/dangling.ts'); // nothing behind it
    link(join(root, 'src', 'readme.md'), 'src/readme-link.ts'); // named as a source, a Markdown file behind it
    link(join(root, 'src', 'a.ts'), 'src/node_modules/dep-link.ts'); // in an always-ignored folder
    symlinkSync(outside, join(root, 'node_modules'), 'dir'); // a folder link the walk never enters
    symlinkSync(join(root, 'lib'), join(root, 'test', 'build'), 'dir');
    const cases: [string[], string[], string[]][] = [
      [['src/**/*.ts'], ['test/**/*.ts'], ['src/gen']],
      [['src/**/*.ts'], [], []],
      [['**/*.ts'], ['**/*.test.ts'], ['src/deep/alias.ts']],
    ];
    for (const [sources, tests, ignore] of cases) {
      const walked = walkFiles(root, [...sources, ...tests], [...ignore, ...ALWAYS_IGNORED]);
      expect(walked).toBeDefined();
      await expectSameAsGlob(configAt(root, sources, tests, ignore));
    }
    const files = (await listGateFiles(configAt(root, ['src/**/*.ts'], [], ['src/gen']))).map((f) => f.file);
    expect(files).toEqual(expect.arrayContaining(['src/a.ts', 'src/deep/alias.ts', 'src/deep/rel.ts']));
    for (const absent of ['src/a-link.ts', 'src/secret.ts', 'src/deep/alias2.ts', 'src/dangling.ts'])
      expect(files).not.toContain(absent);
  });

  // @verifies engine#WORKER-BOOTS-DURING-THE-LISTING
  it('says once when it has found the asked number of files, and never for a smaller tree', () => {
    const root = tree(
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`src/m${i % 3}/f${i}.ts`, 'x'])),
    );
    let calls = 0;
    const walked = walkFiles(root, ['src/**/*.ts'], [], { count: 10, reached: () => calls++ });
    expect(walked).toHaveLength(30);
    expect(calls).toBe(1);
    let late = 0;
    walkFiles(root, ['src/**/*.ts'], [], { count: 31, reached: () => late++ });
    expect(late).toBe(0);
  });

  // @verifies engine#WALK-SAME-FILES
  it('leaves patterns outside the root, negations and absolute paths to the glob', async () => {
    const root = tree(EDGES);
    const outsideRoot = join(root, 'src');
    for (const patterns of [['../src/**/*.ts'], ['!src/a.ts', 'src/**/*.ts'], [join(root, 'src/**/*.ts')]]) {
      expect(walkFiles(outsideRoot, patterns, [])).toBeUndefined();
    }
    await expectSameAsGlob(configAt(outsideRoot, ['../lib/**/*.ts'], []), false);
  });
});
