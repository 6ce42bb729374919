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

const IDENT = /[A-Za-z0-9_]/;

/** Records a region and returns where scanning goes on. */
export function take(out: Region[], start: number, end: number, context: Context): number {
  out.push({ start, end, context });
  return end;
}

export const lineComment = (out: Region[], text: string, i: number) =>
  take(out, i, lineEnd(text, i), { kind: 'line-comment' });

const blockComment = (out: Region[], text: string, i: number, nests: boolean) =>
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

export function rustRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const prevIdent = i > 0 && IDENT.test(text[i - 1]!);
    const raw = prevIdent ? null : /^(b?r)(#*)"/.exec(text.slice(i, i + 300));
    if (text.startsWith('//', i)) i = lineComment(out, text, i);
    else if (text.startsWith('/*', i)) i = blockComment(out, text, i, true);
    else if (raw) {
      const how = { escapes: false, multiline: true };
      i = quoted(out, text, i, raw[0], `"${raw[2]}`, how, { kind: 'string', quote: raw[0], raw: true });
    } else if (c === '"' || (!prevIdent && text.startsWith('b"', i))) {
      const open = c === '"' ? '"' : 'b"';
      i = quoted(
        out,
        text,
        i,
        open,
        '"',
        { escapes: true, multiline: true },
        { kind: 'string', quote: open },
      );
    } else if (c === "'") {
      // A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a): only the first is a literal.
      const m = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/u.exec(text.slice(i, i + 16));
      if (m) {
        out.push({ start: i, end: i + m[0].length, context: { kind: 'other', what: 'a char literal' } });
        i += m[0].length;
      } else i++;
    } else i++;
  }
  return out;
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

export function pythonRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '#') {
      i = lineComment(out, text, i);
      continue;
    }
    const prevIdent = i > 0 && IDENT.test(text[i - 1]!);
    const m = prevIdent ? null : /^([rRbBuUfF]{0,2})('''|"""|'|")/.exec(text.slice(i, i + 5));
    if (m && (m[1] === '' || /^(?:[rRbBuUfF]|[rR][bBfF]|[bBfF][rR])$/.test(m[1]!))) {
      const prefix = m[1]!.toLowerCase();
      const quote = m[2]!;
      i = quoted(
        out,
        text,
        i,
        m[0],
        quote,
        { escapes: true, multiline: quote.length === 3 },
        {
          kind: 'string',
          quote: m[0],
          ...(prefix.includes('r') ? { raw: true } : {}),
          ...(prefix.includes('f') ? { interpolates: true } : {}),
        },
      );
    } else i += /[A-Za-z0-9_]/.test(c) ? identEnd(text, i) - i : 1;
  }
  return out;
}

function identEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && IDENT.test(text[j]!)) j++;
  return j;
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
