/**
 * A config that reads specs from outside the git repository (`"specs":
 * ["../shared/**\/*.md"]`): `check --staged` and `check --base` judge a copy
 * of the repository, and read those specs from disk as the full gate does,
 * at the same relative paths. Through the CLI on temp git projects.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../checks/model.ts';
import { brief, runInProcess } from '../support/cli.ts';
import { commitAll, git } from '../support/git-project.ts';
import { tempDir, writeFiles } from '../support/temp.ts';

/** `shared/doc.md` beside the repository `repo/`, whose config reads it; `src/` implements nothing yet. */
function repoBesideShared(): { repo: string; shared: string } {
  const around = tempDir('outside');
  const shared = join(around, 'shared');
  const repo = join(around, 'repo');
  writeFiles(shared, { 'doc.md': '# doc\n\n@fact:GREETS It greets. @status:impl/done\n' });
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  writeFiles(repo, {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md', '../shared/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
    }),
    'specs/local.md': '# local\n\n@fact:LOCAL Local. @status:impl/work\n',
    'src/a.ts': 'export const a = 1;\n',
  });
  commitAll(repo, 'first');
  return { repo, shared };
}

const json = async (cwd: string, args: string[]) => {
  const r = await runInProcess(cwd, ['check', '--json', '--no-cache', ...args]);
  if (r.code === 2) throw new Error(r.stderr);
  return { code: r.code, result: JSON.parse(r.stdout) as TraceResult };
};

describe('specs outside the repository', () => {
  // @verifies engine#COPIES-READ-OUTSIDE-FILES
  // @verifies engine#STAGED-JUDGES-THE-INDEX
  it('check --staged reads them from disk: the same findings, at the same paths, as check', async () => {
    const { repo } = repoBesideShared();
    const full = await json(repo, []);
    expect(brief(full.result)).toContain('../shared/doc.md:3:1 missing-implementation doc#GREETS');
    expect(full.code).toBe(1);
    const staged = await json(repo, ['--staged']);
    expect(brief(staged.result)).toEqual(brief(full.result));
    expect(staged.code).toBe(1);
    // From a subfolder the snapshot's config is found as the working tree's is.
    const below = await json(join(repo, 'src'), ['--staged']);
    expect(brief(below.result)).toEqual(brief(full.result));
  });

  // @verifies engine#COPIES-READ-OUTSIDE-FILES
  it('check --staged: a citation of an outside fact staged counts, one only in the working copy does not', async () => {
    const { repo } = repoBesideShared();
    writeFiles(repo, {
      'src/a.ts': '// @implements doc#GREETS\nexport const a = 1;\n',
      'test/a.test.ts': "// @verifies doc#GREETS\nit('greets', () => {});\n",
    });
    git(repo, 'add', '-A');
    expect((await json(repo, ['--staged'])).code).toBe(0);
    // Unstaged only: the commit would not carry it.
    rmSync(join(repo, 'test/a.test.ts'));
    git(repo, 'add', '-A');
    writeFileSync(join(repo, 'test/a.test.ts'), "// @verifies doc#GREETS\nit('greets', () => {});\n");
    expect((await json(repo, [])).code).toBe(0);
    const staged = await json(repo, ['--staged']);
    expect(staged.code).toBe(1);
    expect(brief(staged.result)).toContain('../shared/doc.md:3:1 missing-verification doc#GREETS');
  });

  // @verifies engine#COPIES-READ-OUTSIDE-FILES
  it('check --base reads them on the base too: an unchanged tree has nothing new', async () => {
    const { repo } = repoBesideShared();
    const r = await runInProcess(repo, ['check', '--base', 'main', '--json', '--no-cache']);
    const delta = JSON.parse(r.stdout) as {
      added: unknown[];
      base: { facts: number };
      head: { facts: number };
    };
    expect(delta.added).toEqual([]);
    expect(delta.base.facts).toBe(delta.head.facts);
    expect(r.code).toBe(0);
  });

  // @verifies engine#STAGED-JUDGES-THE-INDEX
  it('--staged with --watch or --base is a usage error naming why', async () => {
    const { repo } = repoBesideShared();
    for (const other of ['--watch', '--base=main']) {
      const r = await runInProcess(repo, ['check', '--staged', other]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--staged/);
    }
  });

  // @verifies engine#COPIES-READ-OUTSIDE-FILES
  it('a glob naming the repository by an absolute path is refused by --staged and --base, not read from the working tree', async () => {
    const { repo } = repoBesideShared();
    writeFiles(repo, {
      'factline.config.json': JSON.stringify({ specs: [`${repo}/specs/**/*.md`], sources: ['src/**/*.ts'] }),
    });
    commitAll(repo, 'absolute');
    expect((await runInProcess(repo, ['check'])).code).toBe(0);
    for (const args of [['--staged'], ['--base', 'main']]) {
      const r = await runInProcess(repo, ['check', '--no-cache', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`names \`${repo}/specs/**/*.md\` inside it by an absolute path`);
    }
  });
});
