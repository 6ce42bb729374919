/** Control characters from inputs never reach the terminal raw; one in an id is a diagnostic. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeControls } from '../../../checks/reporters/escape/console.ts';
import { parseSpec } from '../../../reader/index.ts';
import { runInProcess } from '../../support/cli.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

function project(spec: string, source: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-escape-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'specs'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'specs', 'doc.md'), spec);
  writeFileSync(join(dir, 'src', 'a.ts'), source);
  writeFileSync(join(dir, 'factline.config.json'), '{"sources": ["src/**/*"], "tests": ["test/**/*"]}');
  return dir;
}

describe('terminal output', () => {
  // @verifies cli#CONTROL-CHARACTERS-ESCAPED
  it('escapes ESC, CR, newlines and bidi overrides from specs, reasons and config keys', async () => {
    const dir = project(
      '# Doc\n\n@fact:ONE Clear \u001b[2J the \u202escreen. @status:impl/done\n\n@fact:TWO Two. @status:impl/done\n',
      '// @implements doc#ONE~00000000\n// @deviates doc#TWO reason="ok\u001b]0;pwned\u0007 bell"\nexport const a = 1;\n',
    );
    const uncached = await runInProcess(dir, ['check', '--no-cache']);
    expect(uncached.code).toBe(1);
    expect(uncached.stdout).not.toMatch(RAW_CONTROL);
    expect(uncached.stdout).toContain('Clear \\u{1b}[2J the \\u{202e}screen.');
    expect(uncached.stdout).toContain('ok\\u{1b}]0;pwned\\u{7} bell');
    expect((await runInProcess(dir, ['check'])).stdout).toBe(uncached.stdout);
    writeFileSync(join(dir, 'factline.config.json'), '{"sources\\u001b[31m": []}');
    const config = await runInProcess(dir, ['check']);
    expect(config.code).toBe(2);
    expect(config.stderr).not.toMatch(RAW_CONTROL);
    expect(config.stderr).toContain('["sources\\u001b[31m"]` is not a known key');
  });

  // @verifies cli#CONTROL-CHARACTERS-ESCAPED
  it('a NUL inside a fact id is a located diagnostic, printed escaped, and the gate fails', async () => {
    const doc = parseSpec('# D\n\n@fact:AB\u0000CD text\n', { file: 'x.md', doc: 'x' });
    expect(doc.facts).toEqual([]);
    expect(doc.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['control-character', 3, 9]]);
    const dir = project(
      '# Doc\n\n@fact:AB\u0000CD text. @status:impl/done\n',
      '// @implements doc#AB\nexport const a = 1;\n',
    );
    const lint = await runInProcess(dir, ['lint']);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain('specs/doc.md:3:9: error control-character');
    expect(lint.stdout).not.toMatch(RAW_CONTROL);
    const check = await runInProcess(dir, ['check', '--no-cache']);
    expect(check.code).toBe(1);
    expect((await runInProcess(dir, ['check'])).stdout).toBe(check.stdout);
  });

  it('keeps tabs, and newlines only when asked', () => {
    expect(escapeControls('a\tb\nc\u0000')).toBe('a\tb\\u{a}c\\u{0}');
    expect(escapeControls('a\nb', { lines: true })).toBe('a\nb');
  });
});
