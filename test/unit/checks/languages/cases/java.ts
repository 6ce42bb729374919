/**
 * Java's case table, from the JLS, chapter 3 "Lexical Structure"
 * (comments do not nest; string literals, text blocks `"""…"""` with
 * escapes; character literals).
 */
import { java } from '../../../../../checks/scan/languages/java.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: java,
  file: 'src/main/java/A.java',
  cases: [
    [
      'a text block is text',
      'String s = """\n  // @implements doc#NOT\n  """;\n// @implements doc#A\n',
      ['A'],
    ],
    ['a text block escapes', 'String s = """\n  \\""" // @implements doc#NOT\n  """;\n', []],
    [
      'an annotated public class is named',
      '// @implements doc#A\n@Deprecated\npublic final class Server {}\n',
      ['A class Server'],
    ],
  ],
  comments: ['// @@', '/* @@ */', '/** @@ */', '/* /* @@ */', '/* " */ // @@'],
  texts: ['"@@"', '"a\\"// @@"', '"""\n  @@"""', '"""\n  \\""" /* @@\n  """', '\'"\' + "// @@"'],
  code: ['int x = 1;', 'int e = 1 / 2;', "char c = '\\'';"],
};
