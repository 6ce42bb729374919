/**
 * Zig's case table, from the language reference ("Comments", "String
 * Literals and Unicode Code Point Literals": no block comments; `\\` lines
 * are a multiline string's lines).
 */
import { zig } from '../../../../../checks/scan/languages/zig.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: zig,
  file: 'src/a.zig',
  cases: [
    [
      'a multiline string line is text',
      'const s =\n    \\\\ // @implements doc#NOT\n;\n// @implements doc#A\n',
      ['A'],
    ],
    ['pub fn names the function', '// @implements doc#A\npub fn main() void {}\n', ['A function main']],
  ],
  comments: ['// @@', '/// @@', '//! @@', '// "@@'],
  texts: ['"@@"', '"a\\"// @@"', '\\\\ // @@\n', '\'"\' ++ "// @@"'],
  code: ['const x = 1;', 'const e = 1 / 2;'],
};
