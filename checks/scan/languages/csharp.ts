/**
 * C#, by its specification ("Lexical structure", and C# 11's raw string
 * literals): `//` and `/* *\/` comments (no nesting); `"…"` (escapes),
 * verbatim `@"…"` (`""` is a quote), interpolated `$"…{…}…"` and `$@"…"`
 * (`{{` is a brace), raw `"""…"""` (three quotes or more, closed by as
 * many) and interpolated raw `$"""…{…}…"""`; character literals.
 */
import { declarationLine } from './declarations.ts';
import { CHAR_LITERAL, DOUBLE_QUOTED, SLASH_BLOCK, SLASH_LINE } from './forms.ts';
import type { Language } from './language.ts';

/** The code holes of an interpolated string opened with `dollars` dollar signs: `{…}`, or `{{…}}` for `$$`. */
function holes(dollars: string): { open: string; close: string }[] {
  return dollars === '' ? [] : [{ open: '{'.repeat(dollars.length), close: '}'.repeat(dollars.length) }];
}

export const csharp: Language = {
  name: 'C#',
  extensions: ['cs'],
  grammar: {
    lineComments: [SLASH_LINE],
    blockComments: [SLASH_BLOCK],
    strings: [
      {
        shows: 'raw `"""…"""`, `$"""…{…}…"""`',
        first: '"$',
        open: /(\$*)("{3,})/y,
        body: (m) => ({ close: m[2]!, holes: holes(m[1]!) }),
      },
      {
        shows: 'verbatim `@"…"`, `$@"…{…}…"`',
        first: '@$',
        open: /(\$?)@(\$?)"/y,
        body: (m) => {
          const interpolated = m[1] !== '' || m[2] !== '';
          return {
            close: '"',
            literal: interpolated ? ['""', '{{', '}}'] : ['""'],
            holes: interpolated ? holes('$') : [],
          };
        },
      },
      {
        shows: '`$"…{…}…"`',
        first: '$',
        open: /\$"/y,
        body: { close: '"', escape: '\\', oneLine: true, literal: ['{{', '}}'], holes: holes('$') },
      },
      DOUBLE_QUOTED,
      CHAR_LITERAL,
    ],
  },
  declarations: {
    line: declarationLine(
      ['class', 'interface', 'enum', 'struct', 'record', 'namespace'],
      [
        'public',
        'private',
        'protected',
        'internal',
        'static',
        'sealed',
        'abstract',
        'partial',
        'readonly',
        'file',
      ],
    ),
    annotation: /^\[/,
  },
  supported: true,
};
