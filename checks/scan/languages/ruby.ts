/**
 * Ruby: read by the reader shell, Ruby and Perl share (hash-reader.ts). Not
 * listed as supported: regular expression literals `/…/` and `#{…}` code inside strings are not read.
 */

import { declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { hashComments } from './hash-reader.ts';
import type { Language } from './language.ts';

export const ruby: Language = {
  name: 'Ruby',
  extensions: ['rb'],
  comments: '`#`, `=begin` … `=end`',
  strings: '`"…"`, `\'…\'`, `%q() %Q{} %w[] %i<> %r{} %x() %()`, heredoc bodies',
  grammar: { lineComments: [{ open: '#', atWordStart: true }], blockComments: [], strings: [] },
  reader: (text) => hashComments(text, 'ruby'),
  declarations: {
    line: declarationLine(['def', 'class', 'function', 'sub', 'module'], []),
    alias: FUNCTION_ALIAS,
  },
  supported: { not: 'regular expression literals `/…/` and `#{…}` code inside strings are not read' },
};
