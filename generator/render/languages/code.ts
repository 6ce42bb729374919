/**
 * The programming languages of the table: TypeScript and JavaScript (read
 * by TypeScript's parser), Rust, Python and Go. Pure.
 */
import type ts from 'typescript';
import {
  codeText,
  escapeString,
  goControl,
  inertBlockComment,
  inertLineComment,
  inertTags,
  jsControl,
  lineCite,
  ok,
  pythonControl,
  rawText,
  refuse,
  rustControl,
} from './escape.ts';
import { pythonRegions } from './python-regions.ts';
import { fromRegions, goRegions } from './regions.ts';
import { rustRegions } from './rust-regions.ts';
import type { Context, Escaped, Language } from './types.ts';
import { typescriptContexts } from './typescript.ts';

const other = (context: Extract<Context, { kind: 'other' }>): Escaped =>
  refuse(
    `spec text cannot be written safely inside ${context.what}`,
    'move the interpolation into a string literal or a comment',
  );

/** Comment contexts shared by the C family: line comments one line, block comments unclosable. */
function cComment(
  context: { kind: 'line-comment' | 'block-comment' },
  text: string,
  nests: boolean,
): Escaped {
  return context.kind === 'line-comment'
    ? ok(inertLineComment(text))
    : ok(inertTags(inertBlockComment(text, nests)));
}

const lastChar = (quote: string) => quote[quote.length - 1]!;

export function typescript(id: string, name: string, extensions: string[], kind: ts.ScriptKind): Language {
  return {
    id,
    name,
    extensions,
    lineComment: '//',
    header: { open: '//' },
    contexts: (text, offsets) => typescriptContexts(text, offsets, kind),
    escape(context, text) {
      if (context.kind === 'line-comment' || context.kind === 'block-comment')
        return cComment(context, text, false);
      if (context.kind === 'code') return codeText(text, name);
      if (context.kind === 'other') return other(context);
      if (context.quote === '`') return ok(escapeString(text, '`', jsControl, { $: '\\$' }));
      return ok(escapeString(text, context.quote, jsControl));
    },
    literal: (v) => (v.kind === 'string' ? `'${escapeString(v.value, "'", jsControl)}'` : String(v.value)),
    cite: (c) => lineCite('//', c),
    check: 'typescript',
  };
}

const byteControl = (code: number) => `\\x${code.toString(16).padStart(2, '0')}`;

/**
 * Spec text in a Rust string literal, by its prefix: raw strings (`r`, `br`,
 * `cr`, any number of `#`) hold it only when it cannot close them and has no
 * bare CR; byte strings (`b`, `br`) hold ASCII only, escaped with `\x`; C
 * strings (`c`, `cr`) cannot hold a NUL.
 */
// @implements generator#SLOT-CONTEXT-BY-LEXICAL-RULES
function rustString(quote: string, text: string): Escaped {
  const prefix = /^[bcr]*/.exec(quote)![0];
  if (prefix.includes('b') && /[^\x00-\x7f]/.test(text))
    return refuse('a byte string holds ASCII only', 'use a string literal "…" in the template');
  if (prefix.includes('c') && text.includes('\0'))
    return refuse('a C string cannot hold a NUL character', 'use a string literal "…" in the template');
  if (prefix.includes('r')) {
    const hashes = quote.slice(prefix.length, -1);
    return rawText(text, new RegExp(`"${hashes}|\\r`), `\`"${hashes}\` or a carriage return`);
  }
  return ok(escapeString(text, '"', prefix.includes('b') ? byteControl : rustControl));
}

export const rust: Language = {
  id: 'rust',
  name: 'Rust',
  extensions: ['rs'],
  lineComment: '//',
  header: { open: '//' },
  contexts: fromRegions(rustRegions),
  escape(context, text) {
    if (context.kind === 'line-comment' || context.kind === 'block-comment')
      return cComment(context, text, true);
    if (context.kind === 'code') return codeText(text, 'Rust');
    if (context.kind === 'other') return other(context);
    return rustString(context.quote, text);
  },
  literal: (v) => (v.kind === 'string' ? `"${escapeString(v.value, '"', rustControl)}"` : String(v.value)),
  /**
   * In a project with a namespace a fact is cited with vibevm's attribute,
   * which both vibevm's scanner and factline's read; it carries an `rN` pin
   * as `r = N`. A digest pin has no place in it: that citation stays a comment.
   */
  // @implements generator#RUST-CITES-WITH-ATTRIBUTE
  cite(c) {
    if (c.uri !== undefined && (c.pin === undefined || /^r\d+$/.test(c.pin))) {
      const r = c.pin === undefined ? '' : `, r = ${c.pin.slice(1)}`;
      return ok(
        `#[spec(implements = "${escapeString(c.uri, '"', rustControl)}"${r})] // ${inertLineComment(c.summary)}`,
      );
    }
    return lineCite('//', c);
  },
  check: 'rust',
};

/**
 * Spec text in a Python string, by its prefix: an f-string's literal part
 * doubles its braces (raw or not, a brace opens a field); a raw string holds
 * it only when it needs no escape; a byte string holds ASCII only.
 */
// @implements generator#SLOT-CONTEXT-BY-LEXICAL-RULES
function pythonString(context: Extract<Context, { kind: 'string' }>, text: string): Escaped {
  const quote = lastChar(context.quote);
  const triple = context.quote.endsWith(quote.repeat(3));
  const bytes = /^[a-z]*b/i.test(context.quote);
  if (bytes && /[^\x00-\x7f]/.test(text))
    return refuse('a byte string holds ASCII only', 'use a str literal "…" in the template');
  const braces: Record<string, string> = context.interpolates ? { '{': '{{', '}': '}}' } : {};
  if (context.raw) {
    const checked = rawText(
      text,
      triple ? new RegExp(`[\\\\${quote}\\r\\x00]`) : new RegExp(`[\\\\${quote}\\r\\n\\x00]`),
      'a quote, a backslash, a line break or a NUL',
    );
    return checked.ok ? ok(checked.text.replace(/[{}]/g, (c) => braces[c] ?? c)) : checked;
  }
  return ok(escapeString(text, quote, pythonControl, braces));
}

export const python: Language = {
  id: 'python',
  name: 'Python',
  extensions: ['py', 'pyi'],
  lineComment: '#',
  header: { open: '#' },
  contexts: fromRegions(pythonRegions),
  escape(context, text) {
    if (context.kind === 'line-comment') return ok(inertLineComment(text));
    if (context.kind === 'code') return codeText(text, 'Python');
    if (context.kind === 'other') return other(context);
    if (context.kind !== 'string') return refuse('Python has no such context', 'use a string or a comment');
    return pythonString(context, text);
  },
  literal(v) {
    if (v.kind === 'string') return `'${escapeString(v.value, "'", pythonControl)}'`;
    if (v.kind === 'boolean') return v.value ? 'True' : 'False';
    return v.value;
  },
  cite: (c) => lineCite('#', c),
  check: 'python',
};

export const go: Language = {
  id: 'go',
  name: 'Go',
  extensions: ['go'],
  lineComment: '//',
  header: { open: '//' },
  contexts: fromRegions(goRegions),
  escape(context, text) {
    if (context.kind === 'line-comment' || context.kind === 'block-comment')
      return cComment(context, text, false);
    if (context.kind === 'code') return codeText(text, 'Go');
    if (context.kind === 'other') return other(context);
    if (context.raw)
      return rawText(text, /[`\r\x00\ufeff]/, 'a backtick, a carriage return, a NUL or a byte-order mark');
    return ok(escapeString(text, '"', goControl));
  },
  literal: (v) => (v.kind === 'string' ? `"${escapeString(v.value, '"', goControl)}"` : String(v.value)),
  cite: (c) => lineCite('//', c),
  check: 'go',
};
