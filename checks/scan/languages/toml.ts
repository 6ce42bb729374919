/**
 * TOML, by its specification (toml.io/en/v1.0.0): `#` comments; basic
 * strings `"…"` and `"""…"""` escape, literal strings `'…'` and `'''…'''`
 * do not; a multi-line string may end with up to two more quotes.
 */
import { HASH_LINE } from './forms.ts';
import type { Language } from './language.ts';

export const toml: Language = {
  name: 'TOML',
  extensions: ['toml'],
  grammar: {
    lineComments: [HASH_LINE],
    blockComments: [],
    strings: [
      {
        shows: '`"""…"""` (escapes)',
        first: '"',
        open: /"""/y,
        body: { close: '"""', escape: '\\', greedyClose: true },
      },
      { shows: "`'''…'''` (none)", first: "'", open: /'''/y, body: { close: "'''", greedyClose: true } },
      { shows: '`"…"` (escapes)', first: '"', open: /"/y, body: { close: '"', escape: '\\', oneLine: true } },
      { shows: "`'…'` (none)", first: "'", open: /'/y, body: { close: "'", oneLine: true } },
    ],
  },
  supported: true,
};
