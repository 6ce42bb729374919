// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the language's own interpolation, written as text on purpose
/**
 * Handlebars templates: `{{! }}` and `{{!-- --}}` comments, and the
 * comments of the JavaScript a template emits between them (`//`, `/* *\/`,
 * its strings and templates with `${…}` code skipped).
 */

import { DOUBLE_QUOTED, SINGLE_QUOTED, SLASH_BLOCK, SLASH_LINE } from './forms.ts';
import { commentSpans, type Grammar, type Span } from './grammar.ts';
import type { Language } from './language.ts';

/** The emitted JavaScript's comments and strings (regular expressions are not read). */
const EMITTED: Grammar = {
  lineComments: [SLASH_LINE],
  blockComments: [SLASH_BLOCK],
  strings: [
    DOUBLE_QUOTED,
    SINGLE_QUOTED,
    {
      shows: '`` `…` ``',
      first: '`',
      open: /`/y,
      body: { close: '`', escape: '\\', holes: [{ open: '${', close: '}' }] },
    },
  ],
};

/** Handlebars comments, and the emitted code's comments between them. */
function handlebarsComments(text: string): Span[] {
  const spans: Span[] = [];
  const re = /\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}/g;
  let last = 0;
  const pieces: { start: number; text: string }[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    spans.push({ start: m.index, text: m[0] });
    pieces.push({ start: last, text: text.slice(last, m.index) });
    last = m.index + m[0].length;
  }
  pieces.push({ start: last, text: text.slice(last) });
  for (const piece of pieces)
    for (const s of commentSpans(piece.text, EMITTED))
      spans.push({ start: piece.start + s.start, text: s.text });
  return spans.sort((a, b) => a.start - b.start);
}

export const handlebars: Language = {
  name: 'Handlebars',
  extensions: ['hbs', 'handlebars'],
  comments: '`{{! }}`, `{{!-- --}}`, and `//`, `/* */` of the emitted code',
  strings: "the emitted code's `\"…\"`, `'…'`, `` `…` ``",
  grammar: EMITTED,
  reader: handlebarsComments,
  supported: {
    not: 'the emitted code’s regular expressions are not read, and a `{{…}}` expression is read as text of the code around it',
  },
};
