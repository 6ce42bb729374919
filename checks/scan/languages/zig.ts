/**
 * Zig, by its grammar: `//` comments only (`///` and `//!` are doc
 * comments, comments too); `"…"`, character literals, and multiline
 * string lines, each from `\\` to its line's end.
 */
import { declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { CHAR_LITERAL, DOUBLE_QUOTED, SLASH_LINE } from './forms.ts';
import type { Language } from './language.ts';

export const zig: Language = {
  name: 'Zig',
  extensions: ['zig'],
  grammar: {
    lineComments: [SLASH_LINE],
    blockComments: [],
    strings: [
      DOUBLE_QUOTED,
      { shows: '`\\\\` multiline string lines', first: '\\', open: /\\\\/y, body: { close: '\n' } },
      CHAR_LITERAL,
    ],
  },
  declarations: {
    line: declarationLine(['fn', 'test'], ['pub', 'export', 'extern', 'inline', 'noinline']),
    alias: FUNCTION_ALIAS,
  },
  supported: true,
};
