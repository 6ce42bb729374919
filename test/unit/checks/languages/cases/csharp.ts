/**
 * C#'s case table, from the C# specification, "Lexical structure"
 * (regular, verbatim `@"…"` with `""`, interpolated `$"…{…}…"` with `{{`,
 * raw `"""…"""` (C# 11) closed by as many quotes, character literals).
 */
import { csharp } from '../../../../../checks/scan/languages/csharp.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: csharp,
  file: 'src/A.cs',
  cases: [
    ['a verbatim string escapes with a doubled quote only', 'var s = @"C:\\"; // @implements doc#A\n', ['A']],
    ['a doubled quote stays inside', 'var s = @"a"" // @implements doc#NOT";\n', []],
    [
      'a raw string closes with as many quotes',
      'var s = """"\n""" // @implements doc#NOT\n"""";\n// @implements doc#B\n',
      ['B'],
    ],
    ['interpolation holds code', 'var s = $"{(a ? "}" : "b")} // @implements doc#NOT";\n', []],
    [
      'a public class is named',
      '// @implements doc#A\n[Serializable]\npublic sealed class Server {}\n',
      ['A class Server'],
    ],
  ],
  comments: ['// @@', '/* @@ */', '/// @@', '/* " */ // @@', '$"{ /* @@ */ 1 }"'],
  texts: [
    '"@@"',
    '"a\\"// @@"',
    '@"a\\" + "// @@"',
    '@"a"" // @@"',
    '$"{{ // @@"',
    '$"{"}"} // @@"',
    '"""\n// @@\n"""',
    '""""\n""" /* @@\n""""',
    '$@"{x} "" // @@"',
    '\'"\' + "// @@"',
  ],
  code: ['int x = 1;', 'var e = 1 / 2;', "char c = '\\'';"],
};
