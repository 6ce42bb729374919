// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the language's own interpolation, written as text on purpose
/**
 * Scala's case table, from the Scala Language Specification, "Lexical
 * Syntax" (comments nest; `"…"` with escapes, `"""…"""` without, closing at
 * the last `"""` of a run; interpolated strings `id"…"` with `${…}` blocks,
 * `$$` and `$"` as text; character literals; backtick identifiers).
 */
import { scala } from '../../../../../checks/scan/languages/scala.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: scala,
  file: 'src/main/scala/a.scala',
  cases: [
    [
      'nested block comments are one comment',
      '/* a /* b */ @implements doc#A */ val s = "/*"\n// @implements doc#B\n',
      ['A', 'B'],
    ],
    ['what follows a nested comment is code', '/* /* */ */ val s = "// @implements doc#NOT"\n', []],
    [
      'a triple-quoted string is text, escapes nothing, and closes late',
      'val s = """\\""" + """a""""  // @implements doc#A\n',
      ['A'],
    ],
    ['an interpolator holds code with strings', 'val s = s"${"}"} // @implements doc#NOT"\n', []],
    ['$$ and $" are text in an interpolated string', 'val s = s"$$ $" // @implements doc#NOT"\n', []],
    [
      'def names the method',
      '// @implements doc#A\noverride def greet(name: String): String = s"Hi $name"\n',
      ['A function greet'],
    ],
    [
      'case classes and objects are named',
      '// @implements doc#A\nfinal case class Point(x: Int)\n// @implements doc#B\nobject Main\n',
      ['A class Point', 'B object Main'],
    ],
  ],
  comments: [
    '// @@',
    '/* @@ */',
    '/** @@ */',
    '/* a /* b */ @@ */',
    '/* /* @@ */ */',
    '/* " */ // @@',
    's"${ /* @@ */ 1 }"',
    'f"""${ 1 // @@\n}"""',
  ],
  texts: [
    '"@@"',
    '"a\\"// @@"',
    '"""@@"""',
    '"""\n// @@\n"""',
    '"""a""" + "/* @@"',
    '"""a"""" + "// @@"',
    's"${"}"} // @@"',
    's"$$ $" // @@"',
    'raw"\\d // @@"',
    's"""a"${x}" // @@"""',
    '\'"\' + "// @@"',
    '`x // @@`',
  ],
  code: ['val x = 1', 'def f() = {}', "val c = '\\''", 'val e = 1 / 2', "val sym = 'a'"],
};
