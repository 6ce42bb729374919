/**
 * TS/JS citations from the tokens of ts-lexer.ts (tokens, not a full parse:
 * a parse costs ~10x more and the gate reads every file of a repository).
 * Comments are real comment tokens, so text inside strings, templates and
 * regular expressions never counts. A light frame stack over the tokens
 * names the enclosing declaration and it()/test() title of each citation.
 * The skim (ts-skim.ts) reads the file first: a file whose tags all stand
 * outside comments is never walked, the walk jumps over every brace region
 * and top-level statement that holds no tag, and in a file with JSX it
 * follows the skim's literals.
 * Where the tokens alone cannot tell a comment from a literal, TypeScript's
 * parser decides (ts-literals.ts), loaded only when a file needs it.
 */
import { inCommentedOutCode, parseCitations, tagCandidates } from './refs.ts';
import {
  type CallRuns,
  conditionMark,
  type FileAliases,
  isTestRoot,
  joinMarks,
  judgeCallee,
  optionsMark,
  type RunMark,
  readAliases,
  readTestFile,
  runsOfCalls,
  type TestFile,
} from './test-runs.ts';
import { isNameToken, SlashState } from './ts-grammar.ts';
import { type Jumps, NO_JUMPS, SkimJumps, statementEndKind } from './ts-jumps.ts';
import { FIRST_KEYWORD, K, type Kind, Lexer } from './ts-lexer.ts';
import { type Skim, Skimmer } from './ts-skim.ts';
import { lexTokens, TokenList, type Tokens } from './ts-token-list.ts';
import {
  hasOtherLineBreak,
  lazyLineIndex,
  type NotRun,
  placed,
  type ScannedCitation,
  TEMPLATE_HOLE,
} from './types.ts';

export { dividesAfter } from './ts-grammar.ts';

interface Frame {
  kind: 'brace' | 'paren' | 'bracket' | 'template';
  label?: string;
  /** it()/test() title when this frame is a test call. */
  test?: string;
  classBody?: boolean;
  /** `if (…)`, `while (…)`, `for (…)`, `with (…)`: a `/` after its `)` starts a regular expression. */
  control?: boolean;
  /** A call frame still waiting for its title string. */
  wantsTitle?: 'test' | 'suite';
  callee?: string;
  /** The title is a runner's format (`it.each(table)('case %s', …)`): placeholders stand for each row. */
  each?: boolean;
  /** `it.each(` or `it.skipIf(`: parentheses whose closing `)(` opens the call itself (of this callee). */
  eachOf?: string;
  /** Whether that call's title has placeholders the runner fills (each/for), or is literal (skipIf/runIf). */
  eachFills?: boolean;
  /** Citations waiting above `it.each(`, held across the table (whose braces would drop them). */
  stash?: Waiting | undefined;
  /** A template literal that is a call's title: the call, and the literal's text parts so far. */
  titleFor?: Frame;
  titleParts?: string[];
  /** Whether the call runs, as its callee, options and condition say (test-runs.ts). */
  notRun?: NotRun;
  only?: boolean;
  /** A `skipIf(`/`runIf(` call's parentheses: its condition is read when they close. */
  condition?: 'skipIf' | 'runIf';
  /** Where a test call's `(` and `)` stand (a `t.skip()` between them is its own). */
  openAt?: number;
  closeAt?: number;
  /**
   * A brace's: the declaration still waiting for its body when the brace
   * opened (`const f = wrap({…}, () => {`), back once it closes; nothing
   * inside a brace changes what waits outside it, so the walk may jump over one.
   */
  outerPending?: Pending | undefined;
}

/**
 * Every frame gets every field up front, so the hot loop's reads of
 * `top.classBody` / `top.wantsTitle` see one object shape, not five.
 */
function newFrame(kind: Frame['kind'], label?: string): Frame {
  return {
    kind,
    label,
    test: undefined,
    classBody: undefined,
    control: undefined,
    wantsTitle: undefined,
    callee: undefined,
    each: undefined,
    eachOf: undefined,
    eachFills: undefined,
    stash: undefined,
    titleFor: undefined,
    titleParts: undefined,
    notRun: undefined,
    only: undefined,
    condition: undefined,
    openAt: undefined,
    closeAt: undefined,
    outerPending: undefined,
  };
}

interface Pending {
  frame: Frame;
  depth: number;
  opensParen: boolean;
}

const TEST_CALLEES = new Set(['it', 'test']);
const SUITE_CALLEES = new Set(['describe', 'suite', 'context']);
const CALL_MODIFIERS = new Set(['only', 'skip', 'todo', 'concurrent', 'sequential', 'fails']);
/** Jasmine's and Jest's excluded forms: `xit(…)` is `it.skip(…)`. */
const EXCLUDED_CALLEES = new Map([
  ['xit', 'it'],
  ['xtest', 'test'],
  ['xdescribe', 'describe'],
]);
/**
 * Curried test calls: `it.each(table)(title, fn)` and vitest's `it.for` (one
 * test per row, the title a format), `it.skipIf(cond)(title, fn)` and
 * `it.runIf` (one test, a literal title).
 */
const CURRIED_MODIFIERS = new Map([
  ['each', true],
  ['for', true],
  ['skipIf', false],
  ['runIf', false],
]);

/**
 * Whether the identifier just read (text[nameStart, nameEnd), after a token
 * of kind `before`) names a test or suite call, or a modified or curried one
 * (`it.only`, `it.each`, the callee's name at text[targetStart, targetEnd) of
 * kind `targetKind`): where type arguments may stand before its `(`.
 */
function namesTestCall(
  text: string,
  nameStart: number,
  nameEnd: number,
  before: Kind,
  targetKind: Kind,
  targetStart: number,
  targetEnd: number,
): boolean {
  const name = text.slice(nameStart, nameEnd);
  if (before !== K.Dot)
    return TEST_CALLEES.has(name) || SUITE_CALLEES.has(name) || EXCLUDED_CALLEES.has(name);
  if (targetKind !== K.Identifier || !(CALL_MODIFIERS.has(name) || CURRIED_MODIFIERS.has(name))) return false;
  const target = text.slice(targetStart, targetEnd);
  return TEST_CALLEES.has(target) || SUITE_CALLEES.has(target);
}

const STATEMENT_START = new Set<Kind>([
  K.Unknown,
  K.Semicolon,
  K.OpenBrace,
  K.CloseBrace,
  K.Export,
  K.Declare,
  K.Default,
]);
const DECL_KEYWORDS: Partial<Record<Kind, string>> = {
  [K.Function]: 'function',
  [K.Class]: 'class',
  [K.Interface]: 'interface',
  [K.Enum]: 'enum',
  [K.Namespace]: 'namespace',
  [K.Module]: 'namespace',
  [K.Type]: 'type',
  [K.Const]: 'const',
  [K.Let]: 'let',
  [K.Var]: 'var',
};
/** Contextual keywords that only declare at the start of a statement. */
const CONTEXTUAL_DECL = new Set<Kind>([K.Interface, K.Namespace, K.Module, K.Type, K.Let, K.Enum]);

/** The declaring keywords by kind (DECL_KEYWORDS), as a table. */
const DECLARES: (string | undefined)[] = [];
for (let kind = 0; kind < 128; kind++) DECLARES[kind] = DECL_KEYWORDS[kind as Kind];

/** The files TypeScript reads as JSX: .tsx and .jsx, and every JavaScript file (.js, .mjs, .cjs). */
// @implements scanner#JSX-BY-EXTENSION
const JSX_FILE = /\.(?:[jt]sx|[mc]?js)$/;

interface Bound {
  cite: ScannedCitation;
  chain: Frame[];
}

/** Citations on their own line, waiting for the declaration or test call that follows at `depth`. */
interface Waiting {
  items: Bound[];
  depth: number;
}

/**
 * Where TypeScript's parser sees strings, templates, regular expressions and
 * JSX text in a file, sorted by start (ts-literals.ts).
 */
export interface Literal {
  start: number;
  end: number;
  kind: Kind;
  /** Template pieces are followed by the walk itself (it tracks `${…}`); they only filter. */
  template: boolean;
}

export type LiteralParser = (text: string, file: string) => Literal[];

/**
 * Thrown by a scan when a file's tokens are ambiguous and TypeScript's
 * parser was not given: load it (`FileScanner.loadParser`, dispatch.ts) and scan again.
 */
export class TypeScriptParserNotLoaded extends Error {
  constructor(file: string) {
    super(`TypeScript's parser is not loaded yet (needed for ${file}); load it and scan again`);
  }
}

/** Where the scan says what the user should know that is no citation (a file read by tokens alone). */
export type ScanWarning = (file: string, message: string) => void;

/** How TS/JS files were read, counted for benches and tests (bench/scan-rate.ts) when a run asks. */
export interface ScanCounts {
  noTag: number;
  noTagInComment: number;
  skimmed: number;
  withLiterals: number;
  parser: number;
  /** Files read for what their tests say about running (test-runs.ts), and of those, lexed again by themselves. */
  testRuns: number;
  testRunsLexed: number;
  /** Files read whole for their marks (`.only`, a context's `.skip()`): a citation inside a test call asked. */
  testRunsWhole: number;
  /** Of those, files looked through for marks: the ones that hold a mark's word at all. */
  testMarksRead: number;
  /** Files whose every test and suite call was read: a citation inside a suite asked. */
  testCallsRead: number;
}

export function newScanCounts(): ScanCounts {
  return {
    noTag: 0,
    noTagInComment: 0,
    skimmed: 0,
    withLiterals: 0,
    parser: 0,
    testRuns: 0,
    testRunsLexed: 0,
    testRunsWhole: 0,
    testMarksRead: 0,
    testCallsRead: 0,
  };
}

/** What a scan is given rather than finding it installed: the parser, the warning sink and the counters. */
export interface TypeScriptScanSetup {
  /** TypeScript's parser for ambiguous files; without it such a file throws TypeScriptParserNotLoaded. */
  parser?: LiteralParser | undefined;
  /** Where warnings go; dropped when absent. */
  warn?: ScanWarning | undefined;
  /** Counted into when given. */
  counts?: ScanCounts | undefined;
}

/**
 * The TS/JS scanner of one run: its lexer and skimmer are reused file after
 * file (their buffers grow once), and what it is given (parser, sink,
 * counters) is its own, so two runs in one process never share state.
 */
// @implements scanner#SCAN-HOLDS-NO-MODULE-STATE
export class TypeScriptScanner {
  /** Set once TypeScript's parser is loaded (dispatch.ts loads it only when a file needs it). */
  parser: LiteralParser | undefined;
  private readonly warn: ScanWarning | undefined;
  private readonly counts: ScanCounts | undefined;
  private readonly lexer = new Lexer();
  private readonly skimmer = new Skimmer();
  /** A test file's tokens when the skim could not keep them, read by a lexer of their own (the walk's is mid-file). */
  private readonly testLexer = new Lexer();
  private readonly testTokens = new TokenList();

  constructor(setup: TypeScriptScanSetup = {}) {
    this.parser = setup.parser;
    this.warn = setup.warn;
    this.counts = setup.counts;
  }

  /**
   * The citations of one TS/JS file. `jumps: false` walks every token the
   * skim would let it jump over (the tests compare both ways: a jump must
   * never change what is found).
   */
  // @implements scanner#GATE-SCAN-COMMENTS-ONLY
  scan(text: string, file: string, options?: { jumps?: boolean }): ScannedCitation[] {
    const counts = this.counts;
    const candidates = tagCandidates(text);
    if (candidates.length === 0) {
      if (counts) counts.noTag++;
      return [];
    }
    const jsx = JSX_FILE.test(file);
    const skimmed = this.skimmer.skim(text, jsx, candidates, false);
    if (!skimmed.ambiguous) {
      // @implements scanner#SKIM-BEFORE-THE-WALK
      if (!skimmed.tagInComment) {
        if (counts) counts.noTagInComment++;
        return [];
      }
      const jumps = options?.jumps !== false;
      if (!skimmed.literalsNeeded) {
        if (counts) counts.skimmed++;
        return this.walk(text, file, candidates, undefined, jumps ? skimmed : undefined, skimmed.tokens);
      }
      // JSX, or a regular expression after a block: the walk reads the skim's literals, as it would the parser's.
      if (counts) counts.withLiterals++;
      const listed = this.skimmer.skim(text, jsx, candidates, true);
      return this.walk(text, file, candidates, listed.literals, jumps ? listed : undefined, listed.tokens);
    }
    if (counts) counts.parser++;
    // The tokens alone could not tell: walk with the parser's literals.
    if (this.parser === undefined) throw new TypeScriptParserNotLoaded(file);
    let literals: Literal[];
    try {
      literals = this.parser(text, file);
    } catch (error) {
      // @implements scanner#PARSER-FAILURE-FALLS-BACK
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.warn?.(file, `TypeScript's parser failed (${why}); its citations are read by tokens alone`);
      return this.walk(text, file, candidates, undefined, undefined);
    }
    return this.walk(text, file, candidates, literals, undefined);
  }

  private walk(
    text: string,
    file: string,
    candidates: readonly number[],
    literals: readonly Literal[] | undefined,
    skimmed: Skim | undefined,
    skimTokens?: Tokens,
  ): ScannedCitation[] {
    const lineFeedsOnly = skimmed?.lineFeedsOnly ?? !hasOtherLineBreak(text, true);
    this.lexer.setText(text, lineFeedsOnly);
    const jumps = skimmed === undefined ? NO_JUMPS : new SkimJumps(skimmed, candidates, text.length);
    // @implements scanner#TEST-FILE-READ-ONCE
    const counts = this.counts;
    let read: Tokens | undefined;
    const tokens = (): Tokens => {
      if (read !== undefined) return read;
      if (counts) counts.testRuns++;
      if (skimTokens !== undefined) read = skimTokens;
      else {
        if (counts) counts.testRunsLexed++;
        read = lexTokens(text, this.testTokens, this.testLexer);
      }
      return read;
    };
    return new Walk(text, file, this.lexer, lineFeedsOnly, candidates, literals, jumps, tokens, counts).run();
  }
}

/**
 * The citations of one TS/JS file with a scanner of its own (tests and
 * tools); a run scans with one TypeScriptScanner (dispatch.ts).
 */
export function scanTypeScript(
  text: string,
  file: string,
  options: TypeScriptScanSetup & { jumps?: boolean } = {},
): ScannedCitation[] {
  return new TypeScriptScanner(options).scan(text, file, options);
}

/**
 * One pass of the token walk over one file, a small state object whose
 * loop hands each token to the handler of its kind. With `literals`
 * (sorted [start, end) ranges of strings, regular expressions and JSX text,
 * from a full parse or the skim), a token that starts inside one is
 * skipped to its end, so neither a `/` nor a quote is left to guess. Its
 * `jumps` (ts-jumps.ts) are asked at each `{` and each top-level statement
 * end: what lies between a jump's ends is not walked.
 */
// @implements scanner#WALK-HANDLERS-AND-ONE-SLASH-RULE
class Walk {
  private readonly bound: Bound[] = [];
  private readonly stack: Frame[] = [];
  /** The declaration whose body brace (or parameter list) is still to come. */
  private pending: Pending | undefined;
  /** Citations on their own line waiting for what follows. */
  private awaiting: Waiting | undefined;
  /** Regex or division: the state the skim keeps too (ts-grammar.ts). */
  private readonly slash = new SlashState();
  // Where the last significant tokens stand, newest first (their kinds: `slash.prev`, `slash.prev2`,
  // `prev3`); their text is cut out only when a call needs its callee name.
  private prevStart = 0;
  private prevEnd = 0;
  private prev2Start = 0;
  private prev2End = 0;
  private prev3: Kind = K.Unknown;
  private prev3Start = 0;
  private prev3End = 0;
  /** A declaring keyword was read: the next name is the declaration's. */
  private expectName: string | undefined;
  /** A class member's name, until `(`, `=`, `:` or `;` says what it is. */
  private memberName: string | undefined;
  private memberLocked = false;
  /** The `it.each(` (or `it.skipIf(`) whose parentheses just closed, if the last `)` closed one. */
  private closedEach: string | undefined;
  private closedFills = false;
  /** Titles and tables still open: the walk cannot stop early while one is. */
  private openTitles = 0;
  /** A call whose title was just read: unless `,` or `)` follows, the title is an expression (`'a ' + b`). */
  private justTitled: Frame | undefined;
  private nextLiteral = 0;
  // Whether each test runs (test-runs.ts): what the whole file says, the callee chain being read
  // (its first name's place, its end, the depth it stands at), and what the last `it.each(…)` said.
  /** The names the file binds to test functions, read at the first call the walk reaches that no runner names. */
  private aliasesRead: FileAliases | undefined;
  /** What the whole file says about its tests, read on first need (runsFile): only a citation inside a test call asks. */
  private runsFileRead: TestFile | undefined;
  private chainStart = -1;
  private chainRootEnd = -1;
  private chainEnd = -1;
  private chainDepth = 0;
  private chainBracket: Frame | undefined;
  private closedMark: RunMark = {};
  /** Type arguments exist in TypeScript only: in JavaScript `a < b > (c)` compares. */
  private readonly typed: boolean;
  private readonly at: (offset: number) => { line: number; column: number };
  private readonly lastTag: number;

  constructor(
    private readonly text: string,
    file: string,
    private readonly lexer: Lexer,
    lineFeedsOnly: boolean,
    candidates: readonly number[],
    private readonly literals: readonly Literal[] | undefined,
    private readonly jumps: Jumps,
    private readonly tokens: () => Tokens,
    private readonly counts: ScanCounts | undefined,
  ) {
    this.typed = /\.[mc]?ts$/.test(file);
    this.at = lazyLineIndex(text, true, lineFeedsOnly);
    this.lastTag = candidates[candidates.length - 1]!;
  }

  // @implements scanner#TEST-FILE-ALIASES-FIRST
  private get aliases(): FileAliases {
    this.aliasesRead ??= readAliases(this.text, this.tokens());
    return this.aliasesRead;
  }

  // @implements scanner#TEST-FILE-READ-ONCE
  private get runsFile(): TestFile {
    if (this.runsFileRead === undefined) {
      if (this.counts) this.counts.testRunsWhole++;
      this.runsFileRead = readTestFile(this.text, this.tokens(), this.aliases, this.counts);
    }
    return this.runsFileRead;
  }

  run(): ScannedCitation[] {
    const lexer = this.lexer;
    const slash = this.slash;
    const stack = this.stack;
    for (let kind = lexer.scan(); kind !== K.EndOfFile; kind = lexer.scan()) {
      if (lexer.newline) slash.newline = true;
      const start = lexer.tokenStart;
      if (this.literals !== undefined) kind = this.pastLiteral(kind, start);
      if (kind === K.SingleLineComment || kind === K.MultiLineComment) {
        this.comment(start);
        continue;
      }
      if (this.justTitled !== undefined) this.titleEnds(kind);
      const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
      // Past the last tag nothing more can be bound: stop tokenizing early.
      if (start > this.lastTag && this.settled(top)) break;
      switch (kind) {
        case K.Slash:
        case K.SlashEquals:
          kind = this.slashToken(kind);
          break;
        case K.LessThan:
          if (this.typeArguments()) continue;
          break;
        case K.CloseBrace:
          kind = this.closeBrace(top);
          break;
        case K.TemplateHead:
          this.templateHead(top);
          break;
        case K.OpenBrace:
          this.openBrace(start);
          break;
        case K.OpenParen:
          this.openParen(top, start);
          break;
        case K.OpenBracket:
          stack.push(newFrame('bracket'));
          break;
        case K.CloseParen:
        case K.CloseBracket:
          this.close(kind, start);
          break;
        case K.Semicolon:
          this.semicolon();
          break;
        case K.Colon:
        case K.Question:
        case K.Exclamation:
          if (top?.classBody) this.memberLocked = true;
          break;
        case K.Equals:
          this.equals(top);
          break;
        default:
          break;
      }
      if (top?.wantsTitle && stack[stack.length - 1] === top && kind !== K.OpenParen) this.title(top, kind);
      if (this.expectName !== undefined) this.declarationName(kind);
      else this.declaringOrMember(kind, top);
      this.after(kind, start);
    }
    return this.citations();
  }

  /** With literals: a token that starts inside one (not a template's) is the literal, read to its end. */
  private pastLiteral(kind: Kind, start: number): Kind {
    const literals = this.literals!;
    while (this.nextLiteral < literals.length && literals[this.nextLiteral]!.end <= start) this.nextLiteral++;
    const literal = literals[this.nextLiteral];
    if (literal !== undefined && literal.start <= start && !literal.template) {
      this.lexer.resetTo(literal.end, literal.kind);
      return literal.kind;
    }
    return kind;
  }

  /** Nothing waits for a token to come: past the last tag, the walk may stop. */
  private settled(top: Frame | undefined): boolean {
    return (
      !this.awaiting &&
      !this.pending &&
      this.expectName === undefined &&
      !top?.wantsTitle &&
      top?.callee === undefined &&
      this.justTitled === undefined &&
      this.openTitles === 0 &&
      this.closedEach === undefined
    );
  }

  private comment(start: number): void {
    const comment = this.lexer.tokenText();
    if (!comment.includes('@')) return;
    const raws = parseCitations(comment, start);
    if (raws.length === 0) return;
    const items: Bound[] = [];
    for (const raw of raws) {
      // Commented-out code binds to nothing: its test is not the one below.
      if (inCommentedOutCode(comment, raw.offset - start)) {
        this.bound.push({ cite: placed(raw, this.at), chain: [] });
        continue;
      }
      const item: Bound = { cite: placed(raw, this.at), chain: this.stack.slice() };
      items.push(item);
      this.bound.push(item);
    }
    // A comment on its own line describes what follows it; a trailing comment describes the code it ends.
    if (items.length > 0 && (this.slash.newline || this.slash.prev === K.Unknown)) {
      const depth = this.stack.length;
      if (this.awaiting && this.awaiting.depth === depth) this.awaiting.items.push(...items);
      else this.awaiting = { items, depth };
    }
  }

  /** The token after a call's title: unless `,` or `)`, the title was the start of an expression. */
  private titleEnds(kind: Kind): void {
    // @implements results#RESULTS-UNCONFIRMED-IS-AN-ERROR
    if (kind !== K.Comma && kind !== K.CloseParen) untitle(this.justTitled!);
    this.justTitled = undefined;
  }

  /**
   * After `)` the frames tell: a regular expression follows only the `)` of an
   * `if`/`while`/`for`/`with` header. Where only the grammar can tell (after `}`,
   * `of`, `yield`, `await`), the skim found it and the parser's literals are here.
   */
  private slashToken(kind: Kind): Kind {
    if (this.literals !== undefined) return kind; // a regular expression was skipped already
    return this.slash.ends ? kind : this.lexer.reScanSlash();
  }

  /**
   * `it.each<Row>(rows)(…)`: type arguments between a test callee and its `(`
   * are skipped, tokens and all; true when they were. (In a JSX file the
   * skim or the parser read JSX; a `<` left to the tokens compares.)
   */
  // @implements scanner#TYPE-ARGUMENTS-BEFORE-A-TEST-CALL
  private typeArguments(): boolean {
    return (
      this.typed &&
      this.slash.prev === K.Identifier &&
      namesTestCall(
        this.text,
        this.prevStart,
        this.prevEnd,
        this.slash.prev2,
        this.prev3,
        this.prev3Start,
        this.prev3End,
      ) &&
      this.lexer.skipTypeArguments()
    );
  }

  /** A `}`: a template's hole ends (its next piece is read), or a frame closes. */
  private closeBrace(top: Frame | undefined): Kind {
    if (top?.kind === 'template') {
      const kind = this.lexer.reScanTemplate();
      top.titleParts?.push(this.lexer.tokenValue());
      if (kind === K.TemplateTail) {
        this.stack.pop();
        if (top.titleFor !== undefined) {
          setTitle(top.titleFor, top.titleParts!.join(TEMPLATE_HOLE), '`');
          this.justTitled = top.titleFor;
          this.openTitles--;
        }
      }
      return kind;
    }
    const closed = this.stack.pop();
    this.forgetMember();
    this.awaiting = undefined;
    if (closed?.kind === 'brace') this.pending = closed.outerPending;
    if (this.pending && this.pending.depth > this.stack.length) this.pending = undefined;
    return K.CloseBrace;
  }

  private templateHead(top: Frame | undefined): void {
    const frame = newFrame('template');
    // A title built at run time: its text parts, with a hole where each value goes.
    if (top?.wantsTitle && top === this.stack[this.stack.length - 1]) {
      frame.titleFor = top;
      frame.titleParts = [this.lexer.tokenValue()];
      this.openTitles++;
    }
    this.stack.push(frame);
  }

  private openBrace(start: number): void {
    let frame: Frame;
    const pending = this.pending;
    if (pending && pending.depth === this.stack.length) {
      frame = pending.frame;
      this.pending = undefined;
    } else {
      frame = newFrame('brace');
    }
    frame.outerPending = this.pending;
    // `test('t', { skip: true }, fn)`: an options object among a test call's arguments.
    const call = this.stack[this.stack.length - 1];
    if (call?.callee !== undefined && this.slash.prev === K.Comma) {
      const read = joinMarks(call, optionsMark(this.text, start));
      call.notRun = read.notRun;
      call.only = read.only;
    }
    this.stack.push(frame);
    this.awaiting = undefined;
    this.forgetMember();
    // @implements scanner#SKIM-BEFORE-THE-WALK
    const close = this.jumps.braceEnd(start);
    if (close !== -1) this.lexer.seek(close, K.OpenBrace);
  }

  /** A `(`: a method's parameters, a test or suite call, a curried call's table, a declaration's call, or plain. */
  private openParen(top: Frame | undefined, start: number): void {
    const stack = this.stack;
    if (top?.classBody === true && this.memberName !== undefined && !this.memberLocked) {
      const name = this.memberName;
      this.waitFor(name === 'constructor' ? 'constructor' : `method ${name}`, false, false);
      this.memberName = undefined;
    }
    const call = this.testCall();
    this.closedEach = undefined;
    if (call.eachOf !== undefined) {
      // The table: citations waiting above it wait on for the call its `)(` opens.
      const frame = newFrame('paren');
      frame.eachOf = call.eachOf;
      frame.eachFills = call.eachFills;
      frame.notRun = call.notRun;
      frame.only = call.only;
      frame.condition = call.condition;
      frame.openAt = start;
      if (this.awaiting && this.awaiting.depth === stack.length) {
        frame.stash = this.awaiting;
        this.awaiting = undefined;
      }
      this.openTitles++;
      stack.push(frame);
    } else if (call.callee && (TEST_CALLEES.has(call.callee) || SUITE_CALLEES.has(call.callee))) {
      const frame = newFrame('paren');
      frame.callee = call.callee;
      frame.each = call.each;
      frame.wantsTitle = TEST_CALLEES.has(call.callee) ? 'test' : 'suite';
      frame.notRun = call.notRun;
      frame.only = call.only;
      frame.openAt = start;
      if (this.awaiting && this.awaiting.depth === stack.length) {
        for (const b of this.awaiting.items) b.chain = [...stack, frame];
        this.awaiting = undefined;
      }
      stack.push(frame);
    } else if (this.pending?.opensParen && this.pending.depth === stack.length) {
      // `const f = (a) => {` or `const f = wrap(() => {`: label the call or
      // parameter list and keep waiting for the body brace at this depth.
      stack.push(newFrame('paren', this.pending.frame.label));
    } else {
      const frame = newFrame('paren');
      if (this.slash.opensControl()) frame.control = true;
      stack.push(frame);
    }
  }

  /**
   * What the tokens before a `(` say it calls: a test or suite callee (with
   * whether the source marks it never to run), or a curried modifier's
   * table (`it.each(`), or neither.
   */
  private testCall(): TestCall {
    const text = this.text;
    if (this.slash.prev === K.CloseParen && this.closedEach !== undefined)
      return {
        callee: this.closedEach,
        each: this.closedFills,
        notRun: this.closedMark.notRun,
        only: this.closedMark.only,
        eachOf: undefined,
        eachFills: false,
      };
    if (this.chainStart === -1 || this.chainDepth !== this.stack.length) return NO_CALL;
    const root = text.slice(this.chainStart, this.chainRootEnd);
    if (!isTestRoot(root) && !this.aliases.aliases.has(root)) return NO_CALL;
    // The callee as written, `it.skip.each`, `it['skip']` or a name bound to `it.skip`: test-runs.ts reads it.
    // @implements scanner#STATIC-SKIP-VERIFIES-NOTHING
    const call = judgeCallee(text.slice(this.chainStart, this.chainEnd), this.aliases);
    if (call === undefined) return NO_CALL;
    if (call.curried === undefined)
      return {
        callee: call.callee,
        each: false,
        notRun: call.mark.notRun,
        only: call.mark.only,
        eachOf: undefined,
        eachFills: false,
      };
    return {
      callee: undefined,
      each: false,
      notRun: call.mark.notRun,
      only: call.mark.only,
      eachOf: call.callee,
      eachFills: call.curried === 'table',
      condition: call.curried === 'table' ? undefined : call.curried,
    };
  }

  /** A `)` or `]` closes its frame; the `)` of `it.each(table)` leaves the call its `(` will open. */
  private close(kind: Kind, start: number): void {
    const closed = this.stack.pop();
    this.slash.closedControl = closed?.control === true;
    if (this.pending && this.pending.depth > this.stack.length) this.pending = undefined;
    if (closed?.eachOf !== undefined) {
      this.openTitles--;
      this.awaiting = closed.stash ?? this.awaiting;
      const read =
        closed.condition === undefined
          ? closed
          : joinMarks(closed, conditionMark(closed.condition, this.text.slice(closed.openAt! + 1, start)));
      this.closedMark = { notRun: read.notRun, only: read.only };
    }
    if (closed?.callee !== undefined) closed.closeAt = start;
    this.closedEach = kind === K.CloseParen ? closed?.eachOf : undefined;
    this.closedFills = closed?.eachFills === true;
  }

  private semicolon(): void {
    if (this.pending && this.pending.depth === this.stack.length) this.pending = undefined;
    this.awaiting = undefined;
    this.forgetMember();
    this.expectName = undefined;
  }

  /** `name = …` in a class body: a property, bound to what it is assigned (an arrow's body too). */
  private equals(top: Frame | undefined): void {
    if (top?.classBody && this.memberName !== undefined && !this.memberLocked) {
      this.waitFor(`property ${this.memberName}`, true, false);
      this.memberLocked = true;
    }
  }

  /** The token after a test or suite call's `(`: its title when a string, else the call stays untitled. */
  private title(top: Frame, kind: Kind): void {
    if (kind === K.StringLiteral || kind === K.NoSubstitutionTemplate) {
      setTitle(top, this.lexer.tokenValue(), '"');
      this.justTitled = top;
    } else {
      top.label = top.each ? `${top.callee}.each` : top.callee;
      top.wantsTitle = undefined;
    }
  }

  /** The token after a declaring keyword: the declaration's name (or a class's `{`/`extends`). */
  private declarationName(kind: Kind): void {
    const what = this.expectName!;
    this.expectName = undefined;
    if (kind === K.Asterisk && what === 'function') {
      this.expectName = what;
    } else if (kind === K.Identifier || (kind >= FIRST_KEYWORD && kind !== K.Extends)) {
      const variable = what === 'const' || what === 'let' || what === 'var';
      this.waitFor(`${what} ${this.lexer.tokenText()}`, variable, what === 'class');
    } else if (what === 'class' && kind === K.OpenBrace) {
      const frame = this.stack[this.stack.length - 1]!;
      frame.label = 'class (anonymous)';
      frame.classBody = true;
    } else if (what === 'class' && kind === K.Extends) {
      this.waitFor('class (anonymous)', false, true);
    }
  }

  /** A declaring keyword (`function`, `const`, …; a contextual one only where a statement starts), or a class member's name. */
  private declaringOrMember(kind: Kind, top: Frame | undefined): void {
    const decl = DECLARES[kind];
    if (
      decl !== undefined &&
      !top?.classBody &&
      (!CONTEXTUAL_DECL.has(kind) || STATEMENT_START.has(this.slash.prev))
    ) {
      this.expectName = decl;
    } else if (top?.classBody && !this.memberLocked && isNameToken(kind)) {
      this.memberName = kind === K.StringLiteral ? this.lexer.tokenValue() : this.lexer.tokenText();
    }
  }

  /** After every significant token: what waits, what was read, and the skim's statement jump. */
  private after(kind: Kind, start: number): void {
    // (The `)` ending an `it.each(` table hands its waiting citations on to the call it opens.)
    if (this.awaiting && kind !== K.OpenParen && isBoundary(kind) && this.closedEach === undefined)
      this.awaiting = undefined;
    if (kind !== K.CloseParen) this.closedEach = undefined;
    this.followChain(kind, start);
    this.prev3 = this.slash.prev2;
    this.prev3Start = this.prev2Start;
    this.prev3End = this.prev2End;
    this.prev2Start = this.prevStart;
    this.prev2End = this.prevEnd;
    this.prevStart = start;
    this.prevEnd = this.lexer.tokenEnd;
    this.slash.after(kind);
    // @implements scanner#SKIM-BEFORE-THE-WALK
    // A top-level statement's end leaves nothing waiting (the `;` or `}` cleared it): on to the
    // last statement end before the next tag, where the state is the same as it would be here.
    if (this.stack.length === 0 && (kind === K.Semicolon || kind === K.CloseBrace)) {
      const last = this.jumps.lastStatementEnd(start);
      if (last !== -1) {
        const ended = statementEndKind(this.text, last);
        this.lexer.seek(last + 1, ended);
        this.slash.resumeAfter(ended);
        this.prevStart = last;
        this.prevEnd = last + 1;
        this.prev3 = K.Unknown;
      }
    }
  }

  /**
   * A callee chain: a name, then `.name`, `?.name` or `[…]` (whatever stands
   * inside the brackets). Type arguments after it (`it.each<Row>`) were
   * skipped before `after`: the chain ends before them.
   */
  private followChain(kind: Kind, start: number): void {
    const prev = this.slash.prev;
    const stack = this.stack;
    if (
      this.chainStart !== -1 &&
      stack.length > this.chainDepth &&
      stack[this.chainDepth] === this.chainBracket
    ) {
      // inside the chain's computed member: test-runs.ts reads it whole
    } else if (kind === K.Identifier && prev !== K.Dot && prev !== K.QuestionDot) {
      this.chainStart = start;
      this.chainRootEnd = this.lexer.tokenEnd;
      this.chainEnd = this.lexer.tokenEnd;
      this.chainDepth = stack.length;
      this.chainBracket = undefined;
    } else if (kind === K.OpenBracket && this.chainStart !== -1 && stack.length === this.chainDepth + 1) {
      this.chainBracket = stack[this.chainDepth];
    } else if (
      kind === K.Dot ||
      kind === K.QuestionDot ||
      kind === K.CloseBracket ||
      ((prev === K.Dot || prev === K.QuestionDot) && isNameToken(kind))
    ) {
      this.chainEnd = this.lexer.tokenEnd;
    } else {
      this.chainStart = -1;
    }
  }

  /** A class member's name and lock are forgotten where a statement or block ends. */
  private forgetMember(): void {
    this.memberName = undefined;
    this.memberLocked = false;
  }

  /**
   * Opens the frame a declaration gets once its body brace comes; comments
   * waiting for the next declaration at this depth bind to it.
   */
  private waitFor(label: string, opensParen: boolean, classBody: boolean): void {
    const frame = newFrame('brace', label);
    frame.classBody = classBody;
    const depth = this.stack.length;
    if (this.awaiting && this.awaiting.depth === depth) {
      for (const b of this.awaiting.items) b.chain = [...this.stack, frame];
      this.awaiting = undefined;
    }
    this.pending = { frame, depth, opensParen };
  }

  /**
   * Belt and braces: a tag inside any literal the parser saw (template
   * pieces too) is never a citation. Both lists run in file order (literals
   * do not overlap), so one merge pass tells.
   */
  // @implements scanner#LINEAR-PATHS
  private citations(): ScannedCitation[] {
    const out: ScannedCitation[] = [];
    const literals = this.literals;
    let inLiteral = 0;
    for (const item of this.bound) {
      const offset = item.cite.offset;
      if (literals !== undefined) {
        while (inLiteral < literals.length && literals[inLiteral]!.end <= offset) inLiteral++;
        if (inLiteral < literals.length && literals[inLiteral]!.start <= offset) continue;
      }
      out.push(materialise(item.cite, item.chain, () => this.runsFile));
    }
    return out;
  }
}

/** What the tokens before a `(` call: see `Walk.testCall`. */
interface TestCall {
  callee: string | undefined;
  /** The call's title is a runner's format (`it.each(table)('case %s')`). */
  each: boolean;
  notRun: Frame['notRun'];
  only?: boolean | undefined;
  /** `it.skipIf(`/`it.runIf(`: the condition its parentheses hold decides. */
  condition?: 'skipIf' | 'runIf' | undefined;
  /** `it.each(` or `it.skipIf(`: this `(` opens the table, of this callee. */
  eachOf: string | undefined;
  eachFills: boolean;
}

const NO_CALL: TestCall = {
  callee: undefined,
  each: false,
  notRun: undefined,
  eachOf: undefined,
  eachFills: false,
};

/**
 * Labels a test or suite call by its title: it "title"; it.each "case %s"
 * (the runner fills the placeholders row by row); or the title in
 * backticks with a hole for each substitution of a template literal (values
 * known only at run time). checks/results/join.ts reads these labels back.
 */
// @implements results#RESULTS-PARAMETERISED-TESTS
function setTitle(call: Frame, title: string, quote: '"' | '`'): void {
  call.label = `${call.each ? `${call.callee}.each` : call.callee} ${quote}${title}${quote}`;
  if (call.wantsTitle === 'test') call.test = title;
  call.wantsTitle = undefined;
}

/** A call whose title turned out to be an expression: its title is unknown, as for `it(NAME, …)`. */
function untitle(call: Frame): void {
  call.label = call.each ? `${call.callee}.each` : call.callee;
  call.test = undefined;
}

function isBoundary(kind: Kind): boolean {
  return kind === K.CloseParen || kind === K.EqualsGreaterThan || kind === K.Comma;
}

// @implements scanner#GATE-BINDS-ENCLOSING-SYMBOL
function materialise(cite: ScannedCitation, chain: Frame[], runsFile: () => TestFile): ScannedCitation {
  let symbol: string | undefined;
  for (const frame of chain) {
    if (frame.label === undefined) continue;
    symbol = symbol === undefined ? frame.label : `${symbol} > ${frame.label}`;
  }
  if (symbol !== undefined) cite.symbol = symbol;
  // Inside describe()/it()/test() the citation is test code, whatever the file's globs say.
  // @implements scanner#TEST-PER-BLOCK
  for (const frame of chain) {
    if (frame.callee !== undefined && (TEST_CALLEES.has(frame.callee) || SUITE_CALLEES.has(frame.callee))) {
      cite.inTest = true;
      break;
    }
  }
  // @implements scanner#STATIC-SKIP-VERIFIES-NOTHING
  // Each call as runsOfCalls reads it, in one small shape (a spread frame's twenty fields read slowly there).
  const calls: CallRuns[] = [];
  for (const f of chain) {
    if (f.callee === undefined || !(TEST_CALLEES.has(f.callee) || SUITE_CALLEES.has(f.callee))) continue;
    calls.push({
      notRun: f.notRun,
      only: f.only,
      suite: SUITE_CALLEES.has(f.callee),
      openAt: f.openAt,
      closeAt: f.closeAt,
    });
  }
  const notRun = calls.length === 0 ? undefined : runsOfCalls(calls, runsFile());
  if (notRun !== undefined) cite.notRun = notRun;
  for (let i = chain.length - 1; i >= 0; i--) {
    const t = chain[i]!.test;
    if (t !== undefined) {
      cite.testName = t;
      break;
    }
  }
  return cite;
}
