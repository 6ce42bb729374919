/**
 * factline's TS/JS tokenizer against TypeScript's scanner, token by token
 * (test/unit/checks/token-diff.ts): over real trees (this repository's sources
 * and installed packages), and over the corners real trees rarely show.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the corners are source text that holds template literals
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanFile } from '../../../checks/scan/index.ts';
import { K, Lexer } from '../../../checks/scan/ts-lexer.ts';
import { filesUnder } from '../../support/files-under.ts';
import { firstDifference } from './token-diff.ts';

const REPO = join(import.meta.dirname, '..', '..', '..');
const CODE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/** Our own code, and installed packages written in many hands: minified bundles, .d.ts, ESM and CJS. */
const TREES = [
  'checks',
  'cli',
  'reader',
  'generator',
  'generated',
  'test',
  'bench',
  'support',
  'node_modules/zod',
  'node_modules/@modelcontextprotocol/sdk/dist',
  'node_modules/handlebars',
  'node_modules/ajv/dist',
  'node_modules/micromark-core-commonmark',
  'node_modules/@types/node',
];

describe('the TS/JS tokenizer', () => {
  // @verifies scanner#SAME-TOKENS-AS-TYPESCRIPT
  it('reads the same tokens as TypeScript’s scanner over this repository and installed packages', () => {
    let files = 0;
    let tokens = 0;
    const differences: string[] = [];
    for (const tree of TREES) {
      for (const file of filesUnder(join(REPO, tree), (path) => CODE.test(path))) {
        const result = firstDifference(readFileSync(file, 'utf8'), /x$/.test(file));
        files++;
        tokens += result.tokens;
        if (result.difference) differences.push(`${file}: ${JSON.stringify(result.difference)}`);
      }
    }
    expect(differences).toEqual([]);
    expect(files).toBeGreaterThan(1_000);
    expect(tokens).toBeGreaterThan(1_000_000);
  }, 120_000);

  const CORNERS: [string, string][] = [
    ['CRLF and CR line endings in templates', 'const a = `one\r\ntwo\rthree`;\r\nlet b = `x${a}\r\ny`;\r\n'],
    [
      'escapes in strings and templates',
      String.raw`const s = ['\x41\u0042\u{1F600}\101\0\8', "\'\"\\\n", 'a\
b', ` + '`\\`${1}\\${2}\\u{41}`];\n',
    ],
    ['unterminated string, template, comment', 'const a = "open\nconst b = 1; /* open'],
    ['unterminated template', 'const t = `open ${x'],
    ['unterminated regular expression', 'const r = /open\nconst b = 2;'],
    [
      'unterminated regular expressions ending at an unbalanced bracket',
      'f(/th>);\ng = [/a[)]b];\nh = {k: /a{1,2}}b};\ni(/(x)y) ;  \n',
    ],
    ['regular expressions with classes and flags', 'const r = /[/\\]]+\\/x/giu; const q = x / y / z;'],
    [
      'merge conflict markers',
      'const a = 1;\n<<<<<<< HEAD\nconst b = "ours";\n=======\nconst b = "theirs";\n>>>>>>> branch\n',
    ],
    ['a diff3 conflict marker', '<<<<<<< a\nx();\n||||||| base\ny();\n=======\nz();\n>>>>>>> b\n'],
    ['a shebang', '#!/usr/bin/env node\n// @implements a#B\nrun();\n'],
    [
      'unicode identifiers, spaces and line breaks',
      'const café = 1;\u00a0let \u0061b = café;\u2028x\u2029y\ufeff; const 名前 = "名";\n',
    ],
    ['numbers', 'f(1_000n, 0xFF, 0b1010, 0o17, .5e-3, 1e+10, 1..toString(), 2.5, 0.1E5, 07);'],
    [
      'operators, longest first',
      'a?.b ?? c; a ??= b; a **= 2; a >>>= 1; a !== b; a?.5:1; x => x; ...y; a ||= b &&= c;',
    ],
    ['private names and decorators', 'class A { #x = 1; @dec() m() { return this.#x; } }'],
    ['keywords as property names', 'it.for([1])("t", () => {}); a.if; a?.return; a.class.function;'],
    ['an HTML-like comment is no comment in TypeScript', 'x <!-- y;\n--> z;\n'],
    [
      'a lone backslash and stray characters',
      'a \\ b; c ¤ d; € # x; 😀; const 𝑥 = 1; y #! z; a\u200cb; \\u0061;',
    ],
    ['JSX', 'const v = <div className="a" data-x={`t${1}`}>text // not a comment</div>;'],
  ];
  // @verifies scanner#SAME-TOKENS-AS-TYPESCRIPT
  it.each(CORNERS)('reads %s as TypeScript’s scanner does', (_name, text) => {
    const result = firstDifference(text, text.includes('<div'));
    expect(result.difference).toBeUndefined();
    expect(result.tokens).toBeGreaterThan(0);
  });

  it('ends strings at their line break and templates at their backtick, as values the walk can title with', () => {
    const lexer = new Lexer();
    lexer.setText('it("a\\tb", f); `x\r\ny${z}w`');
    const seen: [number, string][] = [];
    for (let kind = lexer.scan(); kind !== K.EndOfFile; kind = lexer.scan()) {
      if (kind === K.OpenBrace) continue;
      if (kind === K.CloseBrace) kind = lexer.reScanTemplate();
      if (kind === K.StringLiteral || (kind >= K.NoSubstitutionTemplate && kind <= K.TemplateTail))
        seen.push([kind, lexer.tokenValue()]);
    }
    expect(seen).toEqual([
      [K.StringLiteral, 'a\tb'],
      [K.TemplateHead, 'x\ny'],
      [K.TemplateTail, 'w'],
    ]);
  });

  // @verifies scanner#PARSER-ONLY-WHEN-AMBIGUOUS
  it('divides after the `)` of a call and reads a regular expression after the `)` of an if or for-await header', () => {
    const text = [
      'async function f(x) {',
      '  const half = g(x) / 2; // @implements a#DIVIDES',
      '  if (x) /"/.test(x); // @implements a#AFTER-IF',
      '  for await (const y of x) /`/.test(y); // @implements a#AFTER-FOR-AWAIT',
      '}',
    ].join('\n');
    expect(scanFile('src/f.ts', text).map((c) => c.id)).toEqual(['DIVIDES', 'AFTER-IF', 'AFTER-FOR-AWAIT']);
  });
});
