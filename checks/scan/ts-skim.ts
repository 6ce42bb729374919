/**
 * The skim: one pass over a TS/JS file that reads only what decides where
 * its comments, strings, templates, regular expressions and JSX are. It
 * keeps no declarations or test calls (the walk in typescript.ts does), so
 * it costs a fraction of the walk, and it tells the walk four things:
 * - whether a tag candidate stands in a comment at all: a file whose tags
 *   are all in strings or JSX text cites nothing and is never walked;
 * - which brace regions hold no tag candidate: the walk jumps over each,
 *   since nothing in one can be cited or bind a citation outside it;
 * - where the top-level statements end: the walk goes from one to the last
 *   before the next tag, since nothing waits across a statement's end;
 * - in a file with JSX (or a regular expression right after a block), where
 *   its literals are, JSX text and attribute strings included, so the walk
 *   reads it as TypeScript's parser does.
 * Where the tokens cannot tell (a `/` after a `}` that may close an object,
 * a `<` that may open type parameters in a type), it says so and
 * TypeScript's parser decides. Words, brackets and plain punctuation are
 * read here by the lexer's rules; every other token is the lexer's own
 * (ts-lexer.ts), so both passes read each `/`, quote and backtick alike.
 */
import { CONTEXTUAL_OPERATORS, SlashState } from './ts-grammar.ts';
import { C, isLineBreak, K, type Kind, keywordKind, Lexer, lineEnd, stringEnd } from './ts-lexer.ts';
import { TokenList, type Tokens } from './ts-token-list.ts';

/** A literal's place and kind: a string, template without holes, regular expression or JSX text (JSX text reads as a string). */
export interface SkimmedLiteral {
  start: number;
  end: number;
  kind: Kind;
  template: false;
}

/** What the skim found. Its arrays are reused by the next skim: read them before skimming again. */
export interface Skim {
  /** The tokens cannot tell a comment from a literal somewhere: TypeScript's parser must decide. */
  ambiguous: boolean;
  /** Some tag candidate stands inside a comment. */
  tagInComment: boolean;
  /**
   * The walk's own tokens would misread the file (JSX, or a regular
   * expression right after a block's `}`): it needs the skim's `literals`
   * (skim again with `wantLiterals`).
   */
  literalsNeeded: boolean;
  /** Every `{` the walk will see, in order: its offset, and its `}`'s when no candidate stands between them (else -1). */
  braceOpens: Int32Array;
  braceCloses: Int32Array;
  braces: number;
  /**
   * Where a statement of the file's top level ends, in order: each `;` and
   * `}` outside every bracket. After one the walk's state is the same
   * whatever came before, so it may go from one to the last before a tag.
   */
  statementEnds: Int32Array;
  statements: number;
  /** With `wantLiterals`: every literal, sorted by start. */
  literals: SkimmedLiteral[] | undefined;
  /** `\n` is the text's only line break (no CR, U+2028 or U+2029). */
  lineFeedsOnly: boolean;
  /**
   * Every significant token the skim read, as the lexer reads it but for
   * each `/`, read as the walk reads it; undefined where the skim stopped
   * early or read JSX (whose tokens are the parser's, not the lexer's).
   */
  tokens: Tokens | undefined;
}

// Entries of the skim's bracket stack. A brace, paren, bracket and template
// are the walk's frames too; JSX elements and their `{…}` are the skim's own.
const BRACE = 1;
const PAREN = 2;
const CONTROL_PAREN = 3;
const BRACKET = 4;
const TEMPLATE = 5;
/** `{…}` in JSX: an attribute's value, a spread, or a child expression. */
const JSX_EXPRESSION = 6;
/** Inside an opening tag, reading attributes. */
const JSX_TAG = 7;
/** Between an element's tags, reading its children. */
const JSX_CHILDREN = 8;
/**
 * A brace whose `}` ends a statement: a block (after `;`, `else`, `do`, a
 * control header or another block's start or end), a function
 * declaration's body or an arrow function's. A `/` after its `}` starts a
 * regular expression and a `<` JSX, as TypeScript's parser reads them.
 */
const BLOCK = 9;
/** The parameter list of a function declaration: the `{` right after it is a body that ends a statement. */
const DECLARATION_PAREN = 10;

function isJsxEntry(kind: number): boolean {
  return kind === JSX_EXPRESSION || kind === JSX_TAG || kind === JSX_CHILDREN;
}

/** ASCII characters by what they may be in a word: 2 starts one, 1 continues one. */
const WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c >= C.LowerA && c <= C.LowerZ) || (c >= C.UpperA && c <= C.UpperZ);
  if (letter || c === C.Underscore || c === C.Dollar) WORD[c] = 2;
  else if (c >= C.Zero && c <= C.Nine) WORD[c] = 1;
}

/**
 * Punctuation read here by the lexer's rules (ts-lexer.ts `token`): 1, or
 * 2 where seven of it at a line's start are a conflict marker the lexer skips.
 */
const OPERATOR = new Uint8Array(128);
for (const c of [C.Dot, C.Exclamation, C.Plus, C.Minus, C.Ampersand, C.Asterisk, C.Question]) OPERATOR[c] = 1;
for (const c of [C.Percent, C.Caret, C.Tilde, C.At]) OPERATOR[c] = 1;
for (const c of [C.Equals, C.Bar, C.GreaterThan]) OPERATOR[c] = 2;

function atLineStart(text: string, i: number): boolean {
  return i === 0 || isLineBreak(text.charCodeAt(i - 1));
}

/** A JSX name's characters beyond a word's: `-` (`data-x`), `:` (`xlink:href`) and `.` (`Foo.Bar`). */
function isJsxNameChar(c: number): boolean {
  return (c < 128 && WORD[c] !== 0) || c === C.Minus || c === C.Colon || c === C.Dot;
}

/** The skim's state and buffers, reused file after file by one scanner (typescript.ts). */
export class Skimmer {
  private readonly lexer = new Lexer();
  private text = '';
  private end = 0;
  private candidates: readonly number[] = [];
  /** The next candidate at or after the last brace event, and after the last comment. */
  private nextForBrace = 0;
  private nextForComment = 0;
  // The bracket stack, an entry a level: its kind (BRACE … DECLARATION_PAREN); a brace's slot in
  // `opens`/`closes`; its mark (a brace: the candidates before it; an element: whether its tag has
  // attributes); an element's name (start and end).
  private kinds = new Uint8Array(256);
  /** A brace opened right after `=>`: an arrow function's body, or a function type's object type. */
  private arrows = new Uint8Array(256);
  private slots = new Int32Array(256);
  private marks = new Int32Array(256);
  private names = new Int32Array(512);
  private depth = 0;
  private opens = new Int32Array(1024);
  private closes = new Int32Array(1024);
  private braces = 0;
  private ends = new Int32Array(1024);
  private statements = 0;
  private ambiguous = false;
  private tagInComment = false;
  private literalsNeeded = false;
  private literals: SkimmedLiteral[] | undefined;
  /** Where the JSX reader stopped: the JS loop goes on there. */
  private pos = 0;
  /** The tokens read (Skim.tokens), whole while no JSX was read. */
  private readonly tokens = new TokenList();
  private jsxRead = false;

  skim(text: string, jsxFile: boolean, candidates: readonly number[], wantLiterals: boolean): Skim {
    this.text = text;
    this.end = text.length;
    this.candidates = candidates;
    this.nextForBrace = 0;
    this.nextForComment = 0;
    this.depth = 0;
    this.braces = 0;
    this.statements = 0;
    this.ambiguous = false;
    this.tagInComment = false;
    this.literalsNeeded = false;
    this.literals = wantLiterals ? [] : undefined;
    this.tokens.clear();
    this.jsxRead = false;
    this.lexer.setText(text);
    this.run(jsxFile);
    return {
      ambiguous: this.ambiguous,
      tagInComment: this.tagInComment,
      literalsNeeded: this.literalsNeeded,
      braceOpens: this.opens,
      braceCloses: this.closes,
      braces: this.braces,
      statementEnds: this.ends,
      statements: this.statements,
      literals: this.literals,
      lineFeedsOnly: this.lexer.lineFeedsOnly,
      tokens: this.ambiguous || this.jsxRead ? undefined : this.tokens,
    };
  }

  // The JS loop's state between tokens: what the walk (typescript.ts) knows at the same place.
  /** Regex or division: the walk keeps the same state (ts-grammar.ts). */
  private readonly slash = new SlashState();
  /** A `!` right after `}` on its line: postfix or prefix? The grammar knows. */
  private bangAfterBrace = false;
  /** The last `)` closed a function declaration's parameters. */
  private closedDeclaration = false;
  /** The last token is the `}` of a BLOCK. */
  private blockEnded = false;
  /** …of a brace opened right after `=>`: in a type (`x as () => {}`) the `{}` is an object type, and the expression goes on. */
  private arrowEnded = false;
  /** The last token is a lone `>`. */
  private greaterThan = false;
  /** The last token is a prefix `++` or `--`, which the walk, reading `++` by kind, would take for a postfix one. */
  private prefixIncrement = false;
  /** A `function` keyword that starts a statement: its parameters' `(` is still to come. */
  private declaring = false;
  private jsxFile = false;
  private lineFeeds = true;

  /**
   * The JS loop: tokens outside JSX, with the walk's rules for `/` and `(`.
   * It reads white space and plain words itself and hands every other token
   * to `other`: a small loop is compiled once, early, where one holding every
   * case was recompiled again and again while a cold run warmed up.
   */
  private run(jsxFile: boolean): void {
    const text = this.text;
    const end = this.end;
    this.slash.reset();
    this.bangAfterBrace = false;
    this.closedDeclaration = false;
    this.blockEnded = false;
    this.arrowEnded = false;
    this.prefixIncrement = false;
    this.greaterThan = false;
    this.declaring = false;
    this.jsxFile = jsxFile;
    this.lineFeeds = this.lexer.lineFeedsOnly;
    let i = 0;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === C.Space || c === C.Tab) {
        i++;
      } else if (c === C.LineFeed || c === C.CarriageReturn) {
        this.slash.newline = true;
        i++;
      } else if (c < 128 && WORD[c] === 2) {
        let j = i + 1;
        let d = 0;
        for (; j < end; j++) {
          d = text.charCodeAt(j);
          if (d >= 128 || WORD[d] === 0) break;
        }
        if (j < end && (d === C.Backslash || d >= 128)) {
          i = this.other(c, i); // an escape or a non-ASCII character may continue the word
        } else {
          const prev = this.slash.prev; // (set by the calls of this loop, not only above it)
          const kind = prev === K.Dot || prev === K.QuestionDot ? K.Identifier : keywordKind(text, i, j);
          if (kind === K.Function)
            this.declaring = this.atStatementStart() || prev === K.Export || prev === K.Default;
          this.tokens.push(kind, i, j);
          this.after(kind, false);
          i = j;
        }
      } else {
        i = this.other(c, i);
      }
      if (i < 0) return;
    }
    // An element or `{…}` of JSX still open at the end: only the parser can say what was meant.
    for (let d = 0; d < this.depth; d++) if (isJsxEntry(this.kinds[d]!)) this.unsure();
  }

  /** After a significant token of `kind` (`ended`: the `}` of a BLOCK): the walk's bookkeeping for the next `/`. */
  private after(kind: Kind, ended: boolean): void {
    const slash = this.slash;
    const increment = kind === K.PlusPlus || kind === K.MinusMinus;
    // @implements scanner#SKIM-IN-TYPE-POSITIONS
    // A `++` right after a block's `}` is a prefix one (a block ends no expression); the walk, which
    // knows no blocks, would take it for postfix, so a `/` after it hands the walk the skim's literals.
    // After any other `}` on its line (an object's, or a class's?) only the grammar knows, as after `!`.
    const afterBlock = increment && slash.prev === K.CloseBrace && this.blockEnded && !slash.newline;
    this.bangAfterBrace =
      (kind === K.Exclamation || increment) && slash.prev === K.CloseBrace && !slash.newline && !afterBlock;
    slash.after(kind);
    if (afterBlock) slash.ends = false;
    this.prefixIncrement = afterBlock;
    this.greaterThan = false;
    this.blockEnded = ended;
    if (!ended) this.arrowEnded = false;
  }

  /**
   * Reads the token that starts with `c` at `i` (not white space, not a
   * plain word): brackets, punctuation, strings and comments here, the rest
   * by the lexer. Returns where the next token may start, or -1 where the
   * skim gives up (ambiguous).
   */
  private other(c: number, at: number): number {
    const text = this.text;
    const end = this.end;
    const lexer = this.lexer;
    const slash = this.slash;
    const prev = slash.prev;
    let i = at;
    let start = at;
    let kind: Kind;
    let ended = false;
    let greaterThan = false;
    if (c === C.OpenParen) {
      let paren = PAREN;
      if (slash.opensControl()) paren = CONTROL_PAREN;
      else if (this.declaring && prev === K.Identifier) paren = DECLARATION_PAREN;
      this.declaring = false;
      this.push(paren, i);
      kind = K.OpenParen;
      i++;
    } else if (c === C.CloseParen || c === C.CloseBracket) {
      const closed = this.pop();
      if (isJsxEntry(closed)) return this.giveUp();
      slash.closedControl = closed === CONTROL_PAREN;
      this.closedDeclaration = closed === DECLARATION_PAREN;
      kind = c === C.CloseParen ? K.CloseParen : K.CloseBracket;
      i++;
    } else if (c === C.OpenBracket) {
      this.push(BRACKET, i);
      kind = K.OpenBracket;
      i++;
    } else if (c === C.OpenBrace) {
      const statement =
        prev === K.CloseParen
          ? slash.closedControl || this.closedDeclaration
          : prev === K.EqualsGreaterThan || prev === K.Else || prev === K.Do || this.atStatementStart();
      this.pushBrace(statement ? BLOCK : BRACE, i);
      // After `=> {…}` on its line, that `{…}` was a return type (`function (): () => {} {…}`) and this is a body, of a declaration or an expression: unsure as well.
      this.arrows[this.depth - 1] =
        prev === K.EqualsGreaterThan || (prev === K.CloseBrace && this.arrowEnded) ? 1 : 0;
      this.declaring = false;
      kind = K.OpenBrace;
      i++;
    } else if (c === C.CloseBrace) {
      const top = this.depth > 0 ? this.kinds[this.depth - 1]! : 0;
      if (top === TEMPLATE) {
        lexer.seek(i, prev);
        kind = lexer.reScanTemplate();
        i = lexer.tokenEnd;
        if (kind === K.TemplateTail) this.pop();
      } else {
        this.closeBrace(i);
        if (this.depth === 0 && (top === BRACE || top === BLOCK)) this.statementEnd(i);
        kind = K.CloseBrace;
        ended = top === BLOCK;
        this.arrowEnded = ended && this.arrows[this.depth] === 1;
        i++;
        if (top === JSX_EXPRESSION) {
          // Back in the element the `{…}` stood in.
          this.jsxRead = true;
          if (!this.jsxFrom(i, false)) return -1;
          i = this.pos;
          // Another `{…}` opened, or the outermost element ended: an expression's end.
          kind = this.depth > 0 && this.kinds[this.depth - 1] === JSX_EXPRESSION ? K.OpenBrace : K.Identifier;
        }
      }
    } else if (c === C.Semicolon || c === C.Comma || c === C.Colon) {
      kind = c === C.Semicolon ? K.Semicolon : c === C.Comma ? K.Comma : K.Colon;
      if (kind === K.Semicolon && this.depth === 0) this.statementEnd(i);
      i++;
    } else if (c === C.DoubleQuote || c === C.SingleQuote) {
      const close = stringEnd(text, i, c);
      this.literal(i, close, K.StringLiteral);
      kind = K.StringLiteral;
      i = close;
    } else if (
      c === C.Slash &&
      (text.charCodeAt(i + 1) === C.Slash || text.charCodeAt(i + 1) === C.Asterisk)
    ) {
      let close: number;
      if (text.charCodeAt(i + 1) === C.Slash) close = lineEnd(text, i + 2, this.lineFeeds);
      else {
        const star = text.indexOf('*/', i + 2);
        close = star === -1 ? end : star + 2;
      }
      this.comment(i, close);
      return close; // not a significant token
    } else if (c < 128 && OPERATOR[c] !== 0 && !(OPERATOR[c] === 2 && atLineStart(text, i))) {
      // Punctuation the walk reads by kind alone (a conflict marker's first character at a line's start aside).
      const next = text.charCodeAt(i + 1);
      kind = K.Operator;
      i++;
      switch (c) {
        case C.Dot:
          if (next >= C.Zero && next <= C.Nine) {
            lexer.seek(i - 1, prev);
            kind = lexer.scan();
            i = lexer.tokenEnd;
          } else if (next === C.Dot && text.charCodeAt(i + 1) === C.Dot) i += 2;
          else kind = K.Dot;
          break;
        case C.Equals:
          if (next === C.Equals) i += text.charCodeAt(i + 1) === C.Equals ? 2 : 1;
          else if (next === C.GreaterThan) {
            i++;
            kind = K.EqualsGreaterThan;
          } else kind = K.Equals;
          break;
        case C.Exclamation:
          if (next === C.Equals) i += text.charCodeAt(i + 1) === C.Equals ? 2 : 1;
          else kind = K.Exclamation;
          break;
        case C.Plus:
        case C.Minus:
          if (next === c) {
            i++;
            kind = c === C.Plus ? K.PlusPlus : K.MinusMinus;
          } else if (next === C.Equals) i++;
          break;
        case C.Ampersand:
        case C.Bar:
          if (next === c) i += text.charCodeAt(i + 1) === C.Equals ? 2 : 1;
          else if (next === C.Equals) i++;
          break;
        case C.Asterisk:
          if (next === C.Asterisk) i += text.charCodeAt(i + 1) === C.Equals ? 2 : 1;
          else if (next === C.Equals) i++;
          else kind = K.Asterisk;
          break;
        case C.Question:
          if (next === C.Dot && !(text.charCodeAt(i + 1) >= C.Zero && text.charCodeAt(i + 1) <= C.Nine)) {
            i++;
            kind = K.QuestionDot;
          } else if (next === C.Question) i += text.charCodeAt(i + 1) === C.Equals ? 2 : 1;
          else kind = K.Question;
          break;
        case C.Percent:
        case C.Caret:
          if (next === C.Equals) i++;
          break;
        default:
          // `>` (alone, as TypeScript's scanner reads it), `~`, `@`
          break;
      }
      if (c === C.GreaterThan && kind === K.Operator && i === at + 1) greaterThan = true;
    } else {
      lexer.seek(i, prev);
      kind = lexer.scan();
      if (lexer.newline) slash.newline = true;
      // White space beyond ASCII (U+3000 before a `}`), a hashbang or a conflict marker: the lexer
      // skipped it; the token after it is read anew, so a bracket there is the skim's.
      if (lexer.tokenStart > i) return lexer.tokenStart;
      start = lexer.tokenStart;
      i = lexer.tokenEnd;
      switch (kind) {
        case K.SingleLineComment:
        case K.MultiLineComment:
          this.comment(lexer.tokenStart, i);
          return i;
        case K.EndOfFile:
          return i;
        case K.Slash:
        case K.SlashEquals: {
          // @implements scanner#PARSER-ONLY-WHEN-AMBIGUOUS
          // After a block's `}` a regular expression starts; the walk, which would divide
          // there, is handed the skim's literals. After any other `}`, or `of`/`yield`/`await`,
          // only the grammar knows.
          // After the `}` of `=> {…}`: an arrow function's body, or in a type (`x as () => {}`) an object type after which the expression goes on.
          const afterBlock = prev === K.CloseBrace && this.blockEnded;
          // After a lone `>`: a comparison, or the end of type arguments (`x as T<U> / 2`), after which the expression goes on.
          if (
            (prev === K.CloseBrace && (!afterBlock || this.arrowEnded)) ||
            this.bangAfterBrace ||
            this.greaterThan ||
            CONTEXTUAL_OPERATORS.has(prev)
          )
            return this.giveUp();
          if (afterBlock) this.literalsNeeded = true;
          if (!slash.ends || afterBlock) {
            kind = lexer.reScanSlash();
            start = lexer.tokenStart;
            i = lexer.tokenEnd;
            this.literal(lexer.tokenStart, i, kind);
            // The walk divides after every `++`: it reads the skim's literals.
            if (this.prefixIncrement) this.literalsNeeded = true;
          }
          break;
        }
        case K.StringLiteral:
        case K.NoSubstitutionTemplate:
          this.literal(lexer.tokenStart, i, kind);
          break;
        case K.TemplateHead:
          this.push(TEMPLATE, lexer.tokenStart);
          break;
        case K.LessThan: {
          if (!this.jsxFile) break;
          if (prev === K.CloseBrace && this.arrowEnded) return this.giveUp();
          if (slash.ends && !(prev === K.CloseBrace && this.blockEnded)) {
            if (prev === K.CloseBrace || this.bangAfterBrace) return this.giveUp();
            break;
          }
          const lessThan = lexer.tokenStart; // (the look ahead moves the lexer)
          if (this.opensTypeParameters(lessThan)) break;
          if (this.ambiguous) return -1;
          this.literalsNeeded = true;
          this.jsxRead = true;
          if (!this.jsxFrom(lessThan, true)) return -1;
          i = this.pos;
          kind = this.depth > 0 && this.kinds[this.depth - 1] === JSX_EXPRESSION ? K.OpenBrace : K.Identifier;
          break;
        }
        default:
          break;
      }
    }
    if (kind === K.Function)
      this.declaring = this.atStatementStart() || prev === K.Export || prev === K.Default;
    this.tokens.push(kind, start, i);
    this.after(kind, ended);
    this.greaterThan = greaterThan;
    return i;
  }

  private giveUp(): number {
    this.unsure();
    return -1;
  }

  /**
   * Whether a token after the previous one starts a statement: at the
   * file's start, after `;`, after a block's `{` (the innermost open entry is
   * a BLOCK), or after a block's `}`.
   */
  private atStatementStart(): boolean {
    const prev = this.slash.prev;
    // A `;` in a `for` header (or any bracket) starts no statement: `for (; {} / 2; )` holds an object.
    if (prev === K.Semicolon) {
      const top = this.depth === 0 ? BLOCK : this.kinds[this.depth - 1]!;
      return top === BLOCK || top === BRACE;
    }
    if (prev === K.Unknown && this.depth === 0) return true;
    if (prev === K.CloseBrace) return this.blockEnded;
    return prev === K.OpenBrace && this.depth > 0 && this.kinds[this.depth - 1] === BLOCK;
  }

  private unsure(): void {
    this.ambiguous = true;
  }

  /**
   * Whether the `<` at `at`, where an expression may start, opens an arrow
   * function's type parameters rather than JSX, as TypeScript's parser
   * decides in a JSX file: `<T,`, `<T =` and `<T extends U` do. Flags the
   * skim ambiguous where a type-parameter modifier stands (`<const T>`).
   */
  private opensTypeParameters(at: number): boolean {
    const text = this.text;
    let j = this.trivia(at + 1);
    const nameStart = j;
    while (j < this.end && text.charCodeAt(j) < 128 && WORD[text.charCodeAt(j)] !== 0) j++;
    if (j === nameStart || WORD[text.charCodeAt(nameStart)] !== 2) return false;
    const name = text.slice(nameStart, j);
    const next = text.charCodeAt(j);
    if (next === C.Minus || next === C.Colon || next === C.Dot) return false; // a JSX name
    j = this.trivia(j);
    const after = text.charCodeAt(j);
    // `<const T>(…)`: a const type parameter of a function type, or a JSX tag named `const`?
    if (name === 'const' && after < 128 && WORD[after] === 2) {
      this.unsure();
      return false;
    }
    if (after === C.Comma) return true;
    if (after === C.Equals) {
      const then = text.charCodeAt(j + 1);
      if (then === C.Equals || then === C.GreaterThan) this.unsure();
      return true;
    }
    if (text.startsWith('extends', j) && !(j + 7 < this.end && isJsxNameChar(text.charCodeAt(j + 7)))) {
      const k = this.trivia(j + 7);
      const then = text.charCodeAt(k);
      const slash = then === C.Slash && text.charCodeAt(k + 1) !== C.Equals;
      return !(then === C.Equals || then === C.GreaterThan || slash);
    }
    return false;
  }

  /**
   * Reads JSX from `at`: an element's `<` (with `opening`), or the place
   * after a `{…}` inside an element, until a `{` opens JS code again (left
   * on the stack) or the outermost element ends. Sets `pos` to where the
   * JS loop goes on; false when the skim gave up (ambiguous).
   */
  private jsxFrom(at: number, opening: boolean): boolean {
    const text = this.text;
    const end = this.end;
    let i = at;
    if (opening && !this.openElement(i)) return false;
    if (opening) i = this.pos;
    // The element read from a `<` in JS: the one whose `<T>(…)` may be a type's.
    const outermost = opening ? this.depth - 1 : -1;
    for (;;) {
      const top = this.depth > 0 ? this.kinds[this.depth - 1]! : 0;
      if (top === JSX_TAG) {
        i = this.trivia(i);
        const c = text.charCodeAt(i);
        if (c === C.Slash) {
          const close = this.trivia(i + 1);
          if (text.charCodeAt(close) !== C.GreaterThan) return this.gaveUp();
          this.pop();
          i = close + 1;
        } else if (c === C.GreaterThan) {
          this.kinds[this.depth - 1] = JSX_CHILDREN;
          i++;
          // `<T>(…) =>` may be a function type's type parameters in a type: the parser decides.
          const d = this.depth - 1;
          if (d === outermost && this.marks[d] === 0 && this.names[2 * d] !== this.names[2 * d + 1]) {
            if (looksLikeSignature(text, i)) return this.gaveUp();
          }
        } else if (c === C.OpenBrace) {
          this.pushBrace(JSX_EXPRESSION, i);
          this.pos = i + 1;
          return true;
        } else if (c === C.LessThan && this.marks[this.depth - 1] === 0) {
          // Type arguments right after the name (`<Select<Option> … />`).
          const close = typeArgumentsEnd(text, i);
          if (close === -1) return this.gaveUp();
          this.marks[this.depth - 1] = 1;
          i = close;
        } else if (c < 128 && WORD[c] === 2) {
          this.marks[this.depth - 1] = 1; // the tag has attributes
          let j = i + 1;
          while (j < end && isJsxNameChar(text.charCodeAt(j))) j++;
          const k = this.trivia(j);
          if (text.charCodeAt(k) !== C.Equals) {
            i = k;
            continue;
          }
          const v = this.trivia(k + 1);
          const value = text.charCodeAt(v);
          if (value === C.DoubleQuote || value === C.SingleQuote) {
            // A JSX attribute string: no escapes, and it may span lines.
            const close = text.indexOf(value === C.DoubleQuote ? '"' : "'", v + 1);
            if (close === -1) return this.gaveUp();
            this.literal(v, close + 1, K.StringLiteral);
            i = close + 1;
          } else if (value === C.OpenBrace) {
            this.pushBrace(JSX_EXPRESSION, v);
            this.pos = v + 1;
            return true;
          } else if (value === C.LessThan) {
            if (!this.openElement(v)) return false;
            i = this.pos;
          } else return this.gaveUp();
        } else return this.gaveUp();
      } else if (top === JSX_CHILDREN) {
        let k = i;
        let c = 0;
        for (; k < end; k++) {
          c = text.charCodeAt(k);
          if (c === C.OpenBrace || c === C.LessThan) break;
        }
        if (k > i) this.literal(i, k, K.StringLiteral);
        if (k >= end) return this.gaveUp();
        if (c === C.OpenBrace) {
          this.pushBrace(JSX_EXPRESSION, k);
          this.pos = k + 1;
          return true;
        }
        if (text.charCodeAt(k + 1) === C.Slash) {
          // A closing tag: its name must be the element's.
          const nameStart = this.trivia(k + 2);
          let j = nameStart;
          while (j < end && isJsxNameChar(text.charCodeAt(j))) j++;
          const d = this.depth - 1;
          const openName = text.slice(this.names[2 * d]!, this.names[2 * d + 1]!);
          if (text.slice(nameStart, j) !== openName) return this.gaveUp();
          const close = this.trivia(j);
          if (text.charCodeAt(close) !== C.GreaterThan) return this.gaveUp();
          this.pop();
          i = close + 1;
        } else {
          if (!this.openElement(k)) return false;
          i = this.pos;
        }
      } else {
        // The outermost element ended: back to JS, after an expression.
        this.pos = i;
        return true;
      }
    }
  }

  /** Pushes the element whose `<` is at `at` and reads its name; `pos` is after the name. */
  private openElement(at: number): boolean {
    const text = this.text;
    const nameStart = this.trivia(at + 1);
    let j = nameStart;
    if (text.charCodeAt(j) !== C.GreaterThan) {
      const first = text.charCodeAt(j);
      if (!(first < 128 && WORD[first] === 2)) return this.gaveUp();
      while (j < this.end && isJsxNameChar(text.charCodeAt(j))) j++;
    }
    this.push(JSX_TAG, at);
    const d = this.depth - 1;
    this.marks[d] = 0;
    this.names[2 * d] = nameStart;
    this.names[2 * d + 1] = j;
    this.pos = j;
    return true;
  }

  private gaveUp(): false {
    this.unsure();
    return false;
  }

  /** Past white space and comments from `at` (comments are looked in for candidates). */
  private trivia(at: number): number {
    const text = this.text;
    let i = at;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === C.Space || c === C.Tab || c === C.LineFeed || c === C.CarriageReturn) {
        i++;
        continue;
      }
      const next = text.charCodeAt(i + 1);
      if ((c === C.Slash && (next === C.Slash || next === C.Asterisk)) || c >= 128 || c === 11 || c === 12) {
        this.lexer.seek(i, K.Unknown);
        const kind = this.lexer.scan();
        if (kind === K.SingleLineComment || kind === K.MultiLineComment) {
          this.comment(this.lexer.tokenStart, this.lexer.tokenEnd);
          i = this.lexer.tokenEnd;
          continue;
        }
        return this.lexer.tokenStart;
      }
      return i;
    }
  }

  /** A comment token [start, end): does a candidate stand in it? */
  private comment(start: number, end: number): void {
    const candidates = this.candidates;
    let n = this.nextForComment;
    while (n < candidates.length && candidates[n]! < start) n++;
    if (n < candidates.length && candidates[n]! < end) this.tagInComment = true;
    this.nextForComment = n;
  }

  private literal(start: number, end: number, kind: Kind): void {
    if (this.literals !== undefined && end > start) this.literals.push({ start, end, kind, template: false });
  }

  private push(kind: number, at: number): void {
    if (this.depth === this.kinds.length) this.growStack();
    this.kinds[this.depth] = kind;
    this.marks[this.depth] = at;
    this.depth++;
  }

  private pop(): number {
    if (this.depth === 0) return 0;
    this.depth--;
    return this.kinds[this.depth]!;
  }

  /** A `{` the walk sees: its slot records where it closes once it does. */
  private pushBrace(kind: number, at: number): void {
    if (this.braces === this.opens.length) {
      const opens = new Int32Array(this.opens.length * 2);
      opens.set(this.opens);
      this.opens = opens;
      const closes = new Int32Array(this.closes.length * 2);
      closes.set(this.closes);
      this.closes = closes;
    }
    const slot = this.braces++;
    this.opens[slot] = at;
    this.closes[slot] = -1;
    this.push(kind, at);
    this.slots[this.depth - 1] = slot;
    this.marks[this.depth - 1] = this.candidateAfter(at);
  }

  /** The `}` at `at` pops whatever is on top, as the walk's does; a brace's slot learns its end when no candidate stood inside. */
  private closeBrace(at: number): void {
    if (this.depth === 0) return;
    const d = this.depth - 1;
    const kind = this.kinds[d]!;
    if (
      (kind === BRACE || kind === BLOCK || kind === JSX_EXPRESSION) &&
      this.candidateAfter(at) === this.marks[d]
    ) {
      this.closes[this.slots[d]!] = at;
    }
    this.depth = d;
  }

  private statementEnd(at: number): void {
    if (this.statements === this.ends.length) {
      const ends = new Int32Array(this.ends.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ends[this.statements++] = at;
  }

  /** The index of the first candidate at or after `at` (brace events come in file order). */
  private candidateAfter(at: number): number {
    const candidates = this.candidates;
    let n = this.nextForBrace;
    while (n < candidates.length && candidates[n]! < at) n++;
    this.nextForBrace = n;
    return n;
  }

  private growStack(): void {
    const size = this.kinds.length * 2;
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds);
    this.kinds = kinds;
    const arrows = new Uint8Array(size);
    arrows.set(this.arrows);
    this.arrows = arrows;
    const slots = new Int32Array(size);
    slots.set(this.slots);
    this.slots = slots;
    const marks = new Int32Array(size);
    marks.set(this.marks);
    this.marks = marks;
    const names = new Int32Array(size * 2);
    names.set(this.names);
    this.names = names;
  }
}

function isWhite(c: number): boolean {
  return c === C.Space || c === C.Tab || c === C.LineFeed || c === C.CarriageReturn;
}

/**
 * How far the look at what follows `<T>` goes (a parameter list longer than
 * this goes to the parser), and how far type arguments may reach: each
 * look is bounded, so a file of many such tags costs its length times this at most.
 */
const SIGNATURE_SPAN = 512;

/**
 * Whether what follows an opening tag `<T>` at `from` reads as the rest of
 * a signature, `(…) =>` or `(…):`, so that `<T>` may be its type
 * parameters (in a type, where no JSX stands) rather than an element.
 */
function looksLikeSignature(text: string, from: number): boolean {
  let i = from;
  while (i < text.length && isWhite(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== C.OpenParen) return false;
  let depth = 0;
  const stop = Math.min(text.length, i + SIGNATURE_SPAN);
  for (; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === C.OpenParen) depth++;
    else if (c === C.CloseParen && --depth === 0) break;
  }
  if (depth !== 0) return true; // not closed within reach: let the parser decide
  i++;
  while (i < text.length && isWhite(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i);
  return c === C.Colon || (c === C.Equals && text.charCodeAt(i + 1) === C.GreaterThan);
}

/**
 * The end of the type arguments whose `<` is at `at` (past their `>`), or
 * -1 where they do not close plainly (a string, brace or `;` inside, or not
 * within reach): `=>` in a function type is no closing `>`.
 */
function typeArgumentsEnd(text: string, at: number): number {
  let depth = 0;
  const stop = Math.min(text.length, at + SIGNATURE_SPAN);
  for (let i = at; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === C.LessThan) depth++;
    else if (c === C.GreaterThan && text.charCodeAt(i - 1) !== C.Equals) {
      if (--depth === 0) return i + 1;
    } else if (
      c === C.DoubleQuote ||
      c === C.SingleQuote ||
      c === 96 /* ` */ ||
      c === C.OpenBrace ||
      c === C.CloseBrace ||
      c === C.Semicolon ||
      c === C.Slash
    )
      return -1;
  }
  return -1;
}

/**
 * Skims `text` (a TS/JS file; `jsxFile` when TypeScript reads it as JSX)
 * whose tag candidates (offsets of `@implements` and the like, sorted)
 * are `candidates`. With `wantLiterals`, every literal is listed too. A
 * scanner keeps one Skimmer for all its files; this one-off is for tests.
 */
// @implements scanner#SKIM-BEFORE-THE-WALK
export function skim(
  text: string,
  jsxFile: boolean,
  candidates: readonly number[],
  wantLiterals: boolean,
): Skim {
  return new Skimmer().skim(text, jsxFile, candidates, wantLiterals);
}
