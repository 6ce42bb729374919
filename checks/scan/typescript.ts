/**
 * TS/JS citations through the TypeScript scanner (tokens, not a full parse:
 * a parse costs ~10x more and the gate reads every file of a repository).
 * Comments are real comment trivia, so text inside strings, templates and
 * regular expressions never counts. A light frame stack over the tokens
 * names the enclosing declaration and it()/test() title of each citation.
 */
import { mayHoldCitations, parseCitations } from './refs.ts';
import { lineIndex, placed, type ScannedCitation, TEMPLATE_HOLE } from './types.ts';
import { ts } from './typescript-api.ts';

const {
  AsteriskToken,
  AwaitKeyword,
  BigIntLiteral,
  CaseKeyword,
  ClassKeyword,
  CloseBraceToken,
  CloseBracketToken,
  CloseParenToken,
  ColonToken,
  CommaToken,
  ConflictMarkerTrivia,
  ConstKeyword,
  DeclareKeyword,
  DefaultKeyword,
  DeleteKeyword,
  DoKeyword,
  DotToken,
  ElseKeyword,
  EndOfFileToken,
  EnumKeyword,
  EqualsGreaterThanToken,
  EqualsToken,
  ExclamationToken,
  ExportKeyword,
  ExtendsKeyword,
  FirstKeyword,
  FunctionKeyword,
  Identifier,
  InKeyword,
  InstanceOfKeyword,
  InterfaceKeyword,
  LastKeyword,
  LetKeyword,
  MinusMinusToken,
  ModuleKeyword,
  MultiLineCommentTrivia,
  NamespaceKeyword,
  NewKeyword,
  NewLineTrivia,
  NoSubstitutionTemplateLiteral,
  NumericLiteral,
  OfKeyword,
  OpenBraceToken,
  OpenBracketToken,
  OpenParenToken,
  PlusPlusToken,
  PrivateIdentifier,
  QuestionToken,
  RegularExpressionLiteral,
  ReturnKeyword,
  SemicolonToken,
  ShebangTrivia,
  SingleLineCommentTrivia,
  SlashEqualsToken,
  SlashToken,
  StringLiteral,
  TemplateHead,
  TemplateTail,
  ThrowKeyword,
  TypeKeyword,
  TypeOfKeyword,
  Unknown,
  VarKeyword,
  VoidKeyword,
  WhitespaceTrivia,
  YieldKeyword,
  WhileKeyword,
  ForKeyword,
  WithKeyword,
  LessThanToken,
  TemplateMiddle,
  JsxText,
  IfKeyword,
} = ts.SyntaxKind;

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
/** After these a `/` starts a regular expression, after anything else it divides. */
const EXPRESSION_KEYWORDS = new Set<ts.SyntaxKind>([
  ReturnKeyword,
  TypeOfKeyword,
  InstanceOfKeyword,
  InKeyword,
  OfKeyword,
  NewKeyword,
  DeleteKeyword,
  VoidKeyword,
  ThrowKeyword,
  CaseKeyword,
  DoKeyword,
  ElseKeyword,
  YieldKeyword,
  AwaitKeyword,
]);
const CONTROL_KEYWORDS = new Set<ts.SyntaxKind>([IfKeyword, WhileKeyword, ForKeyword, WithKeyword]);
const DIVISION_AFTER = new Set<ts.SyntaxKind>([
  Identifier,
  PrivateIdentifier,
  NumericLiteral,
  BigIntLiteral,
  StringLiteral,
  NoSubstitutionTemplateLiteral,
  TemplateTail,
  RegularExpressionLiteral,
  CloseParenToken,
  CloseBracketToken,
  CloseBraceToken,
  PlusPlusToken,
  MinusMinusToken,
]);
const STATEMENT_START = new Set<ts.SyntaxKind>([
  Unknown,
  SemicolonToken,
  OpenBraceToken,
  CloseBraceToken,
  ExportKeyword,
  DeclareKeyword,
  DefaultKeyword,
]);
const DECL_KEYWORDS: Partial<Record<ts.SyntaxKind, string>> = {
  [FunctionKeyword]: 'function',
  [ClassKeyword]: 'class',
  [InterfaceKeyword]: 'interface',
  [EnumKeyword]: 'enum',
  [NamespaceKeyword]: 'namespace',
  [ModuleKeyword]: 'namespace',
  [TypeKeyword]: 'type',
  [ConstKeyword]: 'const',
  [LetKeyword]: 'let',
  [VarKeyword]: 'var',
};
/** Contextual keywords that only declare at the start of a statement. */
const CONTEXTUAL_DECL = new Set<ts.SyntaxKind>([
  InterfaceKeyword,
  NamespaceKeyword,
  ModuleKeyword,
  TypeKeyword,
  LetKeyword,
  EnumKeyword,
]);

function isNameToken(kind: ts.SyntaxKind): boolean {
  return (
    kind === Identifier ||
    kind === PrivateIdentifier ||
    kind === StringLiteral ||
    kind === NumericLiteral ||
    (kind >= FirstKeyword && kind <= LastKeyword)
  );
}

const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard);

/** A token's text when it is an identifier short enough to be a test callee or call modifier, else ''. */
function shortName(text: string, kind: ts.SyntaxKind, start: number, end: number): string {
  return kind === Identifier && end - start <= 10 ? text.slice(start, end) : '';
}

interface Bound {
  cite: ScannedCitation;
  chain: Frame[];
}

// @implements factline#GATE-SCAN-COMMENTS-ONLY
export function scanTypeScript(text: string, file: string): ScannedCitation[] {
  if (!mayHoldCitations(text)) return [];
  const first = walk(text, file, undefined);
  if (!first.ambiguous) return first.out;
  // The tokens alone could not tell: walk again with the parser's literals.
  const literals = parsedLiterals(text, file);
  return walk(text, file, literals).out;
}

/**
 * One pass of the token walk. With `literals` (sorted [start, end) ranges of
 * strings, regular expressions and JSX text from a full parse), a token that
 * starts inside one is skipped to its end, so neither a `/` nor a quote is
 * left to guess.
 */
function walk(
  text: string,
  file: string,
  literals: Literal[] | undefined,
): { out: ScannedCitation[]; ambiguous: boolean } {
  let nextLiteral = 0;
  const jsx = file.endsWith('x');
  scanner.setLanguageVariant(jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard);
  scanner.setText(text);
  const at = lineIndex(text);
  const bound: Bound[] = [];
  const stack: Frame[] = [];
  let pending: Pending | undefined;
  let awaiting: { items: Bound[]; depth: number } | undefined;
  // What the last significant tokens were (kind and place), newest first;
  // their text is cut out only when a call needs its callee name.
  let prev: ts.SyntaxKind = Unknown;
  let prevStart = 0;
  let prevEnd = 0;
  let prev2: ts.SyntaxKind = Unknown;
  let prev2Start = 0;
  let prev2End = 0;
  let prev3: ts.SyntaxKind = Unknown;
  let prev3Start = 0;
  let prev3End = 0;
  let newlineSinceToken = true;
  let expectName: string | undefined;
  let memberName: string | undefined;
  let memberLocked = false;
  const lastAt = text.lastIndexOf('@');
  // Where the token stream alone cannot tell a comment from a literal (a `/`
  // right after `)` or `}`, JSX in a .tsx file), the parser decides below.
  let ambiguous = false;
  let closedControl = false;
  // The `it.each(` (or `it.skipIf(`) whose parentheses just closed, if the last `)` closed one.
  let closedEach: string | undefined;
  let closedFills = false;
  // Titles and tables still open: the walk cannot stop early while one is.
  let openTitles = 0;

  for (let kind = scanner.scan(); kind !== EndOfFileToken; kind = scanner.scan()) {
    if (kind === WhitespaceTrivia || kind === ShebangTrivia || kind === ConflictMarkerTrivia) continue;
    if (kind === NewLineTrivia) {
      newlineSinceToken = true;
      continue;
    }
    const start = scanner.getTokenStart();
    if (literals !== undefined) {
      while (nextLiteral < literals.length && literals[nextLiteral]!.end <= start) nextLiteral++;
      const literal = literals[nextLiteral];
      if (literal !== undefined && literal.start <= start && !literal.template) {
        if (scanner.getTokenEnd() !== literal.end) scanner.resetTokenState(literal.end);
        kind = literal.kind;
      }
    }
    if (kind === SingleLineCommentTrivia || kind === MultiLineCommentTrivia) {
      const comment = scanner.getTokenText();
      if (comment.includes('@')) {
        const raws = parseCitations(comment, start);
        if (raws.length > 0) {
          const items: Bound[] = [];
          for (const raw of raws) {
            const item: Bound = { cite: placed(raw, at), chain: stack.slice() };
            items.push(item);
            bound.push(item);
          }
          // A comment on its own line describes what follows it; a trailing
          // comment describes the code it ends.
          if (newlineSinceToken || prev === Unknown) {
            if (awaiting && awaiting.depth === stack.length) awaiting.items.push(...items);
            else awaiting = { items, depth: stack.length };
          }
        }
      }
      continue;
    }
    const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
    // Past the last tag nothing more can be bound: stop tokenizing early.
    if (
      start > lastAt &&
      !awaiting &&
      !pending &&
      expectName === undefined &&
      !top?.wantsTitle &&
      openTitles === 0 &&
      closedEach === undefined
    )
      break;
    switch (kind) {
      case SlashToken:
      case SlashEqualsToken:
        if (prev === CloseParenToken || prev === CloseBraceToken) ambiguous = true;
        if (literals !== undefined) break; // a regular expression was skipped above
        if (
          (prev === CloseParenToken && closedControl) ||
          (!DIVISION_AFTER.has(prev) && !(isNameToken(prev) && !EXPRESSION_KEYWORDS.has(prev)))
        ) {
          kind = scanner.reScanSlashToken();
        }
        break;
      case LessThanToken:
        if (jsx) ambiguous = true;
        break;
      case CloseBraceToken:
        if (top?.kind === 'template') {
          kind = scanner.reScanTemplateToken(false);
          top.titleParts?.push(scanner.getTokenValue());
          if (kind === TemplateTail) {
            stack.pop();
            if (top.titleFor !== undefined) {
              setTitle(top.titleFor, top.titleParts!.join(TEMPLATE_HOLE), '`');
              openTitles--;
            }
          }
        } else {
          stack.pop();
          awaiting = undefined;
          memberName = undefined;
          memberLocked = false;
          if (pending && pending.depth > stack.length) pending = undefined;
        }
        break;
      case TemplateHead: {
        const frame = newFrame('template');
        // A title built at run time: its text parts, with a hole where each value goes.
        if (top?.wantsTitle && top === stack[stack.length - 1]) {
          frame.titleFor = top;
          frame.titleParts = [scanner.getTokenValue()];
          openTitles++;
        }
        stack.push(frame);
        break;
      }
      case OpenBraceToken: {
        if (pending && pending.depth === stack.length) {
          stack.push(pending.frame);
          pending = undefined;
        } else {
          stack.push(newFrame('brace'));
        }
        awaiting = undefined;
        memberName = undefined;
        memberLocked = false;
        break;
      }
      case OpenParenToken: {
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
        const curried = prev === CloseParenToken && closedEach !== undefined;
        const each = curried && closedFills;
        if (curried) callee = closedEach;
        else if (prev === Identifier && prev2 !== DotToken)
          callee = shortName(text, prev, prevStart, prevEnd);
        else if (prev === Identifier && prev2 === DotToken) {
          const modifier = shortName(text, prev, prevStart, prevEnd);
          const target = shortName(text, prev3, prev3Start, prev3End);
          if (CALL_MODIFIERS.has(modifier)) callee = target;
          else if (
            CURRIED_MODIFIERS.has(modifier) &&
            (TEST_CALLEES.has(target) || SUITE_CALLEES.has(target))
          ) {
            eachOf = target;
            eachFills = CURRIED_MODIFIERS.get(modifier)!;
          }
        }
        closedEach = undefined;
        if (eachOf !== undefined) {
          // The table: citations waiting above it wait on for the call its `)(` opens.
          const frame = newFrame('paren');
          frame.eachOf = eachOf;
          frame.eachFills = eachFills;
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
          if (CONTROL_KEYWORDS.has(prev)) frame.control = true;
          stack.push(frame);
        }
        break;
      }
      case OpenBracketToken:
        stack.push(newFrame('bracket'));
        break;
      case CloseParenToken:
      case CloseBracketToken: {
        const closed = stack.pop();
        closedControl = closed?.control === true;
        if (pending && pending.depth > stack.length) pending = undefined;
        if (closed?.eachOf !== undefined) {
          openTitles--;
          awaiting = closed.stash ?? awaiting;
        }
        closedEach = kind === CloseParenToken ? closed?.eachOf : undefined;
        closedFills = closed?.eachFills === true;
        break;
      }
      case SemicolonToken:
        if (pending && pending.depth === stack.length) pending = undefined;
        awaiting = undefined;
        memberName = undefined;
        memberLocked = false;
        expectName = undefined;
        break;
      case ColonToken:
      case QuestionToken:
      case ExclamationToken:
        if (top?.classBody) memberLocked = true;
        break;
      case EqualsToken:
        if (top?.classBody && memberName !== undefined && !memberLocked) {
          pending = pendingFrame(`property ${memberName}`, true, false, stack, awaiting);
          if (awaiting?.depth === stack.length) awaiting = undefined;
          memberLocked = true;
        }
        break;
      default:
        break;
    }
    if (top?.wantsTitle && stack[stack.length - 1] === top && kind !== OpenParenToken) {
      if (kind === StringLiteral || kind === NoSubstitutionTemplateLiteral)
        setTitle(top, scanner.getTokenValue(), '"');
      else {
        top.label = top.each ? `${top.callee}.each` : top.callee;
        top.wantsTitle = undefined;
      }
    }
    // Declarations: a keyword, then the name.
    if (expectName !== undefined) {
      const what = expectName;
      expectName = undefined;
      if (kind === AsteriskToken && what === 'function') {
        expectName = what;
      } else if (
        kind === Identifier ||
        (kind >= FirstKeyword && kind <= LastKeyword && kind !== ExtendsKeyword)
      ) {
        pending = pendingFrame(
          `${what} ${scanner.getTokenText()}`,
          what === 'const' || what === 'let' || what === 'var',
          what === 'class',
          stack,
          awaiting,
        );
        if (awaiting?.depth === stack.length) awaiting = undefined;
      } else if (what === 'class' && (kind === OpenBraceToken || kind === ExtendsKeyword)) {
        if (kind === OpenBraceToken) {
          const frame = stack[stack.length - 1]!;
          frame.label = 'class (anonymous)';
          frame.classBody = true;
        } else {
          pending = pendingFrame('class (anonymous)', false, true, stack, awaiting);
          if (awaiting?.depth === stack.length) awaiting = undefined;
        }
      }
    } else {
      const decl = DECL_KEYWORDS[kind];
      if (
        decl !== undefined &&
        !top?.classBody &&
        (!CONTEXTUAL_DECL.has(kind) || STATEMENT_START.has(prev))
      ) {
        expectName = decl;
      } else if (top?.classBody && !memberLocked && isNameToken(kind)) {
        memberName = kind === StringLiteral ? scanner.getTokenValue() : scanner.getTokenText();
      }
    }
    // (The `)` ending an `it.each(` table hands its waiting citations on to the call it opens.)
    if (awaiting && kind !== OpenParenToken && isBoundary(kind) && closedEach === undefined)
      awaiting = undefined;
    if (kind !== CloseParenToken) closedEach = undefined;
    prev3 = prev2;
    prev3Start = prev2Start;
    prev3End = prev2End;
    prev2 = prev;
    prev2Start = prevStart;
    prev2End = prevEnd;
    prev = kind;
    prevStart = start;
    prevEnd = scanner.getTokenEnd();
    newlineSinceToken = false;
  }
  const out: ScannedCitation[] = [];
  for (const item of bound) {
    // Belt and braces: a tag inside any literal the parser saw (template pieces too) is never a citation.
    if (literals?.some((l) => item.cite.offset >= l.start && item.cite.offset < l.end)) continue;
    out.push(materialise(item.cite, item.chain));
  }
  return { out, ambiguous };
}

/** Kinds whose text is data, never a comment, whatever it looks like. */
const LITERAL_KINDS = new Set<ts.SyntaxKind>([
  StringLiteral,
  NoSubstitutionTemplateLiteral,
  TemplateHead,
  TemplateMiddle,
  TemplateTail,
  RegularExpressionLiteral,
  JsxText,
]);

interface Literal {
  start: number;
  end: number;
  kind: ts.SyntaxKind;
  /** Template pieces are followed by the walk itself (it tracks `${…}`); they only filter. */
  template: boolean;
}

/**
 * Where the TypeScript parser sees strings, templates, regular expressions
 * and JSX text, sorted. A full parse costs ~10x a token pass, so it runs only
 * for files whose tokens were ambiguous.
 */
// @implements trust#SCAN-COMMENTS-BY-LANGUAGE-RULES
function parsedLiterals(text: string, file: string): Literal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKindOf(file));
  const literals: Literal[] = [];
  // An explicit stack: deeply nested code must not overflow the call stack.
  const todo: ts.Node[] = [source];
  while (todo.length > 0) {
    const node = todo.pop()!;
    if (LITERAL_KINDS.has(node.kind)) {
      literals.push({
        // JSX text has no leading trivia: its text starts at pos (getStart would skip a `//` in it).
        start: node.kind === JsxText ? node.pos : node.getStart(source),
        end: node.end,
        kind: node.kind === JsxText ? StringLiteral : node.kind,
        template: node.kind === TemplateHead || node.kind === TemplateMiddle || node.kind === TemplateTail,
      });
      continue;
    }
    ts.forEachChild(node, (child) => {
      todo.push(child);
    });
  }
  return literals.filter((l) => l.end > l.start).sort((a, b) => a.start - b.start);
}

function scriptKindOf(file: string): ts.ScriptKind {
  const ext = file.slice(file.lastIndexOf('.') + 1);
  if (ext === 'tsx') return ts.ScriptKind.TSX;
  if (ext === 'jsx') return ts.ScriptKind.JSX;
  if (ext === 'js' || ext === 'mjs' || ext === 'cjs') return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
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

function isBoundary(kind: ts.SyntaxKind): boolean {
  return kind === CloseParenToken || kind === EqualsGreaterThanToken || kind === CommaToken;
}

// @implements factline#GATE-BINDS-ENCLOSING-SYMBOL
function materialise(cite: ScannedCitation, chain: Frame[]): ScannedCitation {
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
  for (let i = chain.length - 1; i >= 0; i--) {
    const t = chain[i]!.test;
    if (t !== undefined) {
      cite.testName = t;
      break;
    }
  }
  return cite;
}
