/**
 * Rust's tokens as parallel arrays: a kind byte and the start and end offsets
 * of each token, its text read off the source only when a walker asks. A
 * cold vibevm run lexes about a million tokens; one object and one string
 * each was most of the scan's time and much of the garbage collector's, and
 * the walkers (rust.ts, rust-items.ts) look at most tokens only to compare
 * them with a bracket or a keyword, which `is` answers without a string.
 * The token sequence is the one the object lexer made (kept as the oracle in
 * test/support/rust-tokens-reference.ts): strings, raw strings, chars vs
 * lifetimes, nested block comments, `::` as one token, any other character
 * (one UTF-16 unit) as punctuation.
 */
import { NESTED_SLASH_BLOCK } from './languages/forms.ts';
import { nestedEnd } from './languages/grammar.ts';
import { lineIndex } from './types.ts';

export type TokenKind = 'id' | 'str' | 'num' | 'punct' | 'other';

/** One token as an object: what `RustTokens.token` gives the few places that keep one (an attribute's arguments). */
export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** Identifier or punctuation text, or a string literal's decoded value. */
  text: string;
}

/** Kind codes in `RustTokens.kinds`; a raw string is a `str` whose body has no escapes. */
export const ID = 0;
export const STR = 1;
export const NUM = 2;
export const PUNCT = 3;
export const OTHER = 4;
const RAW = 5;
const KIND_NAMES: readonly TokenKind[] = ['id', 'str', 'num', 'punct', 'other', 'str'];

/** The tokens of one Rust file (comments and whitespace dropped). */
// @implements scanner#RUST-TOKENS-AS-ARRAYS
export class RustTokens {
  length = 0;
  kinds: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  /** String literals' decoded values, by token index, made when first asked. */
  private readonly decoded = new Map<number, string>();
  /** The closers `closing` (rust.ts) awaits: one list per file, reused by every call. */
  readonly closers: number[] = [];
  private lineIndex: ((offset: number) => { line: number; column: number }) | undefined;

  constructor(
    readonly source: string,
    capacity: number,
  ) {
    this.kinds = new Uint8Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }

  push(kind: number, start: number, end: number): void {
    if (this.length === this.kinds.length) this.grow();
    const at = this.length++;
    this.kinds[at] = kind;
    this.starts[at] = start;
    this.ends[at] = end;
  }

  private grow(): void {
    const size = this.kinds.length * 2 + 16;
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds);
    const starts = new Int32Array(size);
    starts.set(this.starts);
    const ends = new Int32Array(size);
    ends.set(this.ends);
    this.kinds = kinds;
    this.starts = starts;
    this.ends = ends;
  }

  /** The kind of token `i`, undefined past either end (as `tokens[i]?.kind` was). */
  kind(i: number): TokenKind | undefined {
    return i >= 0 && i < this.length ? KIND_NAMES[this.kinds[i]!] : undefined;
  }

  /** Whether token `i` is of kind `code` (ID, STR, NUM, PUNCT, OTHER); false past either end. */
  isKind(i: number, code: number): boolean {
    if (i < 0 || i >= this.length) return false;
    const k = this.kinds[i]!;
    return k === code || (code === STR && k === RAW);
  }

  /** The text of token `i` (a string literal's decoded value), undefined past either end. */
  text(i: number): string | undefined {
    if (i < 0 || i >= this.length) return undefined;
    const k = this.kinds[i]!;
    if (k === STR || k === RAW) return this.stringValue(i, k);
    return this.source.slice(this.starts[i], this.ends[i]);
  }

  /** Whether token `i`'s text is `s` (`text(i) === s`), without making the text of a code token. */
  is(i: number, s: string): boolean {
    if (i < 0 || i >= this.length) return false;
    const k = this.kinds[i]!;
    if (k === STR || k === RAW) return this.stringValue(i, k) === s;
    const start = this.starts[i]!;
    const n = this.ends[i]! - start;
    if (n !== s.length) return false;
    if (n === 1) return this.source.charCodeAt(start) === s.charCodeAt(0);
    return this.source.startsWith(s, start);
  }

  /** Whether token `i` is the one-character punctuation `code` (a character code). */
  isPunct(i: number, code: number): boolean {
    return (
      i >= 0 &&
      i < this.length &&
      this.kinds[i] === PUNCT &&
      this.ends[i]! - this.starts[i]! === 1 &&
      this.source.charCodeAt(this.starts[i]!) === code
    );
  }

  /** The source's line index (types.ts lineIndex), made once for the scan and the gates that read this file. */
  lines(): (offset: number) => { line: number; column: number } {
    this.lineIndex ??= lineIndex(this.source);
    return this.lineIndex;
  }

  /** Token `i` as an object, undefined past either end. */
  token(i: number): Token | undefined {
    if (i < 0 || i >= this.length) return undefined;
    return {
      kind: KIND_NAMES[this.kinds[i]!]!,
      start: this.starts[i]!,
      end: this.ends[i]!,
      text: this.text(i)!,
    };
  }

  private stringValue(i: number, kind: number): string {
    let value = this.decoded.get(i);
    if (value !== undefined) return value;
    const src = this.source;
    const start = this.starts[i]!;
    const end = this.ends[i]!;
    if (kind === STR) {
      // `"…"`, `b"…"`, `c"…"`: the body between the quotes, escapes decoded.
      const open = src.charCodeAt(start) === QUOTE ? start : start + 1;
      const body = src.slice(open + 1, end - 1);
      value = body.includes('\\') ? decodeEscapes(body) : body;
    } else {
      // `r#"…"#` (maybe `b`/`c` first): the body between the quote after the hashes and the closing quote.
      const r = src.charCodeAt(start) === LOWER_R ? start : start + 1;
      let h = r + 1;
      while (src.charCodeAt(h) === HASH) h++;
      const hashes = h - r - 1;
      value = src.slice(r + 2 + hashes, end - 1 - hashes);
    }
    this.decoded.set(i, value);
    return value;
  }
}

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

const CHAR_LITERAL = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^'\\\n])'/u;

/**
 * The length of the character literal at `i` (a `'`), or 0 when the `'`
 * starts a lifetime or label: a literal closes within a few characters. The
 * common `'x'` is decided by character codes; an escape or a surrogate is
 * left to the pattern, read within 14 characters as ever.
 */
function charLiteralLength(text: string, i: number): number {
  const c = text.charCodeAt(i + 1);
  if (Number.isNaN(c) || c === APOSTROPHE || c === LF) return 0;
  if (c === BACKSLASH || (c >= 0xd800 && c <= 0xdfff)) {
    const m = CHAR_LITERAL.exec(text.slice(i, i + 14));
    return m ? m[0].length : 0;
  }
  return text.charCodeAt(i + 2) === APOSTROPHE ? 3 : 0;
}

/** Whether a raw string starts at `r` (an `r`, then `#`s, then `"`), looked at within 260 characters. */
function isRawStart(text: string, r: number): boolean {
  const after = text.charCodeAt(r + 1);
  // Most identifiers that start with `r` end the test here, with no slice and no regex.
  if (after !== QUOTE && after !== HASH) return false;
  return /^r#*"/.test(text.slice(r, r + 260));
}

/** The tokens of the code (comments and whitespace dropped). */
export function lexRust(text: string): RustTokens {
  const n = text.length;
  // About one token per six characters of real Rust; the arrays double when a file has more.
  const tokens = new RustTokens(text, (n >> 2) + 16);
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === TAB || c === LF || c === CR) {
      // A run of indentation in one tight loop.
      i++;
      for (
        let w = text.charCodeAt(i);
        w === SPACE || w === TAB || w === LF || w === CR;
        w = text.charCodeAt(++i)
      );
      continue;
    }
    const next = text.charCodeAt(i + 1);
    if (isIdStart(c)) {
      if ((c === LOWER_B || c === LOWER_C) && next === QUOTE) {
        i = quoted(text, i, i + 1, tokens);
      } else if (
        (c === LOWER_R || ((c === LOWER_B || c === LOWER_C) && next === LOWER_R)) &&
        isRawStart(text, c === LOWER_R ? i : i + 1)
      ) {
        i = raw(text, i, c === LOWER_R ? i : i + 1, tokens);
      } else {
        const j = idEnd(text, i + 1);
        tokens.push(ID, i, j);
        i = j;
      }
    } else if (c === SLASH && next === SLASH) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? n : end;
    } else if (c === SLASH && next === STAR) {
      i = nestedEnd(text, i, NESTED_SLASH_BLOCK);
    } else if (c === QUOTE) {
      i = quoted(text, i, i, tokens);
    } else if (c === APOSTROPHE) {
      const length = charLiteralLength(text, i);
      const j = length > 0 ? i + length : idEnd(text, i + 1);
      tokens.push(OTHER, i, j);
      i = j;
    } else if (c >= DIGIT_0 && c <= DIGIT_9) {
      let j = i + 1;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === DOT ? text.charCodeAt(j + 1) === DOT : !isIdPart(d)) break;
      }
      tokens.push(NUM, i, j);
      i = j;
    } else if (c === COLON && next === COLON) {
      tokens.push(PUNCT, i, i + 2);
      i += 2;
    } else {
      // One UTF-16 unit (a character past the BMP is two punct tokens, as it always was).
      tokens.push(PUNCT, i, i + 1);
      i++;
    }
  }
  return tokens;
}

/** A `"…"` string whose quote is at `open` (after a `b`/`c` at `start`): its end. */
function quoted(text: string, start: number, open: number, tokens: RustTokens): number {
  const n = text.length;
  let j = open + 1;
  while (j < n && text.charCodeAt(j) !== QUOTE) j += text.charCodeAt(j) === BACKSLASH ? 2 : 1;
  tokens.push(STR, start, j + 1);
  return j + 1;
}

/** A raw string whose `r` is at `r` (after a `b`/`c` at `start`): its end (past the text when it never closes). */
function raw(text: string, start: number, r: number, tokens: RustTokens): number {
  let h = r + 1;
  while (text.charCodeAt(h) === HASH) h++;
  const hashes = text.slice(r + 1, h);
  const close = text.indexOf(`"${hashes}`, h + 1);
  const end = (close === -1 ? text.length : close) + 1 + hashes.length;
  tokens.push(RAW, start, end);
  return end;
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
