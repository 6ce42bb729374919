/**
 * R, by the R Language Definition ("Parser", "Tokens"): `#` comments;
 * `"…"` and `'…'` over lines with backslash escapes; raw strings
 * `r"(…)"`, `r"[…]"`, `r"{…}"` with optional dashes (R 4.0); backtick
 * names.
 */
import { BACKTICK_NAME, HASH_LINE } from './forms.ts';
import type { Language } from './language.ts';

const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

export const r: Language = {
  name: 'R',
  extensions: ['r'],
  grammar: {
    lineComments: [HASH_LINE],
    blockComments: [],
    strings: [
      {
        shows: 'raw `r"(…)"`, `r"-[…]-"`',
        first: 'rR',
        open: /[rR](['"])(-*)([([{])/y,
        wordStart: true,
        body: (m) => ({ close: `${CLOSER[m[3]!]}${m[2]}${m[1]}` }),
      },
      { shows: '`"…"`', first: '"', open: /"/y, body: { close: '"', escape: '\\' } },
      { shows: "`'…'`", first: "'", open: /'/y, body: { close: "'", escape: '\\' } },
      { ...BACKTICK_NAME, body: { close: '`', escape: '\\' } },
    ],
  },
  supported: true,
};
