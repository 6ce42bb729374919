/**
 * The data and text languages of the table: JSON, YAML, TOML and Markdown.
 * In their code context spec text is a value, written quoted. Pure.
 */
import {
  citeRef,
  escapeString,
  inertHtmlComment,
  inertTags,
  isInertToken,
  jsonControl,
  lineCite,
  ok,
  oneLine,
  rawText,
  refuse,
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

export const yaml: Language = {
  id: 'yaml',
  name: 'YAML',
  extensions: ['yaml', 'yml'],
  lineComment: '#',
  header: { open: '#' },
  contexts: fromRegions(yamlRegions),
  escape(context, text) {
    if (context.kind === 'line-comment') return ok(inertTags(oneLine(text)));
    if (context.kind === 'code') return ok(isInertToken(text) ? text : `"${jsonString(text)}"`);
    if (context.kind !== 'string') return refuse('YAML has no such context', 'use a string');
    if (context.quote === '"') return ok(jsonString(text));
    if (context.quote === '') {
      // Inside a plain scalar only text that cannot end it or start a comment stands.
      return /^[\w ./()+=]*$/.test(text)
        ? ok(text)
        : refuse(
            'spec text inside a plain YAML scalar could end it or start a comment',
            'make the interpolation the whole value (`key: {{…}}`, written quoted) or quote the scalar in the template',
          );
    }
    if (/[\r\n\u0085\u2028\u2029]/.test(text)) {
      return refuse(
        'a line break would be folded away here',
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
    if (context.kind === 'line-comment') return ok(inertTags(oneLine(text)));
    if (context.kind === 'code') return dataText(text, (t) => `"${escapeString(t, '"', jsonControl)}"`);
    if (context.kind !== 'string') return refuse('TOML has no such context', 'use a string');
    if (context.raw) {
      const single = context.quote.length === 1;
      return rawText(
        text,
        single ? /['\x00-\x08\x0a-\x1f\x7f]/ : /'''|[\x00-\x08\x0b-\x1f\x7f]/,
        'a quote or a control character',
      );
    }
    return ok(escapeString(text, '"', jsonControl));
  },
  literal: (v) => (v.kind === 'string' ? `"${escapeString(v.value, '"', jsonControl)}"` : String(v.value)),
  cite: (c) => lineCite('#', c),
  check: 'toml',
};

const MARKDOWN_SPECIAL = /[\\`*_{}[\]()<>#+\-.!|~&]/g;

export const markdown: Language = {
  id: 'markdown',
  name: 'Markdown',
  extensions: ['md'],
  header: { open: '<!--', close: '-->' },
  contexts: fromRegions(markdownRegions),
  escape(context, text) {
    if (context.kind === 'code') return ok(oneLine(text).replace(MARKDOWN_SPECIAL, (c) => `\\${c}`));
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
    const text = String(v.value);
    const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
    const fence = '`'.repeat(longest + 1);
    return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
  },
  cite: (c) => ok(`<!-- @implements ${citeRef(c)} — ${inertTags(inertHtmlComment(c.summary))} -->`),
  check: 'none',
};
