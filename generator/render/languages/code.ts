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
  inertTags,
  jsControl,
  lineCite,
  ok,
  oneLine,
  pythonControl,
  rawText,
  refuse,
  rustControl,
} from './escape.ts';
import { fromRegions, goRegions, pythonRegions, rustRegions } from './regions.ts';
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
    ? ok(inertTags(oneLine(text)))
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
    if (context.raw) {
      const hashes = context.quote.replace(/^b?r/, '').replace(/"$/, '');
      return rawText(text, new RegExp(`"${hashes}`), `"${hashes}`);
    }
    if (context.quote === 'b"' && /[^\x00-\x7f]/.test(text)) {
      return refuse('a byte string holds ASCII only', 'use a string literal "…" in the template');
    }
    return ok(escapeString(text, '"', rustControl));
  },
  literal: (v) => (v.kind === 'string' ? `"${escapeString(v.value, '"', rustControl)}"` : String(v.value)),
  /**
   * In a project with a namespace a fact is cited with vibevm's attribute,
   * which both vibevm's scanner and factline's read; it carries an `rN` pin
   * as `r = N`. A digest pin has no place in it: that citation stays a comment.
   */
  // @implements generator-languages#RUST-CITES-WITH-ATTRIBUTE
  cite(c) {
    if (c.uri !== undefined && (c.pin === undefined || /^r\d+$/.test(c.pin))) {
      const r = c.pin === undefined ? '' : `, r = ${c.pin.slice(1)}`;
      return ok(
        `#[spec(implements = "${escapeString(c.uri, '"', rustControl)}"${r})] // ${inertTags(oneLine(c.summary))}`,
      );
    }
    return lineCite('//', c);
  },
  check: 'rust',
};

export const python: Language = {
  id: 'python',
  name: 'Python',
  extensions: ['py', 'pyi'],
  lineComment: '#',
  header: { open: '#' },
  contexts: fromRegions(pythonRegions),
  escape(context, text) {
    if (context.kind === 'line-comment') return ok(inertTags(oneLine(text)));
    if (context.kind === 'code') return codeText(text, 'Python');
    if (context.kind !== 'string') return refuse('Python has no such context', 'use a string or a comment');
    const quote = lastChar(context.quote);
    const triple = context.quote.endsWith(quote.repeat(3));
    if (context.raw) {
      return rawText(
        text,
        triple ? new RegExp(`[\\\\${quote}]`) : new RegExp(`[\\\\${quote}\\r\\n]`),
        'a quote, a backslash or a line break',
      );
    }
    const braces: Record<string, string> = context.interpolates ? { '{': '{{', '}': '}}' } : {};
    return ok(escapeString(text, quote, pythonControl, braces));
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
    if (context.raw) return rawText(text, /[`\r]/, 'a backtick or a carriage return');
    return ok(escapeString(text, '"', goControl));
  },
  literal: (v) => (v.kind === 'string' ? `"${escapeString(v.value, '"', goControl)}"` : String(v.value)),
  cite: (c) => lineCite('//', c),
  check: 'go',
};
