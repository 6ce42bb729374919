/**
 * Python's case table, from the reference's "Lexical analysis" (string
 * prefixes, triple quotes, a backslash keeps a quote from closing even a
 * raw string); python3's tokenize is its oracle too (python-tokenize.test.ts).
 */
import { python } from '../../../../../checks/scan/languages/python.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: python,
  file: 'tests/test_a.py',
  cases: [
    ['a triple-quoted string is text', 's = """\n# @implements doc#NOT\n"""\n# @implements doc#A\n', ['A']],
    ['a raw string does not close at an escaped quote', 's = r"\\" # @implements doc#NOT"\n', []],
    ['an f-string is text', 's = f"{x} # @implements doc#NOT"\n', []],
    ['a prefix does not start in a word', 'bar = 1 # @implements doc#A\n', ['A']],
    [
      'def names the function, a test one is test code',
      '# @verifies doc#A\n@pytest.mark.parametrize("x", [\n  1,\n])\ndef test_x(x): pass\n',
      ['A function test_x'],
    ],
    [
      'async def and class',
      '# @implements doc#A\nasync def serve(): pass\n# @implements doc#B\nclass Server: pass\n',
      ['A function serve', 'B class Server'],
    ],
  ],
  comments: ['# @@', '# "@@', "# ''' @@"],
  texts: [
    '"@@"',
    "'@@'",
    '"a\\"# @@"',
    '"""\n# @@\n"""',
    "'''a'' # @@'''",
    'r"\\"# @@"',
    "rb'\\'# @@'",
    'f"{x}# @@"',
    'Rb"""\\"""# @@"""',
    'u"# @@"',
    '"a\\\n# @@"',
  ],
  code: ['x = 1', 'def f(): pass', 'e = 1 / 2', 'bar = x'],
  separators: ['\n'],
};
