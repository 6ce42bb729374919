/**
 * The lexical grammar a language unit declares (its comments and its string
 * forms) and the one reader that finds a file's comments from it. A string
 * form may hold code (`${…}` in Kotlin, `\(…)` in Swift), read again by the
 * same grammar, so a comment or string inside an interpolation is one too.
 */

/** A comment found in a file: where it starts and its text, delimiters included. */
export interface Span {
  start: number;
  text: string;
}

export interface LineComment {
  /** `//`, `#`. */
  open: string;
  /** Only where a word starts (shell: `a#b` is one word, `$#` a parameter). */
  atWordStart?: boolean;
  /** A backslash before the line break continues the comment on the next line (C's line splicing). */
  continues?: boolean;
}

export interface BlockComment {
  open: string;
  close: string;
  /** `/* /* *\/ *\/` is one comment (Rust, Kotlin, Swift, Scala). */
  nests?: boolean;
  /** Only when the opener starts a line (Ruby's `=begin`). */
  atLineStart?: boolean;
}

/** What a string's body reads until it closes. */
export interface StringBody {
  close: string;
  /** The escape sequence's lead (`\`, Swift's `\#`); it and the next character are text. */
  escape?: string;
  /** Sequences that are text whatever follows (`""` in a C# verbatim string, `{{` or `$$` where `{`/`$` opens code). */
  literal?: readonly string[];
  /** Code inside the string, from `open` to the matching `close` (`${` … `}`). */
  holes?: readonly { open: string; close: string }[];
  /** An unescaped line break ends the string (unterminated): one-line forms. */
  oneLine?: boolean;
  /** A run of closing quotes longer than `close` closes at its end (Kotlin's and Scala's `""""`). */
  greedyClose?: boolean;
}

export interface StringForm {
  /** How the docs show the form: '`"""…"""`'. */
  shows: string;
  /** The characters its opener may start with: only these are tried against `open`. */
  first: string;
  /** The opening delimiter, matched where it stands (sticky). */
  open: RegExp;
  /** The body's rules, from the opener's match (Swift's `#"…"#` closes with as many `#`). */
  body?: StringBody | ((open: RegExpExecArray) => StringBody);
  /** The opener does not continue a word (`r"…"` but not `bar"…"`). */
  wordStart?: boolean;
}

/** What a language's lexical grammar says about comments and text. */
export interface Grammar {
  lineComments: readonly LineComment[];
  blockComments: readonly BlockComment[];
  /** Tried in order where a token may start: the longest openers first. */
  strings: readonly StringForm[];
}

const WORD = /[\p{L}\p{N}_$]/u;

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && WORD.test(c);
}

/** Brackets code counts inside a hole, so the hole's `}` or `)` is the one that closes it. */
const OPENER_OF: Record<string, string> = { '}': '{', ')': '(', ']': '[' };

/**
 * The comments of `text` as `grammar` reads them.
 */
// @implements scanner#LANGUAGE-UNITS
// @implements scanner#OTHER-LANGUAGE-STRINGS
export function commentSpans(text: string, grammar: Grammar): Span[] {
  const spans: Span[] = [];
  new Reader(text, grammar, spans).code(0);
  return spans;
}

class Reader {
  readonly n: number;
  /** First characters of the string forms' openers. */
  readonly stringStarts = new Set<string>();
  /** First characters that may start a comment or a string: anything else is stepped over at once. */
  readonly starts: Set<string>;
  constructor(
    readonly text: string,
    readonly grammar: Grammar,
    readonly spans: Span[],
  ) {
    this.n = text.length;
    this.starts = new Set<string>();
    for (const c of grammar.lineComments) this.starts.add(c.open[0]!);
    for (const c of grammar.blockComments) this.starts.add(c.open[0]!);
    for (const f of grammar.strings) for (const c of f.first) this.stringStarts.add(c);
  }

  /**
   * Reads code from `i`; inside a hole, until its `until` at bracket depth
   * 0, returning the offset after it (or the text's end).
   */
  code(i: number, until?: string): number {
    const { text, n } = this;
    const opener = until === undefined ? undefined : OPENER_OF[until];
    let depth = 0;
    while (i < n) {
      const c = text[i]!;
      if (until !== undefined) {
        if (c === until && depth === 0 && text.startsWith(until, i)) return i + until.length;
        if (c === opener) depth++;
        else if (c === until[0]) depth--;
      }
      const next = this.token(i);
      i = next ?? i + 1;
    }
    return n;
  }

  /** Reads a comment or a string starting at `i`; undefined when none starts there. */
  token(i: number): number | undefined {
    const { text } = this;
    const c = text[i]!;
    if (this.starts.has(c)) {
      for (const block of this.grammar.blockComments) {
        if (!text.startsWith(block.open, i)) continue;
        if (block.atLineStart && i > 0 && text[i - 1] !== '\n') continue;
        const end = block.nests ? nestedEnd(text, i, block) : flatEnd(text, i, block);
        this.spans.push({ start: i, text: text.slice(i, end) });
        return end;
      }
      for (const line of this.grammar.lineComments) {
        if (!text.startsWith(line.open, i)) continue;
        if (line.atWordStart && i > 0 && !/[\s;&|()]/.test(text[i - 1]!)) continue;
        const end = lineEnd(text, i, line.continues === true);
        this.spans.push({ start: i, text: text.slice(i, end) });
        return end;
      }
    }
    if (!this.stringStarts.has(c)) return undefined;
    for (const form of this.grammar.strings) {
      if (!form.first.includes(c)) continue;
      if (form.wordStart && isWordChar(text[i - 1])) continue;
      form.open.lastIndex = i;
      const m = form.open.exec(text);
      if (!m) continue;
      const body = typeof form.body === 'function' ? form.body(m) : form.body;
      if (body === undefined) return i + m[0].length;
      return this.string(i + m[0].length, body);
    }
    return undefined;
  }

  /** Reads a string's body from `i`; the offset after its closing delimiter. */
  string(i: number, body: StringBody): number {
    const { text, n } = this;
    const close = body.close;
    while (i < n) {
      const c = text[i]!;
      const literal = body.literal?.find((l) => text.startsWith(l, i));
      if (literal !== undefined) {
        i += literal.length;
        continue;
      }
      const hole = body.holes?.find((h) => text.startsWith(h.open, i));
      if (hole !== undefined) {
        i = this.code(i + hole.open.length, hole.close);
        continue;
      }
      if (body.escape !== undefined && text.startsWith(body.escape, i)) {
        i += body.escape.length + 1;
        // `\` CR LF: the line break escaped is both characters.
        if (text[i - 1] === '\r' && text[i] === '\n') i++;
        continue;
      }
      if (c === close[0] && text.startsWith(close, i)) {
        let end = i + close.length;
        if (body.greedyClose) while (text[end] === close[close.length - 1]) end++;
        return end;
      }
      if (body.oneLine && (c === '\n' || c === '\r')) return i;
      i++;
    }
    return n;
  }
}

function flatEnd(text: string, start: number, block: BlockComment): number {
  const end = text.indexOf(block.close, start + block.open.length);
  return end === -1 ? text.length : end + block.close.length;
}

/** Where a nesting block comment from `start` ends: each opener inside needs its own closer. */
// @implements scanner#RUST-NESTED-COMMENTS
export function nestedEnd(text: string, start: number, block: BlockComment): number {
  let depth = 1;
  let i = start + block.open.length;
  while (i < text.length && depth > 0) {
    if (text.startsWith(block.open, i)) {
      depth++;
      i += block.open.length;
    } else if (text.startsWith(block.close, i)) {
      depth--;
      i += block.close.length;
    } else i++;
  }
  return i;
}

/** Where a line comment from `start` ends: at its line break (CR or LF), past escaped ones when they continue it. */
function lineEnd(text: string, start: number, continues: boolean): number {
  let i = start;
  for (;;) {
    let end = i;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    if (!continues || end >= text.length || text[end - 1] !== '\\') return end;
    i = text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : end + 1;
  }
}
