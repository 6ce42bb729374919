// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the language's own interpolation, written as text on purpose
/**
 * Kotlin's case table, from its lexical grammar (kotlinlang.org/spec/
 * syntax-and-grammar.html: DelimitedComment nests; LineStrText,
 * MultiLineStringQuote, LineStrExprStart `${`, escapes only in
 * line strings; CharacterLiteral; backtick Identifier).
 */
import { kotlin } from '../../../../../checks/scan/languages/kotlin.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: kotlin,
  file: 'src/a.kt',
  cases: [
    [
      'a tag in a raw string does not count',
      'val s = """\n// @implements doc#NOT\n"""\n// @implements doc#A\nval t = 1\n',
      ['A'],
    ],
    ['a raw string closes at the last quote of a run', 'val s = """a""""  // @implements doc#A\n', ['A']],
    ['a raw string does not escape', 'val s = """C:\\""" // @implements doc#A\n', ['A']],
    [
      'nested block comments are one comment',
      '/* a /* b */ @implements doc#A */ val x = "/*"\n// @implements doc#B\n',
      ['A', 'B'],
    ],
    ['what follows a nested comment is code', '/* /* */ */ val s = "// @implements doc#NOT"\n', []],
    ['code in a template holds strings', 'val s = "${"}"} // @implements doc#NOT"\n', []],
    ['a comment in a template is a comment', 'val s = "${ /* @implements doc#A */ x }"\n', ['A']],
    ['a char literal quote opens nothing', "val c = '\"' // @implements doc#A\n", ['A']],
    [
      'a backtick name is a name',
      '// @implements doc#A\nfun `a // b`() {} // @implements doc#B\n',
      ['A function', 'B'],
    ],
    [
      'fun names the function',
      '// @implements doc#A\nfun greet(name: String) = "Hi $name"\n',
      ['A function greet'],
    ],
    [
      'an extension function is named',
      '// @implements doc#A\ninternal suspend fun <T> List<T>.second(): T = this[1]\n',
      ['A function second'],
    ],
    [
      'annotations stand between',
      '// @verifies doc#A\n@Test\n@DisplayName("x")\nfun greets() {}\n',
      ['A function greets'],
    ],
    [
      'classes and objects',
      '// @implements doc#A\ndata class Point(val x: Int)\n// @implements doc#B\nobject Registry\n',
      ['A class Point', 'B object Registry'],
    ],
  ],
  comments: [
    '// @@',
    '/* @@ */',
    '/** @@ */',
    '/* a /* b */ @@ */',
    '/* /* @@ */ */',
    '/* "" */ // @@',
    '// "/* @@',
    '/* """ @@ */',
    '"${ /* @@ */ 1 }"',
    '"""${ // @@\n}"""',
  ],
  texts: [
    '"@@"',
    '"a\\"// @@"',
    '"""@@"""',
    '"""\n// @@\n"""',
    '"""a"" /* @@ */ """',
    '"""\\""" + "// @@"',
    '"${"}"} // @@"',
    '"${ "\\"" } /* @@"',
    '"""${"""a"""} // @@"""',
    '"$x // @@"',
    '`a // @@`',
  ],
  code: ['val x = 1', 'fun f() {}', "val c = '\\''", "val d = '\"'", 'val e = 1 / 2', 'val m = a */* b */ 2'],
};
