/**
 * C and C++: `//` comments (a backslash before the line break splices the
 * next line into the comment) and `/* *\/` (no nesting); `"…"` and
 * character literals with their prefixes (`L`, `u8`, …); C++ raw strings
 * `R"delim(…)delim"`; a digit separator (`1'000`) opens nothing.
 */
import { declarationLine } from './declarations.ts';
import { CHAR_LITERAL, DOUBLE_QUOTED, SLASH_BLOCK } from './forms.ts';
import type { Grammar, StringForm } from './grammar.ts';
import type { Language } from './language.ts';

const RAW: StringForm = {
  shows: 'raw `R"d(…)d"`',
  first: 'RuUL',
  open: /(?:u8|[uUL])?R"([^()\\\s]{0,16})\(/y,
  wordStart: true,
  body: (m) => ({ close: `)${m[1]}"` }),
};

const C_GRAMMAR: Grammar = {
  lineComments: [{ open: '//', continues: true }],
  blockComments: [SLASH_BLOCK],
  strings: [DOUBLE_QUOTED, CHAR_LITERAL],
};

const DECLARATIONS = {
  line: declarationLine(['struct', 'enum', 'union', 'class', 'namespace'], ['typedef', 'static']),
};

export const c: Language = {
  name: 'C',
  extensions: ['c', 'h'],
  grammar: C_GRAMMAR,
  declarations: DECLARATIONS,
  supported: true,
};

export const cpp: Language = {
  name: 'C++',
  extensions: ['cc', 'cpp', 'hpp'],
  grammar: { ...C_GRAMMAR, strings: [RAW, ...C_GRAMMAR.strings] },
  declarations: DECLARATIONS,
  supported: true,
};
