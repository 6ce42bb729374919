/**
 * C++'s case table, from the standard's [lex] (comments do not nest; raw
 * string literals `R"d(…)d"` end only at `)d"`; digit separators `1'000`).
 */
import { cpp } from '../../../../../checks/scan/languages/c.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: cpp,
  file: 'src/a.cpp',
  cases: [
    [
      'a raw string is text over lines',
      'auto s = R"x(\n)" // @implements doc#NOT\n)x";\n// @implements doc#A\n',
      ['A'],
    ],
    ['a digit separator opens nothing', "int n = 1'000'000; // @implements doc#A\n", ['A']],
    ['class names the type', '// @implements doc#A\nclass Server {};\n', ['A class Server']],
  ],
  comments: ['// @@', '/* @@ */', '/* " R"( */ // @@', '// a \\\n @@'],
  texts: ['"@@"', '"a\\"// @@"', 'R"(// @@)"', 'R"d(")" // @@)d"', 'u8R"(\n/* @@\n)"', 'LR"xy()x" /* @@)xy"'],
  code: ['int x = 1;', "int n = 1'000;", 'auto e = 1 / 2;'],
};
