/**
 * Go's case table, from The Go Programming Language Specification,
 * "Lexical elements" (comments do not nest; interpreted `"…"`, raw `` `…` ``,
 * rune literals).
 */
import { go } from '../../../../../checks/scan/languages/go.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: go,
  file: 'main.go',
  cases: [
    [
      'a raw string is text over lines',
      'var s = `\n// @implements doc#NOT\n`\n// @implements doc#A\nvar t = 1\n',
      ['A'],
    ],
    ['block comments do not nest', '/* /* @implements doc#A */ var s = "// @implements doc#NOT"\n', ['A']],
    [
      'func names the function, a method too',
      '// @implements doc#A\nfunc Serve() {}\n// @implements doc#B\nfunc (s *Server) Handle() {}\n',
      ['A function Serve', 'B function Handle'],
    ],
    ['a rune quote opens nothing', "var r = '\"' // @implements doc#A\n", ['A']],
  ],
  comments: ['// @@', '/* @@ */', '/* /* @@ */', '/* " ` */ // @@', '// `a` @@'],
  texts: ['"@@"', '"a\\"// @@"', '`@@`', '`\n// @@\n`', '`\\` + "// @@"', "'\\'' + \"/* @@\""],
  code: ['x := 1', 'func f() {}', "r := '`'", 'e := 1 / 2'],
};
