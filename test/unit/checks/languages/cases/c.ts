/**
 * C's case table, from ISO C's lexical elements (translation phase 2 splices
 * a backslash-newline, so a `//` comment continues; comments do not nest;
 * string and character literals with their prefixes).
 */
import { c } from '../../../../../checks/scan/languages/c.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: c,
  file: 'src/a.c',
  cases: [
    [
      'a spliced line comment goes on',
      '// a \\\n@implements doc#A\nint x; // @implements doc#B\n',
      ['A', 'B'],
    ],
    ['block comments do not nest', '/* /* @implements doc#A */ char *s = "// @implements doc#NOT";\n', ['A']],
    ['a character quote opens nothing', "char q = '\"'; // @implements doc#A\n", ['A']],
    [
      'struct names the type',
      '// @implements doc#A\ntypedef struct point { int x; } point;\n',
      ['A struct point'],
    ],
  ],
  comments: ['// @@', '/* @@ */', '/* /* @@ */', '/* " */ // @@', '// a \\\n @@'],
  texts: ['"@@"', '"a\\"// @@"', 'L"/* @@"', 'u8"// @@"', "'\\'' + \"// @@\""],
  code: ['int x = 1;', 'int e = 1 / 2;', "char c = '\\\\';", '#include <stdio.h>'],
  separators: [' ', '\n'],
};
