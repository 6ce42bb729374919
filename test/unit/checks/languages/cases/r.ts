/**
 * R's case table, from the R Language Definition, 10.3 "Tokens" (`#`
 * comments; strings span lines; raw strings `r"(…)"` with dashes, R 4.0).
 */
import { r } from '../../../../../checks/scan/languages/r.ts';
import type { CaseTable } from '../case-table.ts';

export const table: CaseTable = {
  language: r,
  file: 'R/a.r',
  cases: [
    ['a string spans lines', 's <- "\n# @implements doc#NOT\n"\n# @implements doc#A\n', ['A']],
    ['a raw string ends at its own delimiter', 's <- r"-(\n)" # @implements doc#NOT\n)-"\n', []],
  ],
  comments: ['# @@', '# "@@'],
  texts: [
    '"@@"',
    "'@@'",
    '"a\\"# @@"',
    '"\n# @@\n"',
    'r"(# @@)"',
    'R"--[)" # @@]--"',
    'r\'{"}" # @@}\'',
    '`a # @@`',
  ],
  code: ['x <- 1', 'e <- 1 / 2', 'f <- function(x) x'],
};
