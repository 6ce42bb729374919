/**
 * Python's strings and comments as its tokenizer reads them, as far as
 * escaping needs: a string prefix is a whole word right before the quote
 * (`rb"…"`, `f'…'`), so a keyword before a quote (`else"a"`) is a keyword and
 * the quote opens an ordinary string; an f-string is literal text with
 * replacement fields `{…}` in it, and a field is code: no spec text may enter
 * one (PEP 701's nesting: a field may hold strings with any quote). Pure.
 */
import { lineComment, quotedEnd, type Region, take } from './regions.ts';
import type { Context } from './types.ts';

/** The prefixes Python accepts before a string's quote, in any case. */
const PREFIX = /^(?:[rubf]|rb|br|rf|fr)$/i;
const FIELD: Context = { kind: 'other', what: 'an f-string replacement field' };

/** Identifier characters; anything past ASCII counts (a Python name may hold it, and nothing else may stand there). */
const isWordChar = (c: string | undefined) =>
  c !== undefined && (/[A-Za-z0-9_]/.test(c) || c.charCodeAt(0) > 0x7f);

function wordEnd(text: string, i: number): number {
  let j = i;
  while (isWordChar(text[j])) j++;
  return j;
}

const isQuote = (c: string | undefined) => c === '"' || c === "'";

// @implements generator#SLOT-CONTEXT-BY-LEXICAL-RULES
export function pythonRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '#') i = lineComment(out, text, i);
    else if (c === '\\') i += 2;
    else if (isQuote(c)) i = pythonString(out, text, i, 0);
    else if (isWordChar(c)) {
      const end = wordEnd(text, i);
      i = isQuote(text[end]) && PREFIX.test(text.slice(i, end)) ? pythonString(out, text, i, end - i) : end;
    } else i++;
  }
  return out;
}

/** A string starting at `start` with a prefix of `prefixLength` letters; returns where it ends. */
function pythonString(out: Region[], text: string, start: number, prefixLength: number): number {
  const prefix = text.slice(start, start + prefixLength).toLowerCase();
  const q = text[start + prefixLength]!;
  const triple = text.startsWith(q.repeat(3), start + prefixLength);
  const quote = triple ? q.repeat(3) : q;
  const open = start + prefixLength + quote.length;
  const raw = prefix.includes('r');
  const context: Context = {
    kind: 'string',
    quote: text.slice(start, open),
    ...(raw ? { raw: true } : {}),
    ...(prefix.includes('f') ? { interpolates: true } : {}),
  };
  if (!prefix.includes('f')) return take(out, start, quotedEnd(text, open, quote, true, triple), context);

  let part = start;
  const literal = (end: number) => {
    if (end > part) take(out, part, end, context);
  };
  let i = open;
  while (i < text.length) {
    const ch = text[i]!;
    if (!raw && text.startsWith('\\N{', i)) {
      const close = text.indexOf('}', i);
      i = close === -1 ? text.length : close + 1;
    } else if (ch === '\\') i += 2;
    else if (text.startsWith(quote, i)) {
      literal(i + quote.length);
      return i + quote.length;
    } else if (!triple && ch === '\n') {
      literal(i);
      return i;
    } else if (text.startsWith('{{', i) || text.startsWith('}}', i)) i += 2;
    else if (ch === '{') {
      literal(i);
      const end = fieldEnd(text, i + 1);
      take(out, i, end, FIELD);
      part = end;
      i = end;
    } else i++;
  }
  literal(text.length);
  return text.length;
}

/** The end of a replacement field whose `{` is just before `from`: its matching `}` (nested brackets and strings skipped). */
function fieldEnd(text: string, from: number): number {
  let depth = 0;
  let i = from;
  const ignored: Region[] = [];
  while (i < text.length) {
    const c = text[i]!;
    if (isQuote(c)) i = pythonString(ignored, text, i, 0);
    else if (isWordChar(c)) {
      const end = wordEnd(text, i);
      i =
        isQuote(text[end]) && PREFIX.test(text.slice(i, end)) ? pythonString(ignored, text, i, end - i) : end;
    } else if (c === '{' || c === '[' || c === '(') {
      depth++;
      i++;
    } else if (c === '}' || c === ']' || c === ')') {
      i++;
      if (depth === 0 && c === '}') return i;
      depth = Math.max(0, depth - 1);
    } else i++;
  }
  return text.length;
}
