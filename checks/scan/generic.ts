/**
 * Citations in languages other than TS/JS, by comment syntax per extension.
 * A small lexer skips string literals so a tag inside a string never counts;
 * the symbol is the next declaration line after the comment (fn, func, def…).
 */
import { mayHoldCitations, parseCitations } from './refs.ts';
import { lineIndex, placed, type ScannedCitation } from './types.ts';

export type CommentStyle = 'slash' | 'hash' | 'handlebars';

interface Span {
  start: number;
  text: string;
}

/** `//` and `/* *\/` comments; skips "…", '…' (char literals), `…` (Go raw) and r#"…"# (Rust raw). */
function slashComments(text: string): Span[] {
  const spans: Span[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      spans.push({ start: i, text: text.slice(i, stop) });
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      spans.push({ start: i, text: text.slice(i, stop) });
      i = stop;
    } else if (
      c === 'r' &&
      (text[i + 1] === '"' || (text[i + 1] === '#' && /^#+"/.test(text.slice(i + 1, i + 10)))) &&
      !/[A-Za-z0-9_]/.test(text[i - 1] ?? ' ')
    ) {
      const hashes = /^#*/.exec(text.slice(i + 1))![0];
      const close = `"${hashes}`;
      const end = text.indexOf(close, i + 2 + hashes.length);
      i = end === -1 ? n : end + close.length;
    } else if (c === '"' || c === '`') {
      i = skipQuoted(text, i, c, c === '"');
    } else if (c === "'") {
      // A char literal closes within a few characters; otherwise it is a
      // Rust lifetime or label (`'a`) and not a string at all.
      const m = /^'(?:\\.[^']{0,8}|[^'\\\n])'/.exec(text.slice(i, i + 12));
      i += m ? m[0].length : 1;
    } else {
      i++;
    }
  }
  return spans;
}

function skipQuoted(text: string, start: number, quote: string, escapes: boolean): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (escapes && c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (quote === '"' && c === '\n' && !escapes) return i;
    else i++;
  }
  return i;
}

/** `#` comments (Python, shell, Ruby, YAML, TOML); skips quoted strings and Python triple quotes. */
function hashComments(text: string): Span[] {
  const spans: Span[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (c === '#') {
      const prevChar = text[i - 1];
      // In shell `$#` and `a#b` are not comments; a comment starts a word.
      if (i === 0 || prevChar === undefined || /\s|;|\(/.test(prevChar)) {
        const end = text.indexOf('\n', i);
        const stop = end === -1 ? n : end;
        spans.push({ start: i, text: text.slice(i, stop) });
        i = stop;
      } else {
        i++;
      }
    } else if ((c === '"' || c === "'") && text.startsWith(c.repeat(3), i)) {
      const end = text.indexOf(c.repeat(3), i + 3);
      i = end === -1 ? n : end + 3;
    } else if (c === '"' || c === "'") {
      i = skipQuoted(text, i, c, c === '"' || text[i - 1] !== '$');
    } else {
      i++;
    }
  }
  return spans;
}

/** Handlebars `{{!-- --}}` / `{{! }}` comments, and `//` or `/* *\/` comments of the emitted code. */
function handlebarsComments(text: string): Span[] {
  const spans: Span[] = [];
  const re = /\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}/g;
  let last = 0;
  let outside = '';
  const pieces: { start: number; text: string }[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    spans.push({ start: m.index, text: m[0] });
    pieces.push({ start: last, text: text.slice(last, m.index) });
    last = m.index + m[0].length;
  }
  pieces.push({ start: last, text: text.slice(last) });
  for (const piece of pieces) {
    outside = piece.text;
    for (const s of slashComments(outside)) spans.push({ start: piece.start + s.start, text: s.text });
  }
  return spans.sort((a, b) => a.start - b.start);
}

const DECLARATION =
  /^\s*(?:(?:pub(?:\([^)]*\))?|export|async|unsafe|const|static|extern(?:\s+"[^"]*")?|default)\s+)*(fn|func|def|class|struct|enum|trait|impl|mod|type|interface|function)\b\s*(?:\([^)]*\)\s*)?([A-Za-z_][A-Za-z0-9_]*)?/;

/** The declaration on the first code line after `offset`, when there is one. */
function followingSymbol(text: string, offset: number, style: CommentStyle): string | undefined {
  const lineEnd = text.indexOf('\n', offset);
  if (lineEnd === -1) return undefined;
  let pos = lineEnd + 1;
  while (pos < text.length) {
    const end = text.indexOf('\n', pos);
    const line = text.slice(pos, end === -1 ? text.length : end);
    const trimmed = line.trim();
    const isComment =
      trimmed === '' ||
      (style === 'hash'
        ? trimmed.startsWith('#')
        : trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*'));
    if (!isComment) {
      const m = DECLARATION.exec(line);
      if (!m) return undefined;
      const keyword = m[1] === 'func' || m[1] === 'def' || m[1] === 'fn' ? 'function' : m[1]!;
      return m[2] ? `${keyword} ${m[2]}` : keyword;
    }
    if (end === -1) return undefined;
    pos = end + 1;
  }
  return undefined;
}

// @implements factline#GATE-SCAN-OTHER-LANGUAGES
export function scanComments(text: string, style: CommentStyle): ScannedCitation[] {
  if (!mayHoldCitations(text)) return [];
  const spans =
    style === 'slash'
      ? slashComments(text)
      : style === 'hash'
        ? hashComments(text)
        : handlebarsComments(text);
  const at = lineIndex(text);
  const out: ScannedCitation[] = [];
  for (const span of spans) {
    if (!span.text.includes('@')) continue;
    for (const raw of parseCitations(span.text, span.start)) {
      const cite = placed(raw, at);
      const symbol = followingSymbol(text, raw.offset, style);
      if (symbol) cite.symbol = symbol;
      // Python's test_* functions (and Test* classes) are test code wherever they stand.
      if (style === 'hash' && symbol && /^(?:function test_|class Test)/.test(symbol)) cite.inTest = true;
      out.push(cite);
    }
  }
  return out;
}
