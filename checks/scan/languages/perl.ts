/**
 * Perl: read by the reader shell, Ruby and Perl share (hash-reader.ts). Not
 * listed as supported: regular expressions and quote-like operators (`q{}`, `qq{}`, `m//`, `s///`) and heredocs are not read.
 */

import { declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { hashComments } from './hash-reader.ts';
import type { Language } from './language.ts';

export const perl: Language = {
  name: 'Perl',
  extensions: ['pl', 'pm'],
  comments: '`#`, POD (`=pod` … `=cut`)',
  strings: '`"…"`, `\'…\'`',
  grammar: { lineComments: [{ open: '#', atWordStart: true }], blockComments: [], strings: [] },
  reader: (text) => hashComments(text, 'perl'),
  declarations: {
    line: declarationLine(['def', 'class', 'function', 'sub', 'module'], []),
    alias: FUNCTION_ALIAS,
  },
  supported: {
    not: 'regular expressions and quote-like operators (`q{}`, `qq{}`, `m//`, `s///`) and heredocs are not read',
  },
};
