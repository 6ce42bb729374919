/**
 * Start-up cost: which heavy modules a real `factline` process loads. The
 * child runs the CLI through tsx as bin/factline.js does and reports whether
 * TypeScript (or ts-morph, which factline no longer uses at run time) reached Node's module cache.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const PROBE = join(import.meta.dirname, 'fixtures', 'startup-probe.mjs');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(source: string): string {
  const root = mkdtempSync(join(tmpdir(), 'factline-speed-'));
  dirs.push(root);
  mkdirSync(join(root, 'specs'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'specs', 'app.md'), '# App\n\n@fact:PING Ping answers. @status:impl/done\n');
  writeFileSync(join(root, 'src', 'ping.ts'), source);
  writeFileSync(
    join(root, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
  return root;
}

function probe(
  cwd: string,
  argv: string[],
): { code: number; tsMorph: boolean; typescript: boolean; out: string } {
  const run = spawnSync(process.execPath, [PROBE, JSON.stringify(argv)], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, TMPDIR: cwd },
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

describe('start-up', () => {
  // @verifies scanner#LAZY-TS-SCANNER
  it('check over TS files without a citation tag, --help and --version never load TypeScript', () => {
    const root = tree('export const ping = () => "pong";\n');
    const check = probe(root, ['check', '--no-cache', '--json']);
    expect(JSON.parse(check.out).citations).toEqual([]);
    expect(check.tsMorph).toBe(false);
    expect(check.typescript).toBe(false);
    expect(probe(root, ['--help']).typescript).toBe(false);
    expect(probe(root, ['--version']).typescript).toBe(false);
  }, 60_000);

  // @verifies scanner#LAZY-TS-SCANNER
  // @verifies scanner#SCANNER-LOADS-COMPILER-ONLY
  // @verifies scanner#OWN-TOKENIZER
  // @verifies scanner#PARSER-ONLY-WHEN-AMBIGUOUS
  it('tokenizes a tagged file without TypeScript, loads its parser only for ambiguous tokens, then serves the citation from the warm cache', () => {
    const plain = tree('// @implements app#PING\nexport const ping = () => "pong" / 2;\n');
    const tokensTell = probe(plain, ['check', '--no-cache', '--json']);
    expect(tokensTell.typescript).toBe(false);
    expect(JSON.parse(tokensTell.out).citations.map((c: { id: string }) => c.id)).toEqual(['PING']);
    // After an object literal's `}` (or a block's?) only the grammar tells a division from a regular expression.
    const root = tree('export const half = {} / 2;\n// @implements app#PING\n');
    const cold = probe(root, ['check', '--json']);
    expect(cold.typescript).toBe(true);
    expect(cold.tsMorph).toBe(false); // the compiler alone, not ts-morph
    expect(cold.code).toBe(1); // implemented, not verified
    expect(JSON.parse(cold.out).citations.map((c: { id: string; line: number }) => [c.id, c.line])).toEqual([
      ['PING', 2],
    ]);
    const warm = probe(root, ['check', '--json']);
    expect(warm.typescript).toBe(false);
    expect(warm.out).toBe(cold.out);
  }, 60_000);
});
