/**
 * Rust's strings, chars and comments as rustc's lexer reads them, as far as
 * escaping needs: a literal's prefix is a whole word right before its quote
 * (`b"…"`, `c"…"`, `r#"…"#`, `br"…"`, `cr"…"`, `b'x'`), so `cr"C:\"` is a raw C
 * string that the backslash cannot escape, and a word that is no prefix
 * (`r#type`, a raw identifier) is a name. Block comments nest. Pure.
 */
import { blockComment, lineComment, quoted, type Region, take } from './regions.ts';

const STRING_PREFIX = /^(?:b|c|r|br|cr)$/;
const RAW = /^#*"/;

const isWordChar = (c: string | undefined) =>
  c !== undefined && (/[A-Za-z0-9_]/.test(c) || c.charCodeAt(0) > 0x7f);

function wordEnd(text: string, i: number): number {
  let j = i;
  while (isWordChar(text[j])) j++;
  return j;
}

/** A char literal ('a', '\n', '\u{1F600}') at `i`, or undefined for a lifetime ('a). */
const charLiteral = (text: string, i: number) =>
  /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/u.exec(text.slice(i, i + 16))?.[0];

// @implements generator#SLOT-CONTEXT-BY-LEXICAL-RULES
export function rustRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (text.startsWith('//', i)) i = lineComment(out, text, i);
    else if (text.startsWith('/*', i)) i = blockComment(out, text, i, true);
    else if (c === '"') i = literal(out, text, i, '');
    else if (c === "'") {
      // 'a' is a char, 'a a lifetime; 'ab' is a malformed char rustc refuses, never a lifetime.
      const char = charLiteral(text, i) ?? /^'[A-Za-z_][A-Za-z0-9_]*'/.exec(text.slice(i, i + 300))?.[0];
      i = char ? take(out, i, i + char.length, { kind: 'other', what: 'a char literal' }) : i + 1;
    } else if (isWordChar(c)) {
      const end = wordEnd(text, i);
      const word = text.slice(i, end);
      const next = text[end];
      if (
        STRING_PREFIX.test(word) &&
        (next === '"' || (word.endsWith('r') && RAW.test(text.slice(end, end + 256))))
      )
        i = literal(out, text, i, word);
      else if (word === 'b' && next === "'") {
        const char = charLiteral(text, end);
        i = take(out, i, char ? end + char.length : end + 1, { kind: 'other', what: 'a byte literal' });
      } else if (word === 'r' && next === '#' && isWordChar(text[end + 1])) i = wordEnd(text, end + 1);
      else i = end;
    } else i++;
  }
  return out;
}

/** A string literal with prefix `prefix` (maybe empty) at `i`; returns where it ends. */
function literal(out: Region[], text: string, i: number, prefix: string): number {
  if (prefix.endsWith('r')) {
    const hashes = RAW.exec(text.slice(i + prefix.length))![0].slice(0, -1);
    const open = `${prefix}${hashes}"`;
    return quoted(
      out,
      text,
      i,
      open,
      `"${hashes}`,
      { escapes: false, multiline: true },
      {
        kind: 'string',
        quote: open,
        raw: true,
      },
    );
  }
  const open = `${prefix}"`;
  return quoted(out, text, i, open, '"', { escapes: true, multiline: true }, { kind: 'string', quote: open });
}
