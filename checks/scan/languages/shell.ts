/**
 * Shell: read by the reader shell, Ruby and Perl share (hash-reader.ts). Not
 * listed as supported: command substitutions `$(…)` and backticks inside strings are read as string text.
 */

import { declarationLine, FUNCTION_ALIAS } from './declarations.ts';
import { hashComments } from './hash-reader.ts';
import type { Language } from './language.ts';

export const shell: Language = {
  name: 'Shell',
  extensions: ['sh', 'bash', 'zsh'],
  comments: '`#` at a word’s start',
  strings: "`\"…\"`, `'…'`, `$'…'`, heredoc bodies",
  grammar: { lineComments: [{ open: '#', atWordStart: true }], blockComments: [], strings: [] },
  reader: (text) => hashComments(text, 'shell'),
  declarations: {
    line: declarationLine(['def', 'class', 'function', 'sub', 'module'], []),
    alias: FUNCTION_ALIAS,
  },
  supported: { not: 'command substitutions `$(…)` and backticks inside strings are read as string text' },
};
