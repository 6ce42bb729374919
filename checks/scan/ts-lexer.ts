/**
 * A TS/JS tokenizer made for the citation scan. TypeScript's own scanner
 * is general (it serves the parser, the services and JSX) and cost the gate
 * most of its cold run, plus loading a 9 MB compiler before the first file.
 * This one yields the tokens the walk in typescript.ts reads, by the same
 * rules as TypeScript's scanner (test/checks/ts-lexer.test.ts compares the
 * two token streams over real trees), and nothing else:
 * - whitespace and line breaks are skipped; `newline` says one came before the token;
 * - comments, strings, template pieces and numbers are whole tokens;
 * - a keyword gets its own kind only where the walk tells it apart (the rest,
 *   and any word right after `.` or `?.`, which is a property name, are identifiers);
 * - operators are matched longest first, so `==` is never `=` and `?.` never `?`;
 * - as with TypeScript's scanner, a `/` is a division token until the caller
 *   asks for a regular expression there, and a `}` closes a brace until the
 *   caller asks for the rest of a template.
 */

import { hasOtherLineBreak } from './types.ts';

/** Token kinds (an enum, so the bundler writes them as numbers). Keywords come last, from FIRST_KEYWORD on. */
export enum K {
  EndOfFile = 0,
  SingleLineComment = 1,
  MultiLineComment = 2,
  Identifier = 3,
  PrivateIdentifier = 4,
  StringLiteral = 5,
  NumericLiteral = 6,
  NoSubstitutionTemplate = 7,
  TemplateHead = 8,
  TemplateMiddle = 9,
  TemplateTail = 10,
  RegularExpression = 11,
  OpenBrace = 12,
  CloseBrace = 13,
  OpenParen = 14,
  CloseParen = 15,
  OpenBracket = 16,
  CloseBracket = 17,
  Semicolon = 18,
  Comma = 19,
  Dot = 20,
  QuestionDot = 21,
  Colon = 22,
  Question = 23,
  Exclamation = 24,
  Equals = 25,
  EqualsGreaterThan = 26,
  Asterisk = 27,
  Slash = 28,
  SlashEquals = 29,
  LessThan = 30,
  PlusPlus = 31,
  MinusMinus = 32,
  /** Any other operator or punctuator (`+`, `===`, `...`, `@`, `>`…). */
  Operator = 33,
  /** A character that starts no token. */
  Unknown = 34,
  Function = 40,
  Class = 41,
  Interface = 42,
  Enum = 43,
  Namespace = 44,
  Module = 45,
  Type = 46,
  Const = 47,
  Let = 48,
  Var = 49,
  Return = 50,
  TypeOf = 51,
  InstanceOf = 52,
  In = 53,
  Of = 54,
  New = 55,
  Delete = 56,
  Void = 57,
  Throw = 58,
  Case = 59,
  Do = 60,
  Else = 61,
  Yield = 62,
  Await = 63,
  If = 64,
  While = 65,
  For = 66,
  With = 67,
  Extends = 68,
  Export = 69,
  Declare = 70,
  Default = 71,
}

export type Kind = K;

export const FIRST_KEYWORD = K.Function;

const KEYWORDS = new Map<string, Kind>([
  ['function', K.Function],
  ['class', K.Class],
  ['interface', K.Interface],
  ['enum', K.Enum],
  ['namespace', K.Namespace],
  ['module', K.Module],
  ['type', K.Type],
  ['const', K.Const],
  ['let', K.Let],
  ['var', K.Var],
  ['return', K.Return],
  ['typeof', K.TypeOf],
  ['instanceof', K.InstanceOf],
  ['in', K.In],
  ['of', K.Of],
  ['new', K.New],
  ['delete', K.Delete],
  ['void', K.Void],
  ['throw', K.Throw],
  ['case', K.Case],
  ['do', K.Do],
  ['else', K.Else],
  ['yield', K.Yield],
  ['await', K.Await],
  ['if', K.If],
  ['while', K.While],
  ['for', K.For],
  ['with', K.With],
  ['extends', K.Extends],
  ['export', K.Export],
  ['declare', K.Declare],
  ['default', K.Default],
]);

/**
 * The keywords by first letter and length, so a word is matched in place
 * (`startsWith`) instead of cut out of the text for a lookup. Two parallel
 * tables with a slot for every letter and length, read by index: no read
 * past a table's end, and no iterator per word while the code is still cold.
 */
const KEYWORD_SPAN = 11;
const KEYWORD_WORDS: (string[] | undefined)[] = new Array(26 * KEYWORD_SPAN).fill(undefined);
const KEYWORD_KINDS: (Kind[] | undefined)[] = new Array(26 * KEYWORD_SPAN).fill(undefined);
for (const [word, kind] of KEYWORDS) {
  const at = (word.charCodeAt(0) - 97) * KEYWORD_SPAN + word.length;
  KEYWORD_WORDS[at] = [...(KEYWORD_WORDS[at] ?? []), word];
  KEYWORD_KINDS[at] = [...(KEYWORD_KINDS[at] ?? []), kind];
}

/** The kind of the plain ASCII word text[start, end): its keyword's kind, or Identifier. */
export function keywordKind(text: string, start: number, end: number): Kind {
  const length = end - start;
  const first = text.charCodeAt(start);
  if (length < 2 || length > 10 || first < C.LowerA || first > C.LowerZ) return K.Identifier;
  const at = (first - C.LowerA) * KEYWORD_SPAN + length;
  const words = KEYWORD_WORDS[at];
  if (words !== undefined) {
    const kinds = KEYWORD_KINDS[at]!;
    for (let k = 0; k < words.length; k++) if (text.startsWith(words[k]!, start)) return kinds[k]!;
  }
  return K.Identifier;
}

/** Character codes by name. */
export enum C {
  Tab = 9,
  LineFeed = 10,
  VerticalTab = 11,
  FormFeed = 12,
  CarriageReturn = 13,
  Space = 32,
  Exclamation = 33,
  DoubleQuote = 34,
  Hash = 35,
  Dollar = 36,
  Percent = 37,
  Ampersand = 38,
  SingleQuote = 39,
  OpenParen = 40,
  CloseParen = 41,
  Asterisk = 42,
  Plus = 43,
  Comma = 44,
  Minus = 45,
  Dot = 46,
  Slash = 47,
  Zero = 48,
  Seven = 55,
  Nine = 57,
  Colon = 58,
  Semicolon = 59,
  LessThan = 60,
  Equals = 61,
  GreaterThan = 62,
  Question = 63,
  At = 64,
  UpperA = 65,
  UpperZ = 90,
  OpenBracket = 91,
  Backslash = 92,
  CloseBracket = 93,
  Caret = 94,
  Underscore = 95,
  Backtick = 96,
  LowerA = 97,
  LowerZ = 122,
  OpenBrace = 123,
  Bar = 124,
  CloseBrace = 125,
  Tilde = 126,
  LineSeparator = 0x2028,
  ParagraphSeparator = 0x2029,
}

/**
 * The end of a string opened by `quote` at `start`; an unterminated one
 * stops before its CR or LF (U+2028 and U+2029 are string text since ES2019,
 * as TypeScript's scanner reads them). Shared by the lexer and the skim;
 * `escapes.seen` is set when the string holds a backslash (its value then needs cooking).
 */
export function stringEnd(text: string, start: number, quote: number, escapes?: { seen: boolean }): number {
  const end = text.length;
  let pos = start + 1;
  while (pos < end) {
    const c = text.charCodeAt(pos);
    if (c === quote) return pos + 1;
    if (c === C.Backslash) {
      if (escapes) escapes.seen = true;
      pos += text.charCodeAt(pos + 1) === C.CarriageReturn && text.charCodeAt(pos + 2) === C.LineFeed ? 3 : 2;
      continue;
    }
    // @implements scanner#STRINGS-END-AT-CR-LF
    if (c === C.LineFeed || c === C.CarriageReturn) return pos;
    pos++;
  }
  return end;
}

/** Where the line holding `pos` ends: at its line break, or the text's end (one native search where `\n` is the only break). */
export function lineEnd(text: string, pos: number, lineFeedsOnly: boolean): number {
  if (lineFeedsOnly) {
    const feed = text.indexOf('\n', pos);
    return feed === -1 ? text.length : feed;
  }
  let i = pos;
  while (i < text.length && !isLineBreak(text.charCodeAt(i))) i++;
  return i;
}

/** The line breaks of ECMAScript (and of TypeScript's scanner). */
export function isLineBreak(c: number): boolean {
  return c === C.LineFeed || c === C.CarriageReturn || c === C.LineSeparator || c === C.ParagraphSeparator;
}

/** Single-line white space as TypeScript's scanner knows it (beyond ASCII: NBSP, the Zs spaces, BOM). */
function isSpace(c: number): boolean {
  return (
    c === C.Space ||
    c === C.Tab ||
    c === C.VerticalTab ||
    c === C.FormFeed ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff ||
    c === 0x85
  );
}

function isAsciiWordChar(c: number): boolean {
  return (
    (c >= C.LowerA && c <= C.LowerZ) ||
    (c >= C.UpperA && c <= C.UpperZ) ||
    (c >= C.Zero && c <= C.Nine) ||
    c === C.Underscore ||
    c === C.Dollar
  );
}

const ID_START = /[\p{ID_Start}]/u;
const ID_CONTINUE = /[\p{ID_Continue}]/u;

/** Beyond ASCII, identifiers take Unicode's ID_Start and ID_Continue characters (astral ones too). */
function isIdStart(codePoint: number): boolean {
  return ID_START.test(String.fromCodePoint(codePoint));
}

function isIdContinue(codePoint: number): boolean {
  return ID_CONTINUE.test(String.fromCodePoint(codePoint));
}

/** UTF-16 units of the code point. */
function unitsOf(codePoint: number): number {
  return codePoint > 0xffff ? 2 : 1;
}

function isDigit(c: number): boolean {
  return c >= C.Zero && c <= C.Nine;
}

const MERGE_CONFLICT_MARKER_LENGTH = 7;

/** Where a lexer stood: position, current token and what came before it. */
type LexerMark = [number, number, number, boolean, Kind, Kind, boolean];

/** Searches for a regular expression's end longer than this are remembered (regExpBody). */
const REGEXP_MEMO_AFTER = 64;

/** The most tokens a type-argument list may hold before `<` is taken for less-than. */
const TYPE_ARGUMENTS_SPAN = 256;

// @implements scanner#OWN-TOKENIZER
// @implements scanner#SAME-TOKENS-AS-TYPESCRIPT
export class Lexer {
  private text = '';
  private end = 0;
  private pos = 0;
  /** Where the current token starts and ends. */
  tokenStart = 0;
  tokenEnd = 0;
  /** Whether a line break stands between the previous token (comments included) and this one. */
  newline = false;
  private kind: Kind = K.EndOfFile;
  /** The last token that was not a comment: a word after `.` or `?.` is a property name. */
  private lastSignificant: Kind = K.EndOfFile;
  private hasEscape = false;
  /** Told by `stringEnd` whether the string it read held a backslash. */
  private readonly escapes = { seen: false };
  /** Whether `\n` is the text's only line break, so a line's end is one native search away. */
  private onlyLineFeeds = true;
  /** Outcomes of long regular-expression searches by place and state (regExpBody); made on first need. */
  private regExpMemo: Int32Array | undefined;

  /** Starts on `text`; `lineFeedsOnly` when the caller already knows whether `\n` is its only line break. */
  setText(text: string, lineFeedsOnly = !hasOtherLineBreak(text, true)): void {
    this.text = text;
    this.end = text.length;
    this.pos = 0;
    this.tokenStart = 0;
    this.tokenEnd = 0;
    this.newline = false;
    this.kind = K.EndOfFile;
    this.lastSignificant = K.EndOfFile;
    this.regExpMemo = undefined;
    this.onlyLineFeeds = lineFeedsOnly;
  }

  /** Where the line holding `pos` ends (at its line break, or the text's end). */
  private lineEnd(pos: number): number {
    return lineEnd(this.text, pos, this.onlyLineFeeds);
  }

  /** The current token's source text. */
  tokenText(): string {
    return this.text.slice(this.tokenStart, this.tokenEnd);
  }

  /** A string's or template piece's value, escapes applied; any other token's text. */
  tokenValue(): string {
    const text = this.text;
    const start = this.tokenStart;
    const end = this.tokenEnd;
    const first = text.charCodeAt(start);
    if (first === C.DoubleQuote || first === C.SingleQuote) {
      const closed = end - start >= 2 && text.charCodeAt(end - 1) === first;
      const body = text.slice(start + 1, closed ? end - 1 : end);
      return this.hasEscape ? cook(body, false) : body;
    }
    if (first === C.Backtick || first === C.CloseBrace) {
      const last = text.charCodeAt(end - 1);
      let bodyEnd = end;
      if (this.kind === K.TemplateHead || this.kind === K.TemplateMiddle) bodyEnd = end - 2;
      else if (last === C.Backtick && end - start >= 2) bodyEnd = end - 1;
      let body = text.slice(start + 1, bodyEnd);
      // Template values read every line break as \n.
      if (body.includes('\r')) body = body.replace(/\r\n?/g, '\n');
      return this.hasEscape ? cook(body, true) : body;
    }
    return this.tokenText();
  }

  /**
   * With the current token a `<`, skips a type-argument list if one stands
   * here and a `(` follows it (`it.each<[string, number]>(rows)`), as
   * TypeScript's parser reads `f<T>(x)` as a call with type arguments: the
   * next `scan` returns that `(`. Otherwise nothing moves and false is
   * returned. Bounded: a list that does not close within TYPE_ARGUMENTS_SPAN
   * tokens, or holds a `;`, `=` or template, is not taken for one.
   */
  skipTypeArguments(): boolean {
    const mark = this.mark();
    let depth = 1;
    for (let n = 0; n < TYPE_ARGUMENTS_SPAN && depth > 0; n++) {
      const kind = this.scan();
      if (kind === K.LessThan) depth++;
      else if (kind === K.Operator && this.text.charCodeAt(this.tokenStart) === C.GreaterThan) depth--;
      else if (kind === K.EndOfFile || kind === K.Semicolon || kind === K.Equals || kind === K.TemplateHead)
        break;
    }
    if (depth === 0) {
      const closed = this.mark();
      if (this.scan() === K.OpenParen) {
        this.restore(closed);
        return true;
      }
    }
    this.restore(mark);
    return false;
  }

  private mark(): LexerMark {
    return [
      this.pos,
      this.tokenStart,
      this.tokenEnd,
      this.newline,
      this.kind,
      this.lastSignificant,
      this.hasEscape,
    ];
  }

  private restore(mark: LexerMark): void {
    [
      this.pos,
      this.tokenStart,
      this.tokenEnd,
      this.newline,
      this.kind,
      this.lastSignificant,
      this.hasEscape,
    ] = mark;
  }

  /**
   * Moves to `pos` with nothing scanned yet, `lastSignificant` the token
   * before it (a word after `.` is a property name): the skim hands a token
   * it does not read itself to `scan`, and the walk jumps over a region.
   */
  seek(pos: number, lastSignificant: Kind): void {
    this.pos = pos;
    this.tokenStart = pos;
    this.tokenEnd = pos;
    this.lastSignificant = lastSignificant;
  }

  /** Whether `\n` is the text's only line break (setText looked). */
  get lineFeedsOnly(): boolean {
    return this.onlyLineFeeds;
  }

  /** Moves on to `pos` as if a token of `kind` ended there (a literal the parser found). */
  resetTo(pos: number, kind: Kind): void {
    this.pos = pos;
    this.tokenEnd = pos;
    this.kind = kind;
    this.lastSignificant = kind;
    this.hasEscape = this.text.slice(this.tokenStart, pos).includes('\\');
  }

  scan(): Kind {
    const text = this.text;
    const end = this.end;
    let pos = this.pos;
    let newline = false;
    let c = 0;
    for (;;) {
      if (pos >= end) {
        this.tokenStart = pos;
        this.tokenEnd = pos;
        this.newline = newline;
        this.kind = K.EndOfFile;
        return K.EndOfFile;
      }
      c = text.charCodeAt(pos);
      if (c === C.Space || c === C.Tab) {
        pos++;
        continue;
      }
      if (c === C.LineFeed || c === C.CarriageReturn) {
        newline = true;
        pos++;
        continue;
      }
      if (c >= 0x80 || c === C.VerticalTab || c === C.FormFeed) {
        if (isSpace(c)) {
          pos++;
          continue;
        }
        if (c === C.LineSeparator || c === C.ParagraphSeparator) {
          newline = true;
          pos++;
          continue;
        }
      }
      if (
        (c === C.LessThan || c === C.Equals || c === C.GreaterThan || c === C.Bar) &&
        isConflictMarker(text, pos)
      ) {
        pos = skipConflictMarker(text, pos);
        continue;
      }
      if (c === C.Hash && pos === 0 && text.charCodeAt(1) === C.Exclamation) {
        while (pos < end && !isLineBreak(text.charCodeAt(pos))) pos++;
        continue;
      }
      break;
    }
    this.tokenStart = pos;
    this.newline = newline;
    this.hasEscape = false;
    const kind = this.token(c, pos);
    this.kind = kind;
    if (kind !== K.SingleLineComment && kind !== K.MultiLineComment) this.lastSignificant = kind;
    return kind;
  }

  /** Scans the token starting with `c` at `start`; sets pos and tokenEnd. */
  private token(c: number, start: number): Kind {
    const text = this.text;
    const end = this.end;
    const next = text.charCodeAt(start + 1);
    let pos = start + 1;
    let kind: Kind;
    switch (c) {
      case C.OpenBrace:
        kind = K.OpenBrace;
        break;
      case C.CloseBrace:
        kind = K.CloseBrace;
        break;
      case C.OpenParen:
        kind = K.OpenParen;
        break;
      case C.CloseParen:
        kind = K.CloseParen;
        break;
      case C.OpenBracket:
        kind = K.OpenBracket;
        break;
      case C.CloseBracket:
        kind = K.CloseBracket;
        break;
      case C.Semicolon:
        kind = K.Semicolon;
        break;
      case C.Comma:
        kind = K.Comma;
        break;
      case C.Colon:
        kind = K.Colon;
        break;
      case C.Tilde:
      case C.At:
        kind = K.Operator;
        break;
      case C.DoubleQuote:
      case C.SingleQuote:
        pos = this.stringEnd(start, c);
        kind = K.StringLiteral;
        break;
      case C.Backtick:
        return this.template(start);
      case C.Slash:
        if (next === C.Slash) {
          pos = this.lineEnd(start + 2);
          kind = K.SingleLineComment;
        } else if (next === C.Asterisk) {
          const close = text.indexOf('*/', start + 2);
          pos = close === -1 ? end : close + 2;
          kind = K.MultiLineComment;
        } else if (next === C.Equals) {
          pos = start + 2;
          kind = K.SlashEquals;
        } else kind = K.Slash;
        break;
      case C.Dot:
        if (isDigit(next)) {
          pos = this.numberEnd(start);
          kind = K.NumericLiteral;
        } else {
          if (next === C.Dot && text.charCodeAt(start + 2) === C.Dot) pos = start + 3;
          kind = pos === start + 1 ? K.Dot : K.Operator;
        }
        break;
      case C.Question:
        if (next === C.Dot && !isDigit(text.charCodeAt(start + 2))) {
          pos = start + 2;
          kind = K.QuestionDot;
        } else if (next === C.Question) {
          pos = text.charCodeAt(start + 2) === C.Equals ? start + 3 : start + 2;
          kind = K.Operator;
        } else kind = K.Question;
        break;
      case C.Exclamation:
        if (next === C.Equals) {
          pos = text.charCodeAt(start + 2) === C.Equals ? start + 3 : start + 2;
          kind = K.Operator;
        } else kind = K.Exclamation;
        break;
      case C.Equals:
        if (next === C.Equals) {
          pos = text.charCodeAt(start + 2) === C.Equals ? start + 3 : start + 2;
          kind = K.Operator;
        } else if (next === C.GreaterThan) {
          pos = start + 2;
          kind = K.EqualsGreaterThan;
        } else kind = K.Equals;
        break;
      case C.LessThan:
        if (next === C.LessThan) {
          pos = text.charCodeAt(start + 2) === C.Equals ? start + 3 : start + 2;
          kind = K.Operator;
        } else if (next === C.Equals) {
          pos = start + 2;
          kind = K.Operator;
        } else kind = K.LessThan;
        break;
      case C.GreaterThan:
        // As in TypeScript's scanner: `>` alone; the parser joins `>>` and `>=` (they never matter here).
        kind = K.Operator;
        break;
      case C.Plus:
      case C.Minus:
        if (next === c) {
          pos = start + 2;
          kind = c === C.Plus ? K.PlusPlus : K.MinusMinus;
        } else {
          if (next === C.Equals) pos = start + 2;
          kind = K.Operator;
        }
        break;
      case C.Asterisk:
        if (next === C.Asterisk) {
          pos = text.charCodeAt(start + 2) === C.Equals ? start + 3 : start + 2;
          kind = K.Operator;
        } else if (next === C.Equals) {
          pos = start + 2;
          kind = K.Operator;
        } else kind = K.Asterisk;
        break;
      case C.Ampersand:
      case C.Bar:
        if (next === c) pos = text.charCodeAt(start + 2) === C.Equals ? start + 3 : start + 2;
        else if (next === C.Equals) pos = start + 2;
        kind = K.Operator;
        break;
      case C.Percent:
      case C.Caret:
        if (next === C.Equals) pos = start + 2;
        kind = K.Operator;
        break;
      case C.Hash:
        // As TypeScript: `#!` past the start is unknown; any other `#` is a private name, empty when no word follows.
        if (next === C.Exclamation) kind = K.Unknown;
        else {
          const escaped = next === C.Backslash ? this.escapeLength(start + 1, true) : 0;
          if (escaped > 0) pos = this.wordEnd(start + 1 + escaped);
          else if (isAsciiWordStart(next) || (next >= 0x80 && isIdStart(text.codePointAt(start + 1)!)))
            pos = this.wordEnd(start + 1);
          kind = K.PrivateIdentifier;
        }
        break;
      default:
        if (isDigit(c)) {
          pos = this.numberEnd(start);
          kind = K.NumericLiteral;
        } else if (isAsciiWordStart(c)) {
          pos = this.wordEnd(start);
          kind = this.wordKind(start, pos);
        } else if (c === C.Backslash) {
          const escaped = this.escapeLength(start, true);
          if (escaped === 0) {
            // A backslash that starts no valid escape of an identifier's first character.
            pos = start + 1;
            kind = K.Unknown;
          } else {
            pos = this.wordEnd(start + escaped);
            kind = K.Identifier;
          }
        } else if (c >= 0x80 && isIdStart(text.codePointAt(start)!)) {
          pos = this.wordEnd(start);
          kind = K.Identifier;
        } else {
          // As TypeScript: one unknown character (both halves of an astral one).
          pos = start + (c >= 0xd800 && c <= 0xdbff ? unitsOf(text.codePointAt(start)!) : 1);
          kind = K.Unknown;
        }
    }
    this.pos = pos;
    this.tokenEnd = pos;
    return kind;
  }

  // @implements scanner#PROPERTY-NAMES-ARE-WORDS
  private wordKind(start: number, pos: number): Kind {
    if (this.lastSignificant === K.Dot || this.lastSignificant === K.QuestionDot) return K.Identifier;
    return keywordKind(this.text, start, pos);
  }

  /**
   * The end of an identifier from `pos`, `\u` escapes included: as in
   * TypeScript's scanner, an escape that is malformed or names no identifier
   * character ends the identifier before its backslash.
   */
  // @implements scanner#INVALID-ESCAPE-ENDS-IDENTIFIER
  private wordEnd(pos: number): number {
    const text = this.text;
    const end = this.end;
    while (pos < end) {
      const c = text.charCodeAt(pos);
      if (isAsciiWordChar(c)) pos++;
      else if (c === C.Backslash) {
        const escaped = this.escapeLength(pos, false);
        if (escaped === 0) break;
        pos += escaped;
      } else if (c >= 0x80) {
        const codePoint = text.codePointAt(pos)!;
        if (!isIdContinue(codePoint)) break;
        pos += unitsOf(codePoint);
      } else break;
    }
    return pos;
  }

  /**
   * The length of the `\u` escape at `pos` (`\uXXXX` or `\u{X…}`, its `}`
   * optional as TypeScript recovers) when it names an identifier's first
   * (`first`) or later character; 0 when it does not.
   */
  private escapeLength(pos: number, first: boolean): number {
    const text = this.text;
    if (text.charCodeAt(pos + 1) !== 117 /* u */) return 0;
    let value = 0;
    let length = 0;
    if (text.charCodeAt(pos + 2) === C.OpenBrace) {
      let p = pos + 3;
      while (hexValue(text.charCodeAt(p)) >= 0 && value <= 0x10ffff)
        value = value * 16 + hexValue(text.charCodeAt(p++));
      if (p > pos + 3) {
        while (hexValue(text.charCodeAt(p)) >= 0) p++;
        length = (text.charCodeAt(p) === C.CloseBrace ? p + 1 : p) - pos;
      }
    }
    if (length === 0) {
      if (pos + 5 >= this.end) return 0;
      value = 0;
      for (let i = 2; i < 6; i++) {
        const digit = hexValue(text.charCodeAt(pos + i));
        if (digit < 0) return 0;
        value = value * 16 + digit;
      }
      length = 6;
    }
    if (value > 0x10ffff) return 0;
    if (value < 0x80) return (first ? isAsciiWordStart(value) : isAsciiWordChar(value)) ? length : 0;
    return (first ? isIdStart(value) : isIdContinue(value)) ? length : 0;
  }

  /** The end of a number literal from `start` (decimal, hex/octal/binary, separators, exponent, bigint suffix). */
  private numberEnd(start: number): number {
    const text = this.text;
    const end = this.end;
    let pos = start;
    const radix = text.charCodeAt(start + 1) | 0x20;
    if (text.charCodeAt(start) === C.Zero && (radix === 120 || radix === 98 || radix === 111)) {
      pos = start + 2;
      while (pos < end && isAsciiWordChar(text.charCodeAt(pos))) pos++;
      return pos;
    }
    while (pos < end && (isDigit(text.charCodeAt(pos)) || text.charCodeAt(pos) === C.Underscore)) pos++;
    if (text.charCodeAt(pos) === C.Dot) {
      pos++;
      while (pos < end && (isDigit(text.charCodeAt(pos)) || text.charCodeAt(pos) === C.Underscore)) pos++;
    }
    if ((text.charCodeAt(pos) | 0x20) === 101 /* e */) {
      const sign = text.charCodeAt(pos + 1);
      const digitAt = sign === C.Plus || sign === C.Minus ? pos + 2 : pos + 1;
      if (isDigit(text.charCodeAt(digitAt))) {
        pos = digitAt;
        while (pos < end && (isDigit(text.charCodeAt(pos)) || text.charCodeAt(pos) === C.Underscore)) pos++;
      }
    }
    if (text.charCodeAt(pos) === 110 /* n */) pos++;
    return pos;
  }

  /**
   * The end of a string opened by `quote` at `start`; an unterminated one
   * stops before its CR or LF (U+2028 and U+2029 are string text since ES2019,
   * as TypeScript's scanner reads them).
   */
  private stringEnd(start: number, quote: number): number {
    this.escapes.seen = false;
    const end = stringEnd(this.text, start, quote, this.escapes);
    if (this.escapes.seen) this.hasEscape = true;
    return end;
  }

  /** A template piece from the `` ` `` or `}` at `start`. */
  private template(start: number): Kind {
    const text = this.text;
    const end = this.end;
    const fromBacktick = text.charCodeAt(start) === C.Backtick;
    let pos = start + 1;
    let kind: Kind = fromBacktick ? K.NoSubstitutionTemplate : K.TemplateTail;
    while (pos < end) {
      const c = text.charCodeAt(pos);
      if (c === C.Backtick) {
        pos++;
        break;
      }
      if (c === C.Dollar && text.charCodeAt(pos + 1) === C.OpenBrace) {
        pos += 2;
        kind = fromBacktick ? K.TemplateHead : K.TemplateMiddle;
        break;
      }
      if (c === C.Backslash) {
        this.hasEscape = true;
        pos += 2;
        continue;
      }
      pos++;
    }
    if (pos > end) pos = end;
    this.pos = pos;
    this.tokenEnd = pos;
    this.kind = kind;
    this.lastSignificant = kind;
    return kind;
  }

  /** Reads the current `/` or `/=` token again as a regular expression literal. */
  reScanSlash(): Kind {
    const text = this.text;
    const end = this.end;
    const outcome = this.regExpBody(this.tokenStart + 1);
    let pos: number;
    if (outcome > 0) {
      pos = outcome;
      while (pos < end && isAsciiWordChar(text.charCodeAt(pos))) pos++;
    } else pos = this.unterminatedRegExpEnd(-outcome - 1);
    this.pos = pos;
    this.tokenEnd = pos;
    this.kind = K.RegularExpression;
    this.lastSignificant = K.RegularExpression;
    return K.RegularExpression;
  }

  /**
   * Where the body of a regular expression from `from` ends: past its
   * closing `/` (a positive position), or, unterminated, at its line break
   * (-(position + 1)). A long search remembers its outcome at every place
   * and state it passed (in a class or not, after a backslash or not), so a
   * later search that reaches one of them stops there: a line of many
   * unterminated expressions (`(/a)[` repeated) costs its length, not its
   * square.
   */
  // @implements scanner#LINEAR-PATHS
  private regExpBody(from: number): number {
    const text = this.text;
    const end = this.end;
    const memo = this.regExpMemo;
    let pos = from;
    let inEscape = false;
    let inClass = false;
    let outcome = 0;
    for (; pos < end; pos++) {
      if (memo !== undefined) {
        const known = memo[pos * 4 + (inClass ? 2 : 0) + (inEscape ? 1 : 0)]!;
        if (known !== 0) {
          outcome = known;
          break;
        }
      }
      const c = text.charCodeAt(pos);
      if (isLineBreak(c)) break;
      if (inEscape) inEscape = false;
      else if (c === C.Slash && !inClass) {
        outcome = pos + 1;
        break;
      } else if (c === C.OpenBracket) inClass = true;
      else if (c === C.Backslash) inEscape = true;
      else if (c === C.CloseBracket) inClass = false;
    }
    if (outcome === 0) outcome = -(pos + 1);
    if (pos - from > REGEXP_MEMO_AFTER) this.remember(from, pos, outcome);
    return outcome;
  }

  /** Records `outcome` for every place and state a search from `from` passed before `stop`. */
  private remember(from: number, stop: number, outcome: number): void {
    const text = this.text;
    if (this.regExpMemo === undefined) this.regExpMemo = new Int32Array((this.end + 1) * 4);
    const memo = this.regExpMemo;
    let inEscape = false;
    let inClass = false;
    for (let pos = from; pos < stop; pos++) {
      memo[pos * 4 + (inClass ? 2 : 0) + (inEscape ? 1 : 0)] = outcome;
      const c = text.charCodeAt(pos);
      if (inEscape) inEscape = false;
      else if (c === C.OpenBracket) inClass = true;
      else if (c === C.Backslash) inEscape = true;
      else if (c === C.CloseBracket) inClass = false;
    }
  }

  /**
   * Where an unterminated regular expression ends, as TypeScript recovers:
   * at its first unbalanced `)`, `]` or `}` (brackets of character classes,
   * groups and `{n,m}` quantifiers balance), less trailing space and `;`.
   */
  private unterminatedRegExpEnd(bodyEnd: number): number {
    const text = this.text;
    let pos = this.tokenStart + 1;
    let inEscape = false;
    let classDepth = 0;
    let inQuantifier = false;
    let groupDepth = 0;
    for (; pos < bodyEnd; pos++) {
      const c = text.charCodeAt(pos);
      if (inEscape) inEscape = false;
      else if (c === C.Backslash) inEscape = true;
      else if (c === C.OpenBracket) classDepth++;
      else if (c === C.CloseBracket && classDepth > 0) classDepth--;
      else if (classDepth === 0) {
        if (c === C.OpenBrace) inQuantifier = true;
        else if (c === C.CloseBrace && inQuantifier) inQuantifier = false;
        else if (!inQuantifier) {
          if (c === C.OpenParen) groupDepth++;
          else if (c === C.CloseParen && groupDepth > 0) groupDepth--;
          else if (c === C.CloseParen || c === C.CloseBracket || c === C.CloseBrace) break;
        }
      }
    }
    for (;;) {
      const before = text.charCodeAt(pos - 1);
      if (!(isSpace(before) || isLineBreak(before) || before === C.Semicolon)) return pos;
      pos--;
    }
  }

  /** Reads the current `}` again as the rest of a template: a middle piece or its tail. */
  reScanTemplate(): Kind {
    this.hasEscape = false;
    return this.template(this.tokenStart);
  }
}

function hexValue(c: number): number {
  if (c >= C.Zero && c <= C.Nine) return c - C.Zero;
  const lower = c | 0x20;
  return lower >= C.LowerA && lower <= 102 ? lower - C.LowerA + 10 : -1;
}

function isAsciiWordStart(c: number): boolean {
  return (
    (c >= C.LowerA && c <= C.LowerZ) ||
    (c >= C.UpperA && c <= C.UpperZ) ||
    c === C.Underscore ||
    c === C.Dollar
  );
}

/** A merge conflict marker: seven of `<`, `=`, `>` or `|` at a line's start (then a space, but for `=`). */
function isConflictMarker(text: string, pos: number): boolean {
  if (pos > 0 && !isLineBreak(text.charCodeAt(pos - 1))) return false;
  const c = text.charCodeAt(pos);
  if (pos + MERGE_CONFLICT_MARKER_LENGTH > text.length) return false;
  for (let i = 1; i < MERGE_CONFLICT_MARKER_LENGTH; i++) if (text.charCodeAt(pos + i) !== c) return false;
  return c === C.Equals || text.charCodeAt(pos + MERGE_CONFLICT_MARKER_LENGTH) === C.Space;
}

/**
 * Past a conflict marker, as TypeScript's scanner skips it: `<<<<<<<` and
 * `>>>>>>>` to the end of their line; `|||||||` and `=======` up to the next
 * marker that may follow them (`=======` or `>>>>>>>`).
 */
function skipConflictMarker(text: string, pos: number): number {
  const c = text.charCodeAt(pos);
  const end = text.length;
  if (c === C.LessThan || c === C.GreaterThan) {
    while (pos < end && !isLineBreak(text.charCodeAt(pos))) pos++;
    return pos;
  }
  pos += MERGE_CONFLICT_MARKER_LENGTH;
  while (pos < end) {
    const here = text.charCodeAt(pos);
    if ((here === C.Equals || here === C.GreaterThan) && here !== c && isConflictMarker(text, pos)) break;
    pos++;
  }
  return pos;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  b: '\b',
  t: '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
};

const ESCAPE =
  /\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|([0-3][0-7]{0,2}|[4-7][0-7]?)|([89])|([xu])|(\r\n|[\r\n\u2028\u2029])|([\s\S]))/g;

/**
 * A string or template body with its escape sequences applied, as
 * TypeScript's scanner gives its value: line continuations vanish, a
 * malformed `\x`/`\u` keeps its backslash, and a template keeps the raw text
 * of the escapes it may not hold (octal, `\8`, `\9`, a code point past U+10FFFF).
 */
function cook(body: string, template: boolean): string {
  return body.replace(
    ESCAPE,
    (whole, codePoint, unit, byte, octal, eightOrNine, malformed, _continuation, other, offset: number) => {
      if (codePoint !== undefined) {
        const value = Number.parseInt(codePoint, 16);
        return value <= 0x10ffff ? String.fromCodePoint(value) : whole;
      }
      if (unit !== undefined) return String.fromCharCode(Number.parseInt(unit, 16));
      if (byte !== undefined) return String.fromCharCode(Number.parseInt(byte, 16));
      if (octal !== undefined) {
        if (!template) return String.fromCharCode(Number.parseInt(octal, 8));
        // A template allows `\0` only when no digit follows.
        const next = body.charCodeAt(offset + whole.length);
        return octal === '0' && !isDigit(next) ? '\0' : whole;
      }
      if (eightOrNine !== undefined) return template ? whole : eightOrNine;
      if (malformed !== undefined) return whole;
      if (other !== undefined) return SIMPLE_ESCAPES[other] ?? other;
      return '';
    },
  );
}
