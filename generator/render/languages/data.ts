/**
 * The data and text languages of the table: JSON, YAML, TOML and Markdown.
 * In their code context spec text is a value, written quoted. Pure.
 */
import {
  citeRef,
  escapeString,
  inertHtmlComment,
  inertLineComment,
  inertTags,
  isInertToken,
  jsonControl,
  lineCite,
  ok,
  oneLine,
  rawText,
  refuse,
  visibleControls,
} from './escape.ts';
import { fromRegions, jsonRegions, tomlRegions } from './regions.ts';
import { markdownRegions, yamlRegions } from './regions-text.ts';
import type { Language, Scalar } from './types.ts';

const jsonString = (text: string) => escapeString(text, '"', jsonControl);

/** A data language's code context holds a value: spec text there is written as a quoted string. */
const dataText = (text: string, quoted: (t: string) => string) =>
  ok(/^-?(?:0|[1-9]\d*)(?:\.\d+)?$/.test(text) ? text : quoted(text));

export const json: Language = {
  id: 'json',
  name: 'JSON',
  extensions: ['json'],
  contexts: fromRegions(jsonRegions),
  escape(context, text) {
    if (context.kind === 'code') return dataText(text, (t) => `"${jsonString(t)}"`);
    if (context.kind === 'string') return ok(jsonString(text));
    return refuse('JSON has no such context', 'use a string');
  },
  literal: (v) => (v.kind === 'string' ? `"${jsonString(v.value)}"` : String(v.value)),
  cite: () =>
    refuse(
      'JSON has no comments to cite a fact in',
      'write {{cite "ID"}} inside a string, e.g. a JSON Type Definition\'s "metadata": {"spec": "{{cite "ID"}}"}',
    ),
  check: 'json',
};

/** Outside YAML's printable set (c-printable), and so writable only as an escape. */
const YAML_UNPRINTABLE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufeff\ufffe\uffff]/;

export const yaml: Language = {
  id: 'yaml',
  name: 'YAML',
  extensions: ['yaml', 'yml'],
  lineComment: '#',
  header: { open: '#' },
  contexts: fromRegions(yamlRegions),
  escape(context, text) {
    if (context.kind === 'line-comment') return ok(inertLineComment(text));
    // A whole value is always a double-quoted string: a plain `NO`, `true`, `null` or `1e3` would change type.
    if (context.kind === 'code') return ok(isInertToken(text) ? text : `"${jsonString(text)}"`);
    if (context.kind !== 'string') return refuse('YAML has no such context', 'use a string');
    if (context.quote === '"') return ok(jsonString(text));
    if (context.quote === '') {
      // Inside a plain scalar only word-like text after a leading word stands: it can
      // neither end the scalar, start a comment, nor make it a boolean, null or number.
      return context.wordLed && /^[\w ./()+=]*$/.test(text) && /\S/.test(text)
        ? ok(text)
        : refuse(
            'spec text inside a plain YAML scalar could end it, start a comment or change its type',
            'make the interpolation the whole value (`key: {{…}}`, written quoted) or quote the scalar in the template',
          );
    }
    if (/[\r\n\u0085\u2028\u2029]/.test(text)) {
      return refuse(
        'a line break would be folded away here',
        'use a double-quoted scalar "…" in the template',
      );
    }
    if (context.quote !== "'" && /^\s|\s$/.test(text)) {
      return refuse(
        'white space at the edge of a line in a block scalar is dropped or changes its indentation',
        'use a double-quoted scalar "…" in the template',
      );
    }
    if (YAML_UNPRINTABLE.test(text)) {
      return refuse(
        'YAML allows a control character only as an escape of a double-quoted scalar',
        'use a double-quoted scalar "…" in the template',
      );
    }
    return ok(context.quote === "'" ? text.replace(/'/g, "''") : text);
  },
  literal: (v) => (v.kind === 'string' ? `"${jsonString(v.value)}"` : String(v.value)),
  cite: (c) => lineCite('#', c),
  check: 'yaml',
};

export const toml: Language = {
  id: 'toml',
  name: 'TOML',
  extensions: ['toml'],
  lineComment: '#',
  header: { open: '#' },
  contexts: fromRegions(tomlRegions),
  escape(context, text) {
    if (context.kind === 'line-comment') return ok(inertLineComment(text));
    // Only an integer stands bare: `1.5` as a key would be a dotted key, `inf` a float.
    if (context.kind === 'code')
      return ok(/^-?(?:0|[1-9]\d*)$/.test(text) ? text : `"${escapeString(text, '"', jsonControl)}"`);
    if (context.kind !== 'string') return refuse('TOML has no such context', 'use a string');
    if (context.raw) {
      const single = context.quote.length === 1;
      // A multi-line literal string drops a line break right after its opening `'''`.
      return rawText(
        text,
        single ? /['\x00-\x08\x0a-\x1f\x7f]/ : /'''|[\x00-\x08\x0b-\x1f\x7f]|^\n/,
        'a quote, a control character or a leading line break',
      );
    }
    return ok(escapeString(text, '"', jsonControl));
  },
  literal: (v) => (v.kind === 'string' ? `"${escapeString(v.value, '"', jsonControl)}"` : String(v.value)),
  cite: (c) => lineCite('#', c),
  check: 'toml',
};

const MARKDOWN_SPECIAL = /[\\`*_{}[\]()<>#+\-.!|~&=]/g;

/** Prose: one line, whitespace runs one space (no indented code block), every marker escaped. */
const markdownProse = (text: string) =>
  visibleControls(oneLine(text))
    .replace(/\s+/g, ' ')
    .replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);

export const markdown: Language = {
  id: 'markdown',
  name: 'Markdown',
  extensions: ['md'],
  header: { open: '<!--', close: '-->' },
  contexts: fromRegions(markdownRegions),
  escape(context, text) {
    if (context.kind === 'code') return ok(markdownProse(text));
    if (context.kind === 'block-comment') return ok(inertTags(inertHtmlComment(text)));
    if (context.kind !== 'string') return refuse('Markdown has no such context', 'use text or a code span');
    if (context.quote.length >= 3) {
      return /(?:^|\n) {0,3}(?:```|~~~)/.test(text)
        ? refuse(
            'spec text holds a code fence, which would end the fenced block',
            'indent the block or drop the fence',
          )
        : ok(text);
    }
    return /[`\r\n]/.test(text)
      ? refuse(
          'spec text holds a backtick or a line break, which would end the code span',
          'use a fenced block',
        )
      : ok(text);
  },
  literal(v: Scalar) {
    // A line break inside a code span would let the next line start a block (`# …`); CommonMark shows it as a space.
    const text = oneLine(String(v.value));
    // A GFM table splits its row at a pipe even inside a code span; escaped prose keeps it in either place.
    if (text.includes('|')) return markdownProse(text);
    const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
    const fence = '`'.repeat(longest + 1);
    return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
  },
  cite: (c) => ok(`<!-- @implements ${citeRef(c)} — ${inertTags(inertHtmlComment(c.summary))} -->`),
  check: 'none',
};
