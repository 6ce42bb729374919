/** Document identity and the one symlink policy, through the real CLI. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.ts';

let dir: string;
let outside: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'factline-identity-'));
  outside = mkdtempSync(join(tmpdir(), 'factline-outside-'));
  for (const d of ['specs', 'vendor', 'src', 'test']) mkdirSync(join(dir, d));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const write = (path: string, text: string) => writeFileSync(join(dir, path), text);
const config = (extra = '') =>
  write(
    'factline.config.json',
    `{"specs": ["specs/**/*.md", "vendor/**/*.md"], "sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]${extra}}`,
  );

describe('document identity', () => {
  // @verifies reader#DOCUMENT-IDENTITY
  // @verifies reader#DOC-NAMES-UNIQUE
  it('two specs called `doc.md` get two names; two given one name by the config are exit 2 naming both and the fix', async () => {
    write('specs/doc.md', '# Doc\n\n@fact:SAME The first text. @status:impl/done\n');
    write('vendor/doc.md', '# Doc\n\n@fact:SAME Another text. @status:impl/done\n');
    write('src/a.ts', '// @implements doc#SAME\nexport const a = 1;\n');
    write('test/a.test.ts', "it('a', async () => {\n  // @verifies doc#SAME\n});\n");
    config();
    // Outside the specs root the path names it: `doc` is the one in specs/, and the vendor one is gated apart.
    const apart = await runInProcess(dir, ['check', '--no-cache']);
    expect(apart.code).toBe(1);
    expect(apart.stdout).toContain('missing-implementation vendor/doc#SAME');
    expect(apart.stdout).not.toContain('missing-implementation doc#SAME');
    config(', "names": {"vendor/doc.md": "doc"}');
    const clash = await runInProcess(dir, ['check', '--no-cache']);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('specs/doc.md and vendor/doc.md both resolve to the document name `doc`');
    expect(clash.stderr).toContain('"names": { "vendor/doc.md": "doc-2" }');
    expect((await runInProcess(dir, ['check'])).code).toBe(2);
    config(', "names": {"vendor/doc.md": "vendor-doc"}');
    const named = await runInProcess(dir, ['check', '--no-cache']);
    expect(named.code).toBe(1);
    expect(named.stdout).toContain('missing-implementation vendor-doc#SAME');
    expect((await runInProcess(dir, ['check'])).stdout).toBe(named.stdout);
  });
});

describe('one symlink policy for specs and sources', () => {
  // @verifies engine#ONE-SYMLINK-POLICY
  it('a link inside the root is followed once, a link out of it never, and a `specs/loop -> .` loads nothing twice', async () => {
    write('specs/doc.md', '# Doc\n\n@fact:ONE One holds. @status:impl/done\n');
    write('src/a.ts', '// @implements doc#ONE\nexport const a = 1;\n');
    write('test/a.test.ts', "it('a', async () => {\n  // @verifies doc#ONE\n});\n");
    config();
    const plain = await runInProcess(dir, ['check', '--json', '--no-cache']);
    expect(plain.code).toBe(0);
    symlinkSync('.', join(dir, 'specs', 'loop'));
    symlinkSync('../src', join(dir, 'src', 'again'));
    // A citation outside the project must not count, even through a link.
    writeFileSync(join(outside, 'b.ts'), '// @implements doc#TWO\nexport const b = 1;\n');
    writeFileSync(join(outside, 'b.test.ts'), "it('b', async () => {\n  // @verifies doc#TWO\n});\n");
    symlinkSync(join(outside, 'b.ts'), join(dir, 'src', 'b.ts'));
    symlinkSync(join(outside, 'b.test.ts'), join(dir, 'test', 'b.test.ts'));
    write('specs/two.md', '# Two\n\n@fact:TWO Two holds. @status:impl/done\n');
    write(
      'factline.config.json',
      '{"specs": ["specs/**/*.md"], "sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"], "names": {"specs/two.md": "doc2"}}',
    );
    const linked = await runInProcess(dir, ['check', '--json', '--no-cache']);
    expect(linked.code).toBe(1);
    const result = JSON.parse(linked.stdout);
    expect(result.documents.map((d: { file: string }) => d.file)).toEqual(['specs/doc.md', 'specs/two.md']);
    expect(result.citations.map((c: { file: string }) => c.file)).toEqual(['src/a.ts', 'test/a.test.ts']);
    expect((await runInProcess(dir, ['check', '--json'])).stdout).toBe(linked.stdout);
    expect((await runInProcess(dir, ['check', '--help'])).stdout).toMatch(
      /a symbolic link is\s+followed when its target lies inside the project root/,
    );
  });
});
