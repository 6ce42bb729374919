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
  conditionMark,
  isTestRoot,
  joinMarks,
  judgeCallee,
  optionsMark,
  type RunMark,
  readTestFile,
  runsOfCalls,
  type TestFile,
} from './test-runs.ts';
import { CONTROL_KEYWORDS, DIVIDES_AFTER, isNameToken } from './ts-grammar.ts';
import { FIRST_KEYWORD, K, type Kind, Lexer } from './ts-lexer.ts';
import { type Skim, skim } from './ts-skim.ts';
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
  stash?: { items: Bound[]; depth: number } | undefined;
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

const lexer = new Lexer();

/** The files TypeScript reads as JSX: .tsx and .jsx, and every JavaScript file (.js, .mjs, .cjs). */
// @implements real-code#JSX-BY-EXTENSION
const JSX_FILE = /\.(?:[jt]sx|[mc]?js)$/;

interface Bound {
  cite: ScannedCitation;
  chain: Frame[];
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

let parseLiterals: LiteralParser | undefined;

/** Installs the parser the scan asks where the tokens are ambiguous (ts-literals.ts). */
export function useLiteralParser(parser: LiteralParser): void {
  parseLiterals = parser;
}

/**
 * Thrown by `scanTypeScript` when a file's tokens are ambiguous and
 * TypeScript's parser is not loaded yet: await `loadTypeScriptParser()`
 * (dispatch.ts) and scan again.
 */
export class TypeScriptParserNotLoaded extends Error {
  constructor(file: string) {
    super(`TypeScript's parser is not loaded yet (needed for ${file}); await loadTypeScriptParser() first`);
  }
}

/** How a TS/JS file was read, counted per run for benches (bench/scan-rate.ts). */
export const scanPaths = { noTag: 0, noTagInComment: 0, skimmed: 0, withLiterals: 0, parser: 0 };

/**
 * The citations of one TS/JS file. `jumps: false` walks every token the
 * skim would let it jump over (the tests compare both ways: a jump must
 * never change what is found).
 */
// @implements factline#GATE-SCAN-COMMENTS-ONLY
export function scanTypeScript(text: string, file: string, options?: { jumps?: boolean }): ScannedCitation[] {
  const candidates = tagCandidates(text);
  if (candidates.length === 0) {
    scanPaths.noTag++;
    return [];
  }
  const jsx = JSX_FILE.test(file);
  const skimmed = skim(text, jsx, candidates, false);
  if (!skimmed.ambiguous) {
    // @implements real-code#SKIM-BEFORE-THE-WALK
    if (!skimmed.tagInComment) {
      scanPaths.noTagInComment++;
      return [];
    }
    const jumps = options?.jumps !== false;
    if (!skimmed.literalsNeeded) {
      scanPaths.skimmed++;
      return walk(text, file, candidates, undefined, jumps ? skimmed : undefined);
    }
    // JSX, or a regular expression after a block: the walk reads the skim's literals, as it would the parser's.
    scanPaths.withLiterals++;
    const listed = skim(text, jsx, candidates, true);
    return walk(text, file, candidates, listed.literals, jumps ? listed : undefined);
  }
  scanPaths.parser++;
  // The tokens alone could not tell: walk with the parser's literals.
  if (parseLiterals === undefined) throw new TypeScriptParserNotLoaded(file);
  let literals: Literal[];
  try {
    literals = parseLiterals(text, file);
  } catch (error) {
    // @implements real-code#PARSER-FAILURE-FALLS-BACK
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    warn(file, `TypeScript's parser failed (${why}); its citations are read by tokens alone`);
    return walk(text, file, candidates, undefined, undefined);
  }
  return walk(text, file, candidates, literals, undefined);
}

/** Where the scan says what the user should know that is no citation (a file read by tokens alone). */
export type ScanWarning = (file: string, message: string) => void;

let warn: ScanWarning = () => {};

/** Installs where scan warnings go (the CLI and the scan workers print them to stderr); none by default. */
export function onScanWarning(sink: ScanWarning): void {
  warn = sink;
}

/**
 * One pass of the token walk. With `literals` (sorted [start, end) ranges of
 * strings, regular expressions and JSX text, from a full parse or the
 * skim), a token that starts inside one is skipped to its end, so neither a
 * `/` nor a quote is left to guess. With `skimmed`, every brace region the
 * skim found free of tags is jumped over: its `{` and `}` are walked, what
 * lies between is not.
 */
function walk(
  text: string,
  file: string,
  candidates: readonly number[],
  literals: readonly Literal[] | undefined,
  skimmed: Skim | undefined,
): ScannedCitation[] {
  let nextLiteral = 0;
  const braceOpens = skimmed?.braceOpens;
  const braceCloses = skimmed?.braceCloses;
  const braces = skimmed?.braces ?? 0;
  let nextBrace = 0;
  const statementEnds = skimmed?.statementEnds;
  const statements = skimmed?.statements ?? 0;
  let nextStatement = 0;
  let nextCandidate = 0;
  // Type arguments exist in TypeScript only: in JavaScript `a < b > (c)` compares.
  const typed = /\.[mc]?ts$/.test(file);
  const lineFeedsOnly = skimmed?.lineFeedsOnly ?? !hasOtherLineBreak(text, true);
  lexer.setText(text, lineFeedsOnly);
  const at = lazyLineIndex(text, true, lineFeedsOnly);
  const bound: Bound[] = [];
  const stack: Frame[] = [];
  let pending: Pending | undefined;
  let awaiting: { items: Bound[]; depth: number } | undefined;
  // What the last significant tokens were (kind and place), newest first;
  // their text is cut out only when a call needs its callee name.
  let prev: Kind = K.Unknown;
  let prevStart = 0;
  let prevEnd = 0;
  let prev2: Kind = K.Unknown;
  let prev2Start = 0;
  let prev2End = 0;
  let prev3: Kind = K.Unknown;
  let prev3Start = 0;
  let prev3End = 0;
  let newlineSinceToken = true;
  // Whether the previous token ends an expression (a `/` after it divides, a `<` after it compares).
  let prevEnds = false;
  let expectName: string | undefined;
  let memberName: string | undefined;
  let memberLocked = false;
  const lastAt = candidates[candidates.length - 1]!;
  let closedControl = false;
  // The `it.each(` (or `it.skipIf(`) whose parentheses just closed, if the last `)` closed one.
  let closedEach: string | undefined;
  let closedFills = false;
  // Titles and tables still open: the walk cannot stop early while one is.
  let openTitles = 0;
  // A call whose title was just read: unless `,` or `)` follows, the title is an expression (`'a ' + b`).
  let justTitled: Frame | undefined;
  // Whether each test runs (test-runs.ts): what the whole file says, the callee chain being read
  // (its first name's place and the depth it stands at), and what the last `it.each(…)` said.
  const runsFile = readTestFile(text);
  let chainStart = -1;
  let chainRootEnd = -1;
  let chainEnd = -1;
  let chainDepth = 0;
  let chainBracket: Frame | undefined;
  let closedMark: RunMark = {};

  for (let kind = lexer.scan(); kind !== K.EndOfFile; kind = lexer.scan()) {
    if (lexer.newline) newlineSinceToken = true;
    const start = lexer.tokenStart;
    if (literals !== undefined) {
      while (nextLiteral < literals.length && literals[nextLiteral]!.end <= start) nextLiteral++;
      const literal = literals[nextLiteral];
      if (literal !== undefined && literal.start <= start && !literal.template) {
        kind = literal.kind;
        lexer.resetTo(literal.end, kind);
      }
    }
    if (kind === K.SingleLineComment || kind === K.MultiLineComment) {
      const comment = lexer.tokenText();
      if (comment.includes('@')) {
        const raws = parseCitations(comment, start);
        if (raws.length > 0) {
          const items: Bound[] = [];
          for (const raw of raws) {
            // Commented-out code binds to nothing: its test is not the one below.
            if (inCommentedOutCode(comment, raw.offset - start)) {
              bound.push({ cite: placed(raw, at), chain: [] });
              continue;
            }
            const item: Bound = { cite: placed(raw, at), chain: stack.slice() };
            items.push(item);
            bound.push(item);
          }
          // A comment on its own line describes what follows it; a trailing
          // comment describes the code it ends.
          if (items.length > 0 && (newlineSinceToken || prev === K.Unknown)) {
            if (awaiting && awaiting.depth === stack.length) awaiting.items.push(...items);
            else awaiting = { items, depth: stack.length };
          }
        }
      }
      continue;
    }
    if (justTitled !== undefined) {
      // @implements green#RESULTS-UNCONFIRMED-IS-AN-ERROR
      if (kind !== K.Comma && kind !== K.CloseParen) untitle(justTitled);
      justTitled = undefined;
    }
    const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
    // Past the last tag nothing more can be bound: stop tokenizing early.
    if (
      start > lastAt &&
      !awaiting &&
      !pending &&
      expectName === undefined &&
      !top?.wantsTitle &&
      top?.callee === undefined &&
      justTitled === undefined &&
      openTitles === 0 &&
      closedEach === undefined
    )
      break;
    switch (kind) {
      case K.Slash:
      case K.SlashEquals:
        // After `)` the frames tell: a regular expression follows only the `)` of an
        // `if`/`while`/`for`/`with` header. Where only the grammar can tell (after `}`,
        // `of`, `yield`, `await`), the skim found it and the parser's literals are here.
        if (literals !== undefined) break; // a regular expression was skipped above
        if (!prevEnds) kind = lexer.reScanSlash();
        break;
      case K.LessThan:
        // `it.each<Row>(rows)(…)`: type arguments between a test callee and its `(` are skipped, tokens and all.
        // (In a JSX file the skim or the parser read JSX; a `<` left to the tokens compares.)
        // @implements evidence#TYPE-ARGUMENTS-BEFORE-A-TEST-CALL
        if (
          typed &&
          prev === K.Identifier &&
          namesTestCall(text, prevStart, prevEnd, prev2, prev3, prev3Start, prev3End)
        ) {
          if (lexer.skipTypeArguments()) continue;
        }
        break;
      case K.CloseBrace:
        if (top?.kind === 'template') {
          kind = lexer.reScanTemplate();
          top.titleParts?.push(lexer.tokenValue());
          if (kind === K.TemplateTail) {
            stack.pop();
            if (top.titleFor !== undefined) {
              setTitle(top.titleFor, top.titleParts!.join(TEMPLATE_HOLE), '`');
              justTitled = top.titleFor;
              openTitles--;
            }
          }
        } else {
          const closed = stack.pop();
          awaiting = undefined;
          memberName = undefined;
          memberLocked = false;
          if (closed?.kind === 'brace') pending = closed.outerPending;
          if (pending && pending.depth > stack.length) pending = undefined;
        }
        break;
      case K.TemplateHead: {
        const frame = newFrame('template');
        // A title built at run time: its text parts, with a hole where each value goes.
        if (top?.wantsTitle && top === stack[stack.length - 1]) {
          frame.titleFor = top;
          frame.titleParts = [lexer.tokenValue()];
          openTitles++;
        }
        stack.push(frame);
        break;
      }
      case K.OpenBrace: {
        let frame: Frame;
        if (pending && pending.depth === stack.length) {
          frame = pending.frame;
          pending = undefined;
        } else {
          frame = newFrame('brace');
        }
        frame.outerPending = pending;
        // `test('t', { skip: true }, fn)`: an options object among a test call's arguments.
        if (top?.callee !== undefined && prev === K.Comma) {
          const read = joinMarks(top, optionsMark(text, start));
          top.notRun = read.notRun;
          top.only = read.only;
        }
        stack.push(frame);
        awaiting = undefined;
        memberName = undefined;
        memberLocked = false;
        // @implements real-code#SKIM-BEFORE-THE-WALK
        if (braceOpens !== undefined) {
          while (nextBrace < braces && braceOpens[nextBrace]! < start) nextBrace++;
          if (nextBrace < braces && braceOpens[nextBrace] === start) {
            const close = braceCloses![nextBrace]!;
            if (close > start) lexer.seek(close, K.OpenBrace);
          }
        }
        break;
      }
      case K.OpenParen: {
        const inClass = top?.classBody === true;
        if (inClass && memberName !== undefined && !memberLocked) {
          pending = pendingFrame(
            memberName === 'constructor' ? 'constructor' : `method ${memberName}`,
            false,
            false,
            stack,
            awaiting,
          );
          if (awaiting?.depth === stack.length) awaiting = undefined;
          memberName = undefined;
        }
        let callee: string | undefined;
        let eachOf: string | undefined;
        let eachFills = false;
        const curried = prev === K.CloseParen && closedEach !== undefined;
        const each = curried && closedFills;
        let mark: RunMark = {};
        let condition: Frame['condition'];
        if (curried) {
          callee = closedEach;
          mark = closedMark;
        } else if (
          chainStart !== -1 &&
          chainDepth === stack.length &&
          (isTestRoot(text.slice(chainStart, chainRootEnd)) ||
            runsFile.aliases.has(text.slice(chainStart, chainRootEnd)))
        ) {
          // The callee as written, `it.skip.each`, `it['skip']` or a name bound to `it.skip`: test-runs.ts reads it.
          // @implements green#STATIC-SKIP-VERIFIES-NOTHING
          const call = judgeCallee(text.slice(chainStart, chainEnd), runsFile);
          if (call !== undefined) {
            mark = call.mark;
            if (call.curried === undefined) callee = call.callee;
            else {
              eachOf = call.callee;
              eachFills = call.curried === 'table';
              if (call.curried !== 'table') condition = call.curried;
            }
          }
        }
        closedEach = undefined;
        if (eachOf !== undefined) {
          // The table: citations waiting above it wait on for the call its `)(` opens.
          const frame = newFrame('paren');
          frame.eachOf = eachOf;
          frame.eachFills = eachFills;
          frame.notRun = mark.notRun;
          frame.only = mark.only;
          frame.condition = condition;
          frame.openAt = start;
          if (awaiting && awaiting.depth === stack.length) {
            frame.stash = awaiting;
            awaiting = undefined;
          }
          openTitles++;
          stack.push(frame);
        } else if (callee && (TEST_CALLEES.has(callee) || SUITE_CALLEES.has(callee))) {
          const frame = newFrame('paren');
          frame.callee = callee;
          frame.each = each;
          frame.wantsTitle = TEST_CALLEES.has(callee) ? 'test' : 'suite';
          frame.notRun = mark.notRun;
          frame.only = mark.only;
          frame.openAt = start;
          if (awaiting && awaiting.depth === stack.length) {
            for (const b of awaiting.items) b.chain = [...stack, frame];
            awaiting = undefined;
          }
          stack.push(frame);
        } else if (pending?.opensParen && pending.depth === stack.length) {
          // `const f = (a) => {` or `const f = wrap(() => {`: label the call or
          // parameter list and keep waiting for the body brace at this depth.
          stack.push(newFrame('paren', pending.frame.label));
        } else {
          const frame = newFrame('paren');
          if (CONTROL_KEYWORDS.has(prev) || (prev === K.Await && prev2 === K.For)) frame.control = true;
          stack.push(frame);
        }
        break;
      }
      case K.OpenBracket:
        stack.push(newFrame('bracket'));
        break;
      case K.CloseParen:
      case K.CloseBracket: {
        const closed = stack.pop();
        closedControl = closed?.control === true;
        if (pending && pending.depth > stack.length) pending = undefined;
        if (closed?.eachOf !== undefined) {
          openTitles--;
          awaiting = closed.stash ?? awaiting;
          const read =
            closed.condition === undefined
              ? closed
              : joinMarks(closed, conditionMark(closed.condition, text.slice(closed.openAt! + 1, start)));
          closedMark = { notRun: read.notRun, only: read.only };
        }
        if (closed?.callee !== undefined) closed.closeAt = start;
        closedEach = kind === K.CloseParen ? closed?.eachOf : undefined;
        closedFills = closed?.eachFills === true;
        break;
      }
      case K.Semicolon:
        if (pending && pending.depth === stack.length) pending = undefined;
        awaiting = undefined;
        memberName = undefined;
        memberLocked = false;
        expectName = undefined;
        break;
      case K.Colon:
      case K.Question:
      case K.Exclamation:
        if (top?.classBody) memberLocked = true;
        break;
      case K.Equals:
        if (top?.classBody && memberName !== undefined && !memberLocked) {
          pending = pendingFrame(`property ${memberName}`, true, false, stack, awaiting);
          if (awaiting?.depth === stack.length) awaiting = undefined;
          memberLocked = true;
        }
        break;
      default:
        break;
    }
    if (top?.wantsTitle && stack[stack.length - 1] === top && kind !== K.OpenParen) {
      if (kind === K.StringLiteral || kind === K.NoSubstitutionTemplate) {
        setTitle(top, lexer.tokenValue(), '"');
        justTitled = top;
      } else {
        top.label = top.each ? `${top.callee}.each` : top.callee;
        top.wantsTitle = undefined;
      }
    }
    // Declarations: a keyword, then the name.
    if (expectName !== undefined) {
      const what = expectName;
      expectName = undefined;
      if (kind === K.Asterisk && what === 'function') {
        expectName = what;
      } else if (kind === K.Identifier || (kind >= FIRST_KEYWORD && kind !== K.Extends)) {
        pending = pendingFrame(
          `${what} ${lexer.tokenText()}`,
          what === 'const' || what === 'let' || what === 'var',
          what === 'class',
          stack,
          awaiting,
        );
        if (awaiting?.depth === stack.length) awaiting = undefined;
      } else if (what === 'class' && (kind === K.OpenBrace || kind === K.Extends)) {
        if (kind === K.OpenBrace) {
          const frame = stack[stack.length - 1]!;
          frame.label = 'class (anonymous)';
          frame.classBody = true;
        } else {
          pending = pendingFrame('class (anonymous)', false, true, stack, awaiting);
          if (awaiting?.depth === stack.length) awaiting = undefined;
        }
      }
    } else {
      const decl = DECLARES[kind];
      if (
        decl !== undefined &&
        !top?.classBody &&
        (!CONTEXTUAL_DECL.has(kind) || STATEMENT_START.has(prev))
      ) {
        expectName = decl;
      } else if (top?.classBody && !memberLocked && isNameToken(kind)) {
        memberName = kind === K.StringLiteral ? lexer.tokenValue() : lexer.tokenText();
      }
    }
    // (The `)` ending an `it.each(` table hands its waiting citations on to the call it opens.)
    if (awaiting && kind !== K.OpenParen && isBoundary(kind) && closedEach === undefined)
      awaiting = undefined;
    if (kind !== K.CloseParen) closedEach = undefined;
    // A callee chain: a name, then `.name`, `?.name` or `[…]` (whatever stands inside the brackets).
    // (Type arguments after it, `it.each<Row>`, were skipped above: the chain ends before them.)
    if (chainStart !== -1 && stack.length > chainDepth && stack[chainDepth] === chainBracket) {
      // inside the chain's computed member: test-runs.ts reads it whole
    } else if (kind === K.Identifier && prev !== K.Dot && prev !== K.QuestionDot) {
      chainStart = start;
      chainRootEnd = lexer.tokenEnd;
      chainEnd = lexer.tokenEnd;
      chainDepth = stack.length;
      chainBracket = undefined;
    } else if (kind === K.OpenBracket && chainStart !== -1 && stack.length === chainDepth + 1) {
      chainBracket = stack[chainDepth];
    } else if (
      kind === K.Dot ||
      kind === K.QuestionDot ||
      kind === K.CloseBracket ||
      ((prev === K.Dot || prev === K.QuestionDot) && isNameToken(kind))
    ) {
      chainEnd = lexer.tokenEnd;
    } else {
      chainStart = -1;
    }
    prev3 = prev2;
    prev3Start = prev2Start;
    prev3End = prev2End;
    prev2 = prev;
    prev2Start = prevStart;
    prev2End = prevEnd;
    // A `!` right after an expression's end on its line is TypeScript's non-null assertion (`width! / 2`).
    // @implements real-code#NON-NULL-BEFORE-A-SLASH
    if (kind === K.Exclamation) {
      prevEnds = prevEnds && !newlineSinceToken;
    } else {
      prevEnds = kind === K.CloseParen ? !closedControl : DIVIDES_AFTER[kind] === 1;
    }
    prev = kind;
    prevStart = start;
    prevEnd = lexer.tokenEnd;
    newlineSinceToken = false;
    // @implements real-code#SKIM-BEFORE-THE-WALK
    // A top-level statement's end leaves nothing waiting (the `;` or `}` cleared it): on to the
    // last statement end before the next tag, where the state is the same as it would be here.
    if (
      statementEnds !== undefined &&
      stack.length === 0 &&
      (kind === K.Semicolon || kind === K.CloseBrace)
    ) {
      while (nextCandidate < candidates.length && candidates[nextCandidate]! <= start) nextCandidate++;
      const tag = nextCandidate < candidates.length ? candidates[nextCandidate]! : text.length;
      while (nextStatement < statements && statementEnds[nextStatement]! <= start) nextStatement++;
      let last = -1;
      while (nextStatement < statements && statementEnds[nextStatement]! < tag)
        last = statementEnds[nextStatement++]!;
      if (last > start) {
        const ended = text.charCodeAt(last) === 59 /* ; */ ? K.Semicolon : K.CloseBrace;
        lexer.seek(last + 1, ended);
        prev = ended;
        prevStart = last;
        prevEnd = last + 1;
        prev2 = K.Unknown;
        prev3 = K.Unknown;
        prevEnds = ended === K.CloseBrace;
      }
    }
  }
  const out: ScannedCitation[] = [];
  // Belt and braces: a tag inside any literal the parser saw (template pieces too) is never a citation.
  // Both lists run in file order (literals do not overlap), so one merge pass tells.
  // @implements real-code#LINEAR-PATHS
  let inLiteral = 0;
  for (const item of bound) {
    const offset = item.cite.offset;
    if (literals !== undefined) {
      while (inLiteral < literals.length && literals[inLiteral]!.end <= offset) inLiteral++;
      if (inLiteral < literals.length && literals[inLiteral]!.start <= offset) continue;
    }
    out.push(materialise(item.cite, item.chain, runsFile));
  }
  return out;
}

/**
 * The frame a declaration opens once its body brace comes; comments waiting
 * for the next declaration at this depth bind to it. Module-level rather
 * than a closure per file (tsx's keepNames makes closures cost).
 */
function pendingFrame(
  label: string,
  opensParen: boolean,
  classBody: boolean,
  stack: Frame[],
  awaiting: { items: Bound[]; depth: number } | undefined,
): Pending {
  const frame = newFrame('brace', label);
  frame.classBody = classBody;
  if (awaiting && awaiting.depth === stack.length) {
    for (const b of awaiting.items) b.chain = [...stack, frame];
  }
  return { frame, depth: stack.length, opensParen };
}

/**
 * Labels a test or suite call by its title: it "title"; it.each "case %s"
 * (the runner fills the placeholders row by row); or the title in
 * backticks with a hole for each substitution of a template literal (values
 * known only at run time). checks/results/join.ts reads these labels back.
 */
// @implements evidence#RESULTS-PARAMETERISED-TESTS
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

// @implements factline#GATE-BINDS-ENCLOSING-SYMBOL
function materialise(cite: ScannedCitation, chain: Frame[], runsFile: TestFile): ScannedCitation {
  let symbol: string | undefined;
  for (const frame of chain) {
    if (frame.label === undefined) continue;
    symbol = symbol === undefined ? frame.label : `${symbol} > ${frame.label}`;
  }
  if (symbol !== undefined) cite.symbol = symbol;
  // Inside describe()/it()/test() the citation is test code, whatever the file's globs say.
  // @implements real-codebases#TEST-PER-BLOCK
  for (const frame of chain) {
    if (frame.callee !== undefined && (TEST_CALLEES.has(frame.callee) || SUITE_CALLEES.has(frame.callee))) {
      cite.inTest = true;
      break;
    }
  }
  // @implements green#STATIC-SKIP-VERIFIES-NOTHING
  const calls = chain
    .filter((f) => f.callee !== undefined && (TEST_CALLEES.has(f.callee) || SUITE_CALLEES.has(f.callee)))
    .map((f) => ({ ...f, suite: SUITE_CALLEES.has(f.callee!) }));
  const notRun = runsOfCalls(calls, runsFile);
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
