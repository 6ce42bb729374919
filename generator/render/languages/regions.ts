/**
 * Lexers for the table's languages, each reduced to what escaping needs: the
 * stretches of a text that are comments or strings (everything else is code).
 * They read the rendered output with each interpolation still a placeholder
 * identifier, so the context of every interpolation is known exactly. Pure.
 */
import type { Context } from './types.ts';

export interface Region {
  start: number;
  end: number;
  context: Context;
}

/** A language's `contexts` from its region lexer. */
export const fromRegions =
  (regions: (text: string) => Region[]) =>
  (text: string, offsets: readonly number[]): Context[] =>
    contextsFrom(regions(text), offsets);

/** The context at each offset (ascending), given the text's regions in order. */
export function contextsFrom(regions: readonly Region[], offsets: readonly number[]): Context[] {
  let r = 0;
  return offsets.map((offset) => {
    while (r < regions.length && regions[r]!.end <= offset) r++;
    const region = regions[r];
    return region && region.start <= offset ? region.context : { kind: 'code' };
  });
}

export const lineEnd = (text: string, from: number) => {
  const n = text.indexOf('\n', from);
  return n === -1 ? text.length : n;
};

/** End of a quoted run that `\` escapes, closing at `close` (or at a line end when single-line). */
export function quotedEnd(
  text: string,
  from: number,
  close: string,
  escapes: boolean,
  multiline: boolean,
): number {
  let i = from;
  while (i < text.length) {
    if (escapes && text[i] === '\\') {
      i += 2;
      continue;
    }
    if (text.startsWith(close, i)) return i + close.length;
    if (!multiline && text[i] === '\n') return i;
    i++;
  }
  return text.length;
}

/** End of a C-style block comment opened at `from`; nested openers count when `nests`. */
function blockEnd(text: string, from: number, nests: boolean): number {
  let depth = 0;
  let i = from;
  while (i < text.length) {
    if (text.startsWith('/*', i)) {
      depth = nests ? depth + 1 : Math.max(depth, 1);
      i += 2;
    } else if (text.startsWith('*/', i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  return text.length;
}

/** Records a region and returns where scanning goes on. */
export function take(out: Region[], start: number, end: number, context: Context): number {
  out.push({ start, end, context });
  return end;
}

export const lineComment = (out: Region[], text: string, i: number) =>
  take(out, i, lineEnd(text, i), { kind: 'line-comment' });

export const blockComment = (out: Region[], text: string, i: number, nests: boolean) =>
  take(out, i, blockEnd(text, i, nests), { kind: 'block-comment' });

/** A quoted run opened by `open` at `i`, closed by `close`. */
export function quoted(
  out: Region[],
  text: string,
  i: number,
  open: string,
  close: string,
  how: { escapes: boolean; multiline: boolean },
  context: Context,
): number {
  return take(out, i, quotedEnd(text, i + open.length, close, how.escapes, how.multiline), context);
}

export function goRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (text.startsWith('//', i)) i = lineComment(out, text, i);
    else if (text.startsWith('/*', i)) i = blockComment(out, text, i, false);
    else if (c === '"') {
      i = quoted(out, text, i, '"', '"', { escapes: true, multiline: false }, { kind: 'string', quote: '"' });
    } else if (c === '`') {
      const how = { escapes: false, multiline: true };
      i = quoted(out, text, i, '`', '`', how, { kind: 'string', quote: '`', raw: true });
    } else if (c === "'") {
      const how = { escapes: true, multiline: false };
      i = quoted(out, text, i, "'", "'", how, { kind: 'other', what: 'a rune literal' });
    } else i++;
  }
  return out;
}

export function jsonRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i = quoted(out, text, i, '"', '"', { escapes: true, multiline: false }, { kind: 'string', quote: '"' });
    } else i++;
  }
  return out;
}

export function tomlRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '#') i = lineComment(out, text, i);
    else if (c === '"' || c === "'") {
      const quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      const how = { escapes: c === '"', multiline: quote.length === 3 };
      i = quoted(out, text, i, quote, quote, how, {
        kind: 'string',
        quote,
        ...(c === "'" ? { raw: true } : {}),
      });
    } else i++;
  }
  return out;
}
