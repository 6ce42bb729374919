/**
 * Comment-ness by each language's own rules: text that only looks like a
 * comment (inside a regular expression, JSX text, a heredoc or a YAML block
 * scalar) never cites, and the gate stays red for the fact it claims.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanFile } from '../../../checks/scan/index.ts';
import { runInProcess } from '../../support/cli.ts';

const ids = (file: string, text: string) => scanFile(file, text).map((c) => c.id);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('comment-ness by the language rules', () => {
  // @verifies scanner#SCAN-COMMENTS-BY-LANGUAGE-RULES
  it('a regular expression after `)` or `}` is not a comment, and the gate stays red (cached or not)', async () => {
    expect(ids('a.ts', 'if (s) /[//] @implements doc#BETA/.test(s);\n')).toEqual([]);
    expect(ids('a.ts', 'for (;;) /[//] @implements doc#BETA/.test(s);\n')).toEqual([]);
    expect(ids('a.ts', 'function f() {}\n/[//] @implements doc#BETA/.test(s);\n')).toEqual([]);
    expect(ids('a.ts', "function f() {}\n/'/.test(s); // @implements doc#REAL\n")).toEqual(['REAL']);
    expect(ids('a.ts', 'const x = (a + b) / 2; // @implements doc#REAL\n')).toEqual(['REAL']);
    expect(ids('a.ts', 'const o = {} / 2; // @implements doc#REAL\n')).toEqual(['REAL']);

    const dir = mkdtempSync(join(tmpdir(), 'factline-comment-rules-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'specs'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(
      join(dir, 'specs', 'doc.md'),
      '# Doc\n\n@fact:BETA Beta. @status:impl/done @requires:implementation\n',
    );
    writeFileSync(
      join(dir, 'src', 'a.ts'),
      'export function t(s: string) {\n  if (s) /[//] @implements doc#BETA/.test(s);\n}\n',
    );
    writeFileSync(join(dir, 'factline.config.json'), '{"sources": ["src/**/*"], "tests": ["test/**/*"]}');
    const uncached = await runInProcess(dir, ['check', '--json', '--no-cache']);
    expect(uncached.code).toBe(1);
    expect(JSON.parse(uncached.stdout).facts[0].state).toBe('missing-implementation');
    const cached = await runInProcess(dir, ['check', '--json']);
    expect(cached.code).toBe(1);
    expect(cached.stdout).toBe(uncached.stdout);
  });

  // @verifies scanner#SCAN-COMMENTS-BY-LANGUAGE-RULES
  it('JSX text is not a comment; a JSX comment and a comment after text with an apostrophe are', () => {
    expect(ids('a.tsx', 'export const P = () => <p>see // @implements doc#BETA</p>;\n')).toEqual([]);
    expect(ids('a.jsx', 'export const P = () => <p>a /* @implements doc#BETA */ b</p>;\n')).toEqual([]);
    expect(ids('a.tsx', "export const P = () => <p>don't {/* @implements doc#REAL */}</p>;\n")).toEqual([
      'REAL',
    ]);
    expect(
      ids(
        'a.tsx',
        'export const P = () => <p title="// @implements doc#BETA">x</p>; // @implements doc#REAL\n',
      ),
    ).toEqual(['REAL']);
    expect(ids('a.tsx', 'const n = a < b ? 1 : 2; // @implements doc#REAL\n')).toEqual(['REAL']);
  });

  // @verifies scanner#SCAN-COMMENTS-BY-LANGUAGE-RULES
  it('shell and Ruby heredoc bodies and Ruby =begin blocks follow their languages', () => {
    expect(ids('a.sh', 'cat <<EOF\n# @implements doc#FAKE\nEOF\n# @implements doc#REAL\n')).toEqual(['REAL']);
    expect(
      ids(
        'a.sh',
        "cat <<-'EOF' # @implements doc#REAL1\n\t# @implements doc#FAKE\n\tEOF\necho $# # @implements doc#REAL2\n",
      ),
    ).toEqual(['REAL1', 'REAL2']);
    expect(
      ids('a.bash', 'x=$(cat <<<"# @implements doc#FAKE")\ncat <<<word\n# @implements doc#REAL\n'),
    ).toEqual(['REAL']);
    expect(
      ids(
        'a.rb',
        's = <<~EOS\n  # @implements doc#FAKE\n  EOS\n=begin\n@implements doc#REAL1\n=end\n# @implements doc#REAL2\n',
      ),
    ).toEqual(['REAL1', 'REAL2']);
  });

  // @verifies scanner#SCAN-COMMENTS-BY-LANGUAGE-RULES
  it('YAML block scalars and quoted scalars are text; `#` after white space outside them is a comment', () => {
    expect(
      ids('ci.yml', 'run: |\n  # @implements doc#FAKE\n  echo hi\nkey: value # @implements doc#REAL\n'),
    ).toEqual(['REAL']);
    expect(
      ids(
        'ci.yaml',
        "- >-\n    # @implements doc#FAKE\nq: 'a # @implements doc#FAKE2'\nit: it's # @implements doc#REAL\n",
      ),
    ).toEqual(['REAL']);
    expect(
      ids('ci.yaml', 'steps:\n  - run: |-\n      # @implements doc#FAKE\n  # @implements doc#REAL\n'),
    ).toEqual(['REAL']);
    expect(ids('ci.yaml', 'a: b#@implements doc#FAKE\n')).toEqual([]);
  });
});
