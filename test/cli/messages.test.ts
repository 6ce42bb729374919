/** The gate's and gen's words for a deleted fact and a hand edit, through the CLI on real files. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-messages-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const CONFIG = JSON.stringify({
  specs: ['specs/**/*.md'],
  sources: ['src/**/*.ts', 'templates/**/*.hbs', 'generated/**/*.ts'],
  tests: ['test/**/*.ts'],
  generate: { spec: 'specs/demo.md', templates: 'templates', out: 'generated' },
});
const SPEC =
  '# Demo\n\n@status:impl/done\n\n@fact:WIRE-ONE The server reads one line. @requires:implementation\n';

describe('messages', () => {
  // @verifies trace#MESSAGES-DELETED-FACT-REMOVE-CITATION
  it('a citation of a removed fact is told to remove the citation, not to add the fact', async () => {
    const dir = project({
      'factline.config.json': CONFIG,
      'specs/demo.md': SPEC,
      'src/a.ts': '// @implements demo#WIRE-ONE\n// @implements demo#LEGACY-HANDSHAKE\nexport {};\n',
    });
    const r = await runInProcess(dir, ['check', '--no-cache']);
    expect(r.stdout).toContain('src/a.ts:2:4: error unknown-fact @implements demo#LEGACY-HANDSHAKE');
    expect(r.stdout).toContain(
      'fix: if the fact was removed from the spec, remove this citation (or cite the fact that replaced it); if the id is mistyped, fix it',
    );
    const gen = project({
      'factline.config.json': CONFIG,
      'specs/demo.md': SPEC,
      'templates/a.ts.hbs': '{{cite "LEGACY-HANDSHAKE"}}\nexport {};\n',
    });
    const g = await runInProcess(gen, ['gen']);
    expect(g.code).toBe(1);
    expect(g.stderr).toContain('fix: if the fact was removed from specs/demo.md, remove this call');
  });

  // @verifies generator#MESSAGES-HAND-EDIT-NAMES-LINE
  it('a hand edit is reported at the first changed line by gen and by check', async () => {
    const dir = project({
      'factline.config.json': CONFIG,
      'specs/demo.md': SPEC,
      'templates/a.ts.hbs': 'export const one = 1;\nexport const two = 2;\nexport const three = 3;\n',
    });
    expect((await runInProcess(dir, ['gen'])).code).toBe(0);
    const file = join(dir, 'generated', 'a.ts');
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.indexOf('export const two = 2;');
    lines[at] = 'export const two = 22;';
    writeFileSync(file, lines.join('\n'));
    const g = await runInProcess(dir, ['gen']);
    expect(g.code).toBe(1);
    expect(g.stderr).toContain(`generated/a.ts:${at + 1}:1: error generated-hand-edit`);
    expect(g.stderr).toContain(`first changed line ${at + 1}`);
    const c = await runInProcess(dir, ['check', '--no-cache']);
    expect(c.stdout).toContain(`generated/a.ts:${at + 1}:1: error generated-hand-edit`);
  });
});
