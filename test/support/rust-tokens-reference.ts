/**
 * The Rust lexer as it was before its tokens became parallel arrays
 * (checks/scan/rust-tokens.ts): one object per token, its text sliced or
 * decoded at once. Kept as the oracle of the differential test
 * (test/unit/checks/rust-tokens.differential.test.ts): the arrays must hold
 * the same sequence of kinds, offsets and texts on real and generated Rust.
 */
import { NESTED_SLASH_BLOCK } from '../../checks/scan/languages/forms.ts';
import { nestedEnd } from '../../checks/scan/languages/grammar.ts';
import type { Token } from '../../checks/scan/rust-tokens.ts';

/** `[A-Za-z_]`, by character code: the lexer asks it of most characters of a file. */
function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/** `[A-Za-z0-9_]`. */
function isIdPart(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}

/** The end of the identifier characters from `j`. */
function idEnd(text: string, j: number): number {
  const n = text.length;
  while (j < n && isIdPart(text.charCodeAt(j))) j++;
  return j;
}

/** Decodes a (non-raw) Rust string body: escapes, and `\` + newline + indentation (line continuation). */
function decodeEscapes(body: string): string {
  return body.replace(/\\(\r?\n[ \t]*|n|t|r|0|\\|"|'|u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2})/g, (_, e: string) => {
    if (e.startsWith('\n') || e.startsWith('\r')) return '';
    if (e === 'n') return '\n';
    if (e === 't') return '\t';
    if (e === 'r') return '\r';
    if (e === '0') return '\0';
    if (e.startsWith('u')) return String.fromCodePoint(Number.parseInt(e.slice(2, -1), 16));
    if (e.startsWith('x')) return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return e;
  });
}

/** Tokens of the code (comments and whitespace dropped). */
export function referenceTokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    // Character codes, not one-character strings: this loop visits every character of every Rust file.
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c === SPACE || c === TAB || c === LF || c === CR) {
      i++;
    } else if (c === SLASH && next === SLASH) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? n : end;
    } else if (c === SLASH && next === STAR) {
      i = nestedEnd(text, i, NESTED_SLASH_BLOCK);
    } else if (c === QUOTE || ((c === LOWER_B || c === LOWER_C) && next === QUOTE)) {
      const open = c === QUOTE ? i : i + 1;
      let j = open + 1;
      while (j < n && text.charCodeAt(j) !== QUOTE) j += text.charCodeAt(j) === BACKSLASH ? 2 : 1;
      tokens.push({ kind: 'str', start: i, end: j + 1, text: decodeEscapes(text.slice(open + 1, j)) });
      i = j + 1;
    } else if (
      (c === LOWER_R || ((c === LOWER_B || c === LOWER_C) && next === LOWER_R)) &&
      isRawStart(text, c === LOWER_R ? i : i + 1)
    ) {
      const r = c === LOWER_R ? i : i + 1;
      let h = r + 1;
      while (text.charCodeAt(h) === HASH) h++;
      const hashes = text.slice(r + 1, h);
      const bodyStart = r + 2 + hashes.length;
      const close = text.indexOf(`"${hashes}`, bodyStart);
      const end = close === -1 ? n : close;
      tokens.push({ kind: 'str', start: i, end: end + 1 + hashes.length, text: text.slice(bodyStart, end) });
      i = end + 1 + hashes.length;
    } else if (c === APOSTROPHE) {
      // A char literal closes within a few characters; otherwise a lifetime or label.
      const m = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^'\\\n])'/u.exec(text.slice(i, i + 14));
      if (m) {
        tokens.push({ kind: 'other', start: i, end: i + m[0].length, text: m[0] });
        i += m[0].length;
      } else {
        const j = idEnd(text, i + 1);
        tokens.push({ kind: 'other', start: i, end: j, text: text.slice(i, j) });
        i = j;
      }
    } else if (isIdStart(c)) {
      const j = idEnd(text, i + 1);
      tokens.push({ kind: 'id', start: i, end: j, text: text.slice(i, j) });
      i = j;
    } else if (c >= DIGIT_0 && c <= DIGIT_9) {
      let j = i + 1;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === DOT ? text.charCodeAt(j + 1) === DOT : !isIdPart(d)) break;
      }
      tokens.push({ kind: 'num', start: i, end: j, text: text.slice(i, j) });
      i = j;
    } else if (c === COLON && next === COLON) {
      tokens.push({ kind: 'punct', start: i, end: i + 2, text: '::' });
      i += 2;
    } else {
      // One UTF-16 unit, as text[i] reads it (a character past the BMP is two punct tokens, as it always was).
      tokens.push({ kind: 'punct', start: i, end: i + 1, text: text[i]! });
      i++;
    }
  }
  return tokens;
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const SLASH = 47;
const STAR = 42;
const QUOTE = 34;
const APOSTROPHE = 39;
const BACKSLASH = 92;
const HASH = 35;
const COLON = 58;
const DOT = 46;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const LOWER_B = 98;
const LOWER_C = 99;
const LOWER_R = 114;

/** Whether a raw string starts at `r` (an `r`, then `#`s, then `"`), looked at within 260 characters as before. */
function isRawStart(text: string, r: number): boolean {
  const after = text.charCodeAt(r + 1);
  // Most identifiers that start with `r` end the test here, with no slice and no regex.
  if (after !== QUOTE && after !== HASH) return false;
  return /^r#*"/.test(text.slice(r, r + 260));
}
