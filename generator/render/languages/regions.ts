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

/** The context at each offset (ascending), given the text's regions in order. */
export function contextsFrom(regions: readonly Region[], offsets: readonly number[]): Context[] {
  let r = 0;
  return offsets.map((offset) => {
    while (r < regions.length && regions[r]!.end <= offset) r++;
    const region = regions[r];
    return region && region.start <= offset ? region.context : { kind: 'code' };
  });
}

const lineEnd = (text: string, from: number) => {
  const n = text.indexOf('\n', from);
  return n === -1 ? text.length : n;
};

/** End of a quoted run that `\` escapes, closing at `close` (or at a line end when single-line). */
function quotedEnd(text: string, from: number, close: string, escapes: boolean, multiline: boolean): number {
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
function take(out: Region[], start: number, end: number, context: Context): number {
  out.push({ start, end, context });
  return end;
}

const lineComment = (out: Region[], text: string, i: number) =>
  take(out, i, lineEnd(text, i), { kind: 'line-comment' });

const blockComment = (out: Region[], text: string, i: number, nests: boolean) =>
  take(out, i, blockEnd(text, i, nests), { kind: 'block-comment' });

/** A quoted run opened by `open` at `i`, closed by `close`. */
function quoted(
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

/**
 * YAML, as far as escaping needs it: `#` after a space or at a line start is
 * a comment, a quote opens a scalar only where a value or key starts, and
 * the more-indented lines after a `|` or `>` indicator are a block scalar.
 */
export function yamlRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  let block: { indent: number } | undefined;
  let valueStart = true;
  while (i < text.length) {
    const lineStart = i === 0 || text[i - 1] === '\n';
    if (lineStart) {
      const end = lineEnd(text, i);
      const indent = /^ */.exec(text.slice(i, end))![0].length;
      if (block && (indent > block.indent || text.slice(i, end).trim() === '')) {
        out.push({ start: i, end, context: { kind: 'string', quote: '|', raw: true } });
        i = end + 1;
        continue;
      }
      block = undefined;
      valueStart = true;
    }
    const c = text[i]!;
    if (c === '\n') {
      i++;
      continue;
    }
    if (c === '#' && (lineStart || /\s/.test(text[i - 1]!))) i = lineComment(out, text, i);
    else if ((c === '"' || c === "'") && valueStart) {
      i = quoted(out, text, i, c, c, { escapes: c === '"', multiline: true }, { kind: 'string', quote: c });
      valueStart = false;
    } else if (
      /[|>]/.test(c) &&
      valueStart &&
      /^[|>][-+0-9]*[ \t]*(?:#.*)?$/.test(text.slice(i, lineEnd(text, i)))
    ) {
      const start = text.lastIndexOf('\n', i - 1) + 1;
      block = { indent: /^ */.exec(text.slice(start))![0].length };
      i = lineEnd(text, i);
    } else if (valueStart && !/[\s\-?:,[\]{}]/.test(c)) {
      // A plain scalar: up to ` #`, `: ` or the line's end. One that is a single
      // placeholder is a whole value (code: written quoted); text around one is not.
      const line = text.slice(i, lineEnd(text, i));
      const end = i + (/ #|: |:$/.exec(line)?.index ?? line.length);
      if (!/^__FLSLOT\d+__\s*$/.test(text.slice(i, end))) {
        out.push({ start: i, end, context: { kind: 'string', quote: '', raw: true } });
      }
      i = end;
      valueStart = false;
    } else {
      if (c === ' ' || c === '\t') {
        // a value or key starts after `- `, `: `, `? ` and inside flow collections after `[`, `{`, `,`
        valueStart = valueStart || /[-:?[{,]/.test(text[i - 1] ?? '');
      } else valueStart = /[[{,]/.test(c);
      i++;
    }
  }
  return out;
}

/** Markdown: fenced code, code spans and HTML comments; all else is text. */
export function markdownRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  while (i < text.length) {
    const lineStart = i === 0 || text[i - 1] === '\n';
    const fence = lineStart ? /^ {0,3}(`{3,}|~{3,})/.exec(text.slice(i, i + 40)) : null;
    if (fence) {
      const mark = fence[1]!;
      const close = new RegExp(
        `\\n {0,3}${mark[0] === '`' ? '`' : '~'}{${mark.length},}[ \\t]*(?=\\n|$)`,
        'g',
      );
      close.lastIndex = i;
      const m = close.exec(text);
      const end = m ? m.index + m[0].length : text.length;
      out.push({ start: i, end, context: { kind: 'string', quote: mark, raw: true } });
      i = end;
    } else if (text.startsWith('<!--', i)) {
      const n = text.indexOf('-->', i + 4);
      const end = n === -1 ? text.length : n + 3;
      out.push({ start: i, end, context: { kind: 'block-comment' } });
      i = end;
    } else if (text[i] === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const n = text.indexOf(run, i + run.length);
      if (n === -1) i += run.length;
      else {
        out.push({ start: i, end: n + run.length, context: { kind: 'string', quote: run, raw: true } });
        i = n + run.length;
      }
    } else i++;
  }
  return out;
}
