/**
 * Go, by its specification ("Lexical elements"): `//` and `/* *\/`
 * comments (no nesting); interpreted strings `"…"` on one line, raw strings
 * `` `…` `` over lines with no escapes; rune literals.
 */
import { declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { CHAR_LITERAL, DOUBLE_QUOTED, SLASH_BLOCK, SLASH_LINE } from './forms.ts';
import type { Language } from './language.ts';

export const go: Language = {
  name: 'Go',
  extensions: ['go'],
  grammar: {
    lineComments: [SLASH_LINE],
    blockComments: [SLASH_BLOCK],
    strings: [
      DOUBLE_QUOTED,
      { shows: '`` `…` ``', first: '`', open: /`/y, body: { close: '`' } },
      { ...CHAR_LITERAL, shows: "runes `'…'`" },
    ],
  },
  declarations: {
    line: declarationLine(['func', 'type'], [], '(?:\\([^)]*\\)\\s*)?'),
    alias: FUNCTION_ALIAS,
  },
  supported: true,
};
