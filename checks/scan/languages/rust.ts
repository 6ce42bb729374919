/**
 * Rust's comments and strings, by the Rust Reference ("Lexical structure"):
 * block comments nest; `"…"`, `b"…"`, `c"…"` escape and span lines; raw
 * `r#"…"#`, `br"…"`, `cr#"…"#` do not escape; character and byte literals
 * (a lone `'` is a lifetime or label). The scanner in `../rust.ts` reads the
 * specmark attributes beside these comments.
 */
import { declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { CHAR_LITERAL, NESTED_SLASH_BLOCK, SLASH_LINE } from './forms.ts';
import type { Language } from './language.ts';

export const rust: Language = {
  name: 'Rust',
  extensions: ['rs'],
  notes: 'plus the specmark attributes below',
  grammar: {
    lineComments: [SLASH_LINE],
    blockComments: [NESTED_SLASH_BLOCK],
    strings: [
      {
        shows: 'raw `r#"…"#`, `br"…"`, `cr"…"`',
        first: 'bcr',
        open: /[bc]?r(#*)"/y,
        wordStart: true,
        body: (m) => ({ close: `"${m[1]}` }),
      },
      { shows: '`"…"`, `b"…"`, `c"…"`', first: '"', open: /"/y, body: { close: '"', escape: '\\' } },
      { ...CHAR_LITERAL, shows: "char and byte literals `'…'`" },
    ],
  },
  declarations: {
    line: declarationLine(
      ['fn', 'struct', 'enum', 'trait', 'impl', 'mod', 'type', 'union'],
      ['pub(?:\\([^)]*\\))?', 'async', 'unsafe', 'const', 'static', 'extern(?:\\s+"[^"]*")?', 'default'],
    ),
    alias: FUNCTION_ALIAS,
  },
  supported: true,
};
