/**
 * TOML's case table, from TOML v1.0.0 ("Comment", "String": basic strings
 * escape, literal strings do not; multi-line strings may end with up to two
 * extra quotes).
 */
import { toml } from '../../../../../checks/scan/languages/toml.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: toml,
  file: 'a.toml',
  cases: [
    ['a literal string does not escape', "a = 'C:\\' # @implements doc#A\n", ['A']],
    ['a multi-line string is text', 'a = """\n# @implements doc#NOT\n"""\n# @implements doc#B\n', ['B']],
  ],
  comments: ['# @@', '# "@@'],
  texts: [
    'a = "@@"',
    "a = '@@'",
    'a = "a\\"# @@"',
    'a = """\n# @@\n"""',
    "a = '''\n# @@\n'''",
    'a = """ "" # @@ """',
    "a = ['a\\', '# @@']",
  ],
  code: ['[table]', 'b = 1'],
  separators: ['\n'],
};
