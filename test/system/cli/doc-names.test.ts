/**
 * Document names are unique by construction: a spec outside the specs root is
 * named by its path, its short name stays an alias while unique, and a
 * citation through a shared alias is ambiguous-fact naming the candidates.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runFactline, runInProcess } from '../../support/cli.ts';
import { gitProject } from '../../support/git-project.ts';

const CORPUS = join(REPO, '..', 'shared', 'corpus', 'vibevm-code');

describe('document names', () => {
  // @verifies reader#DOC-NAMES-UNIQUE
  it.skipIf(!existsSync(CORPUS))(
    'reads every spec of the vibevm slice, two README.md among them, with no config',
    async () => {
      const r = await runFactline(['facts', '--json', '.'], CORPUS);
      expect(r.stderr).not.toContain('both resolve to the document name');
      expect(r.code).toBe(0);
    },
  );

  // @verifies reader#DOC-NAMES-UNIQUE
  // @verifies trace#AMBIGUOUS-ALIAS
  it('names a spec by its path, resolves a unique short name, and calls a shared one ambiguous', async () => {
    const readme = (id: string) => `# readme\n\n@fact:${id} It holds. @status:impl/done\n`;
    const root = gitProject({
      'factline.config.json':
        '{"specs": ["packages/**/*.md", "tools/*.md"], "sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]}\n',
      'packages/a/v1/README.md': readme('ONE'),
      'packages/b/v1/README.md': readme('ONE'),
      'tools/NOTES.md': readme('NOTE'),
      'src/a.ts': [
        '// @implements packages/a/v1/README#ONE',
        '// @implements b/v1/README#ONE',
        '// @implements NOTES#NOTE',
        '// @implements README#ONE',
        'export const a = 1;',
        '',
      ].join('\n'),
      'test/a.test.ts': [
        '// @verifies packages/a/v1/README#ONE',
        '// @verifies packages/b/v1/README#ONE',
        '// @verifies tools/NOTES#NOTE',
        "it('a', () => {});",
        '',
      ].join('\n'),
    });
    const facts = JSON.parse((await runInProcess(root, ['facts', '--json'])).stdout).facts;
    expect(facts.map((f: { address: string }) => f.address)).toEqual([
      'packages/a/v1/README#ONE',
      'packages/b/v1/README#ONE',
      'tools/NOTES#NOTE',
    ]);
    const check = await runFactline(['check'], root);
    expect(check.code).toBe(1);
    const errors = check.stdout.split('\n').filter((l) => / error /.test(l));
    expect(errors).toEqual([
      'src/a.ts:4:4: error ambiguous-fact @implements README#ONE: `README` names 2 documents (packages/a/v1/README, packages/b/v1/README)',
    ]);
    expect(check.stdout).toContain(
      'fix: name the document: `packages/a/v1/README#ONE` or `packages/b/v1/README#ONE`',
    );
  });
});
