/**
 * Swift's case table, from The Swift Programming Language, "Lexical
 * Structure" (comments nest; string literals: `"…"`, multiline `"""…"""`,
 * extended delimiters `#"…"#` where only `\#` escapes and `\#(…)`
 * interpolates; extended regular expression literals `#/…/#`).
 */
import { swift } from '../../../../../checks/scan/languages/swift.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: swift,
  file: 'Sources/a.swift',
  cases: [
    [
      'nested block comments are one comment',
      '/* a /* b */ @implements doc#A */ let s = "/*"\n// @implements doc#B\n',
      ['A', 'B'],
    ],
    ['what follows a nested comment is code', '/* /* */ */ let s = "// @implements doc#NOT"\n', []],
    ['a multiline string is text', 'let s = """\n// @implements doc#NOT\n"""\n// @implements doc#A\n', ['A']],
    [
      'an extended string does not end at an escaped-looking quote',
      'let s = #"a\\"// @implements doc#NOT"#\n',
      [],
    ],
    ['an extended string ends at its own delimiter', 'let s = #"a\\"# // @implements doc#A\n', ['A']],
    [
      'interpolation holds code, strings and comments',
      'let s = "\\( "\\"" ) \\( /* @implements doc#A */ x ) // @implements doc#NOT"\n',
      ['A'],
    ],
    ['an extended regular expression is text', 'let r = #/ // @implements doc#NOT /#\n', []],
    [
      'func names the function',
      '// @implements doc#A\n@MainActor public func greet(_ name: String) -> String { "Hi" }\n',
      ['A function greet'],
    ],
    [
      'types are named',
      '// @implements doc#A\nfinal class Server {}\n// @implements doc#B\nstruct Point {}\n',
      ['A class Server', 'B struct Point'],
    ],
  ],
  comments: [
    '// @@',
    '/* @@ */',
    '/// @@',
    '/* a /* b */ @@ */',
    '/* /* @@ */ */',
    '/* " */ // @@',
    '"\\( /* @@ */ 1 )"',
    '#"\\#( /* @@ */ 1 )"#',
    '"""\n\\( // @@\n1)\n"""',
  ],
  texts: [
    '"@@"',
    '"a\\"// @@"',
    '"""\n// @@\n"""',
    '"""\na\\""" + "" // @@\n"""',
    '#"\\"// @@"#',
    '##"a"#// @@"##',
    '#"""\n"""/* @@\n"""#',
    '"\\("\\"") // @@"',
    '"\\(")") // @@"',
    '#/ // @@ /#',
    '##/ /# // @@ /##',
    '`a`'.replace('a', 'x // @@'),
  ],
  code: ['let x = 1', 'func f() {}', 'let e = 1 / 2', '#if DEBUG\n#endif'],
};
