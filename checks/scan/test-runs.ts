/**
 * Whether a TS/JS test runs, decided from the source as the runners decide
 * it (vitest, Jest, node:test), or not decided. The walk (typescript.ts)
 * hands over what it read of each test or suite call: the callee as written
 * (`it.skip.each`, `test.concurrent.skip`, `it['skip']`, a name bound
 * earlier to `it.skip`), the options object (`{ skip: true }`), a
 * `skipIf(…)`/`runIf(…)` condition; `readTestFile` reads what only the whole
 * file says: names bound to test functions, an `.only` anywhere, the runner
 * its imports name, calls of `t.skip()` on a test's context.
 *
 * Three answers: runs (nothing recorded), never runs (`skip`/`todo`, with
 * why), and cannot tell (`unknown`, with why): a condition the source does
 * not fix, a member or binding this module does not resolve, a test that
 * expects its own body to fail. Without results a test that never runs
 * verifies nothing, and one the source cannot tell about is unconfirmed
 * (checks/outcomes.ts); with results the runner's outcome decides.
 * test/system/checks/never-run-differential.test.ts holds this against the
 * runners themselves. Pure.
 */
import { splitTopLevel, topLevelIndexes } from './top-level.ts';
import { K } from './ts-lexer.ts';
import { lexTokens, TokenList, type Tokens } from './ts-token-list.ts';
import type { NotRun } from './types.ts';

export type { NotRun } from './types.ts';

/** What a test or suite call says about running, before the file and its ancestors are taken in. */
export interface RunMark {
  notRun?: NotRun;
  /** `.only`, `fit`, `{ only: true }`: with any in the file, the runner runs only these. */
  only?: boolean;
}

/** The member chain of a callee as written: `it['skip'].each` is it, [skip, each]; null for a computed member. */
export interface Chain {
  root: string;
  members: (string | null)[];
}

/** What one file says, beside its calls: see readTestFile. */
export interface TestFile {
  /** Names bound to a test function (`const later = it.skip`), or why the binding cannot be told. */
  aliases: Map<string, Chain | string>;
  /** Offsets of the `.only` marks in the file (calls and options). */
  onlyAt: number[];
  /** The file imports node:test: there `.only` narrows the run only under `--test-only`. Read on first use, as `calls`. */
  readonly nodeTest: boolean;
  /** Offsets of `X.skip(`/`X.todo(` on a test's context (node's `t.skip()`, vitest's `ctx.skip()`). */
  contextSkips: number[];
  /**
   * Every test and suite call by the offset of its `(`: where its `)` stands, and its own mark.
   * Read on first use (only a citation whose own call is a suite asks), from the tokens readTestFile
   * was given: ask before they are reused for another file.
   */
  readonly calls: Map<number, FileCall>;
}

/** A test or suite call as the whole file shows it (TestFile's `calls`). */
export interface FileCall {
  close: number;
  role: 'test' | 'suite';
  mark: RunMark;
}

/** The names a file binds to test functions (readAliases). */
export interface FileAliases {
  aliases: Map<string, Chain | string>;
  /** The token of each name's first binding: a mark before it does not see the name. */
  boundAt: Map<string, number>;
  /** The bound names by length, so a token is matched in place, not cut out. */
  byLength: (string[] | undefined)[];
}

/** A test or suite call as the walk hands it over for the final answer. */
export interface CallRuns extends RunMark {
  /** A suite runs only through its tests. */
  suite?: boolean;
  /** Where the call's `(` and its `)` stand (the `)` unknown when the walk stopped before it). */
  openAt?: number;
  closeAt?: number;
}

const TEST_ROOTS: Record<string, { callee: string; role: 'test' | 'suite'; mark?: RunMark }> = {
  it: { callee: 'it', role: 'test' },
  test: { callee: 'test', role: 'test' },
  describe: { callee: 'describe', role: 'suite' },
  suite: { callee: 'suite', role: 'suite' },
  context: { callee: 'context', role: 'suite' },
  // Jasmine's and Jest's excluded and focused forms.
  xit: { callee: 'it', role: 'test', mark: { notRun: 'skip: xit' } },
  xtest: { callee: 'test', role: 'test', mark: { notRun: 'skip: xtest' } },
  xdescribe: { callee: 'describe', role: 'suite', mark: { notRun: 'skip: xdescribe' } },
  fit: { callee: 'it', role: 'test', mark: { only: true } },
  fdescribe: { callee: 'describe', role: 'suite', mark: { only: true } },
};

/** Members that change nothing about whether the test runs. */
const NEUTRAL = new Set(['concurrent', 'sequential', 'shuffle']);
/** Curried members: `it.each(table)(title, fn)` (one test per row), `it.skipIf(cond)(title, fn)`. */
const CURRIED = new Map<string, 'table' | 'skipIf' | 'runIf'>([
  ['each', 'table'],
  ['for', 'table'],
  ['skipIf', 'skipIf'],
  ['runIf', 'runIf'],
]);

export function isTestRoot(name: string): boolean {
  return Object.hasOwn(TEST_ROOTS, name);
}

/** A test or suite call, read from its callee. */
export interface TestCall {
  /** The runner's name for it (`xit` is `it`, a bound name is what it stands for), for labels. */
  callee: string;
  role: 'test' | 'suite';
  /** The call takes a table or condition first; its `)(` opens the test itself. */
  curried?: 'table' | 'skipIf' | 'runIf';
  mark: RunMark;
}

/** Joins two marks: never-runs beats cannot-tell beats runs; only stays once said. */
export function joinMarks(a: RunMark, b: RunMark): RunMark {
  const out: RunMark = {};
  const notRun = strongest(a.notRun, b.notRun);
  if (notRun !== undefined) out.notRun = notRun;
  if (a.only || b.only) out.only = true;
  return out;
}

function strongest(a: NotRun | undefined, b: NotRun | undefined): NotRun | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return runKind(a) === 'unknown' && runKind(b) !== 'unknown' ? b : a;
}

/** The kind of a recorded answer: never runs (skip, todo) or cannot tell (unknown). */
export function runKind(notRun: NotRun): 'skip' | 'todo' | 'unknown' {
  return notRun.startsWith('todo') ? 'todo' : notRun.startsWith('unknown') ? 'unknown' : 'skip';
}

/** Why, as recorded with the answer (the form in the source), if it was. */
export function runWhy(notRun: NotRun): string | undefined {
  const colon = notRun.indexOf(': ');
  return colon === -1 ? undefined : notRun.slice(colon + 2);
}

/**
 * The test call a callee names, or undefined when it names none. `text` is
 * the callee as written, from its first name to the `(` (comments and
 * spaces allowed between the parts).
 */
export function judgeCallee(text: string, file: Pick<TestFile, 'aliases'> | undefined): TestCall | undefined {
  // Most calls are a plain name no runner has and nothing is bound to: nothing to build for them.
  if (PLAIN_NAME.test(text) && !Object.hasOwn(TEST_ROOTS, text) && file?.aliases.get(text) === undefined)
    return undefined;
  const chain = parseChain(text);
  if (chain === undefined) return undefined;
  const bound = file?.aliases.get(chain.root);
  let root = chain.root;
  let members = chain.members;
  if (bound !== undefined) {
    if (typeof bound === 'string') {
      return { callee: 'it', role: 'test', mark: { notRun: `unknown: ${bound}` } };
    }
    root = bound.root;
    members = [...bound.members, ...chain.members];
  }
  const known = TEST_ROOTS[root];
  if (known === undefined || !Object.hasOwn(TEST_ROOTS, root)) return undefined;
  let mark: RunMark = known.mark ?? {};
  let curried: TestCall['curried'];
  // Spelled only for a mark that names it: most calls (`it(`, `describe(`) have no member to judge.
  const written = () => spelled(chain, bound);
  for (let i = 0; i < members.length; i++) {
    const member = members[i] as string | null;
    const unknown = (why: string): TestCall => ({
      callee: known.callee,
      role: known.role,
      mark: joinMarks(mark, { notRun: `unknown: ${why}` }),
    });
    if (curried !== undefined) return unknown(`${written()}: a member after .${members[i - 1]}`);
    if (member === null) return unknown(`${written()}: a computed member`);
    if (member === 'skip' || member === 'todo') mark = joinMarks(mark, { notRun: `${member}: ${written()}` });
    else if (member === 'only') mark = joinMarks(mark, { only: true });
    else if (member === 'fails' || member === 'failing')
      mark = joinMarks(mark, { notRun: `unknown: ${written()} passes when its body fails` });
    else if (CURRIED.has(member)) curried = CURRIED.get(member);
    // `test.extend({…})` makes a test function; it is no test itself.
    else if (member === 'extend' && i === members.length - 1) return undefined;
    // `it.foo(…)` on the runners' own names cannot be told; on names code also uses for other things
    // (`context.run(…)`, `suite.add(…)`, `fit.side`) it is no test call.
    else if (!NEUTRAL.has(member))
      return ['it', 'test', 'describe'].includes(root)
        ? unknown(`${written()}: .${member} is not a modifier factline knows`)
        : undefined;
  }
  const call: TestCall = { callee: known.callee, role: known.role, mark };
  if (curried !== undefined) call.curried = curried;
  return call;
}

/**
 * The mark of a `skipIf(…)`/`runIf(…)` condition, from the text between its
 * parentheses: a literal the source fixes decides, anything else cannot be told.
 */
export function conditionMark(kind: 'skipIf' | 'runIf', argument: string): RunMark {
  const value = literalTruth(stripComments(argument).trim());
  if (value === undefined)
    return { notRun: `unknown: ${kind}(${clip(argument.trim())}) decides at run time` };
  return (kind === 'skipIf') === value ? { notRun: `skip: ${kind}(${argument.trim()})` } : {};
}

/**
 * The mark of an options object (`test('t', { skip: true }, fn)`, node:test's
 * and vitest's form), read from the `{` at `open` to its `}`: `skip`/`todo`
 * with a truthy literal never run, `only` narrows, `fails` cannot tell; a
 * spread, a computed or shorthand key among them, or a value that is not a
 * literal cannot be told.
 */
export function optionsMark(text: string, open: number): RunMark {
  const close = matchingClose(text, open);
  if (close === -1) return { notRun: 'unknown: an options object the source does not close' };
  let mark: RunMark = {};
  for (const entry of splitTopLevel(text.slice(open + 1, close), JS_QUOTES, quotedEnd)) {
    const body = stripComments(entry).trim();
    if (body === '') continue;
    if (body.startsWith('...'))
      return joinMarks(mark, { notRun: `unknown: options spread from ${clip(body)}` });
    const colon = topLevelColon(body);
    const rawKey = colon === -1 ? body : body.slice(0, colon).trim();
    const key = /^(['"])(.*)\1$/.exec(rawKey)?.[2] ?? rawKey;
    if (key.startsWith('[')) return joinMarks(mark, { notRun: `unknown: a computed option ${clip(key)}` });
    if (!['skip', 'todo', 'only', 'fails'].includes(key)) continue;
    if (colon === -1)
      return joinMarks(mark, { notRun: `unknown: { ${key} } takes a value the source does not fix` });
    const value = literalTruth(body.slice(colon + 1).trim());
    const written = `{ ${key}: ${clip(body.slice(colon + 1).trim())} }`;
    if (value === undefined) mark = joinMarks(mark, { notRun: `unknown: ${written} decides at run time` });
    else if (!value) continue;
    else if (key === 'skip' || key === 'todo') mark = joinMarks(mark, { notRun: `${key}: ${written}` });
    else if (key === 'only') mark = joinMarks(mark, { only: true });
    else mark = joinMarks(mark, { notRun: `unknown: ${written} passes when its body fails` });
  }
  return mark;
}

/**
 * The answer for a citation inside these test and suite calls (outermost
 * first; the last is the citation's own test or suite): a call that never
 * runs wins; then an `.only` elsewhere in the file; then what cannot be
 * told; then a `t.skip()` in its own test's body.
 */
export function runsOfCalls(calls: readonly CallRuns[], file: TestFile | undefined): NotRun | undefined {
  if (calls.length === 0) return undefined;
  let notRun: NotRun | undefined;
  for (const call of calls) {
    if (call.notRun !== undefined && runKind(call.notRun) !== 'unknown') return call.notRun;
    notRun ??= call.notRun;
  }
  if (file !== undefined && file.onlyAt.length > 0) {
    const own = calls[calls.length - 1]!;
    const focused = calls.findIndex((c) => c.only === true);
    if (file.nodeTest)
      return 'unknown: an .only in this node:test file: under --test-only only those run, and the source cannot tell the flags';
    if (focused === -1) return 'skip: an .only elsewhere in the file (the runner runs only those)';
    if (own.only !== true) {
      // `describe.only` runs its tests, unless an `.only` inside it narrows it further.
      const outer = calls[focused]!;
      const inside = file.onlyAt.some(
        (at) =>
          at > (outer.openAt ?? Number.POSITIVE_INFINITY) && at < (outer.closeAt ?? Number.POSITIVE_INFINITY),
      );
      if (inside) return 'unknown: an .only inside the focused suite may leave this test out';
    }
  }
  if (notRun !== undefined) return notRun;
  const own = calls[calls.length - 1]!;
  if (own.suite === true && own.openAt !== undefined && file !== undefined) {
    return suiteRuns(own.openAt, own.closeAt, file);
  }
  if (own.openAt !== undefined) {
    const end = own.closeAt ?? Number.POSITIVE_INFINITY;
    const at = file?.contextSkips.find((s) => s > own.openAt! && s < end);
    if (at !== undefined) return 'unknown: the test calls .skip()/.todo() on its context at run time';
  }
  return undefined;
}

/**
 * The names a file binds to test functions (TestFile's `aliases`), read by
 * themselves: the walk asks about them at every call it reaches, and most
 * files ask nothing more, so the rest of readTestFile is left until a
 * citation inside a test call needs it. Names are bound to test functions by
 * `const|let|var NAME = it.skip` (a chain, or a `test.extend(…)` call), and
 * by `import { it as NAME }`; a name bound to any other expression holding a
 * test function cannot be told.
 */
// @implements scanner#TEST-FILE-ALIASES-FIRST
export function readAliases(text: string, tokens: Tokens): FileAliases {
  const aliases: FileAliases = { aliases: new Map(), boundAt: new Map(), byLength: [] };
  const read = new FileTokens(text, tokens, aliases);
  const { kinds, starts, ends, count } = read;
  for (const i of bindingTokens(text, tokens)) {
    const kind = kinds[i]!;
    if (kind === K.Const || kind === K.Let || kind === K.Var) {
      if (read.kind(i + 2) !== K.Equals) continue;
      const name = read.word(i + 1);
      if (name === '') continue;
      const bound = boundChain(read, i + 3);
      if (bound === undefined) continue;
      if (typeof bound === 'string') read.bind(name, bound, i);
      else {
        const outer = aliases.aliases.get(bound.root);
        if (typeof outer === 'string') read.bind(name, outer, i);
        else if (outer !== undefined)
          read.bind(name, { root: outer.root, members: [...outer.members, ...bound.members] }, i);
        else read.bind(name, bound, i);
      }
      continue;
    }
    // `import {`, told by length and first letter before the word is cut out of the text.
    if (
      kind === K.Identifier &&
      ends[i]! - starts[i]! === 6 &&
      text.charCodeAt(starts[i]!) === 105 && // i
      read.kind(i + 1) === K.OpenBrace &&
      text.startsWith('import', starts[i]!)
    ) {
      for (let j = i + 2; j < count && kinds[j] !== K.CloseBrace; j++) {
        if (read.word(j) === 'as' && isTestRoot(read.word(j - 1)) && read.word(j + 1) !== '')
          read.bind(read.word(j + 1), { root: read.word(j - 1), members: [] }, i);
      }
    }
  }
  return aliases;
}

/** The words a binding starts with (`const`, `let`, `var`, `import {`). */
export const BINDING_WORDS = ['const', 'let', 'var', 'import'];

/**
 * The tokens whose text is one of BINDING_WORDS, in file order: each place
 * the text's own search finds one is looked up among the token starts by
 * bisection, so the tokens between bindings are never visited one by one.
 */
// @implements scanner#TEST-FILE-BINDINGS-BY-SEARCH
export function bindingTokens(text: string, tokens: Tokens): number[] {
  const { starts, ends, count } = tokens;
  const out: number[] = [];
  for (const word of BINDING_WORDS) {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      let lo = 0;
      let hi = count;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (starts[mid]! < at) lo = mid + 1;
        else hi = mid;
      }
      if (lo < count && starts[lo] === at && ends[lo]! - at === word.length) out.push(lo);
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * What the whole file says (see TestFile), from its tokens: the skim's
 * (`tokens`, when it read the whole file) or its own, and its names bound
 * to test functions (readAliases, read from the same tokens when not given).
 * A mark that asks whether a name is a test function's sees the names bound
 * before it in the file, as one pass in file order would.
 */
// @implements scanner#TEST-FILE-READ-ONCE
export function readTestFile(
  text: string,
  tokens?: Tokens,
  bound?: FileAliases,
  counts?: { testCallsRead: number; testMarksRead: number },
): TestFile {
  const own = tokens ?? lexTokens(text, new TokenList());
  const aliases = bound ?? readAliases(text, own);
  const read = new FileTokens(text, own, aliases);
  let calls: Map<number, FileCall> | undefined;
  let nodeTest: boolean | undefined;
  // The tokens may sit in a list the scanner reuses for its next file: a read on demand after that
  // would answer from another file's tokens, so it stops instead.
  const generation = own.generation;
  const stillOwn = (what: string) => {
    if (own.generation !== generation)
      throw new Error(`test-file ${what} read after the scanner reused its token list for another file`);
  };
  const file: TestFile = {
    aliases: aliases.aliases,
    onlyAt: [],
    contextSkips: [],
    // @implements scanner#TEST-FILE-CALLS-ON-DEMAND
    get calls(): Map<number, FileCall> {
      if (calls === undefined) {
        stillOwn('calls');
        if (counts) counts.testCallsRead++;
        calls = readCalls(read, aliases.aliases);
      }
      return calls;
    },
    get nodeTest(): boolean {
      if (nodeTest === undefined) {
        stillOwn('imports');
        nodeTest = importsNodeTest(read);
      }
      return nodeTest;
    },
  };
  // @implements scanner#TEST-FILE-MARKS-BY-WORD
  // Every mark is one of these words; most test files hold none, and are not looked through for marks.
  if (!MARK_WORDS.some((w) => text.includes(w))) return file;
  if (counts) counts.testMarksRead++;
  readMarks(read, file);
  // `['only']` in a chain: found by the walk's chain reading too, but the file must know before.
  onlyMembers(text, file.onlyAt);
  file.onlyAt.sort((a, b) => a - b);
  return file;
}

/**
 * The marks of a file (`.only`, a context's `.skip()`) by its tokens, into
 * `file`. A function of its own: nothing follows its loop, so code compiled
 * while the loop ran (on a file's first marks) never meets a read after it
 * that no earlier run reached, which threw the compiled code away file after file.
 */
function readMarks(read: FileTokens, file: TestFile): void {
  const text = read.text;
  const { kinds, starts, ends, count } = read;
  const kindAt = (i: number): number => (i >= 0 && i < count ? kinds[i]! : -1);
  const word = (i: number) => read.word(i);
  for (let i = 0; i < count; i++) {
    const kind = kinds[i]!;
    // Punctuation, numbers, strings and templates say nothing here: most tokens end at this test.
    if (kind !== K.Identifier && kind < 40) continue;
    const start = starts[i]!;
    // Only the words below matter here: 'fit' 'only' 'skip' 'todo' 'fdescribe' (told by
    // length and first letter before any is cut out of the text; declarations were read by readAliases).
    if (!mayBeMarkWord(ends[i]! - start, text.charCodeAt(start))) continue;
    const w = text.slice(start, ends[i]!);
    // Jest's `fit('…')`, `fit.each(…)`: a variable named `fit` (`fit.side[0]`) is none.
    if ((w === 'fit' || w === 'fdescribe') && kindAt(i - 1) !== K.Dot) {
      const next = kindAt(i + 1);
      const titled = next === K.OpenParen && isTitle(kindAt(i + 2));
      const member =
        next === K.Dot && /^(?:each|failing|only)$/.test(word(i + 2)) && kindAt(i + 3) === K.OpenParen;
      if (titled || member) file.onlyAt.push(start);
      continue;
    }
    if (w === 'only' && kindAt(i - 1) === K.Dot) {
      if (read.isRootNameBefore(chainRootBefore(read, i - 1), i)) file.onlyAt.push(start);
      continue;
    }
    if (w === 'only' && kindAt(i + 1) === K.Colon && word(i + 2) !== 'false') {
      if (inTestOptions(read, i)) file.onlyAt.push(start);
      continue;
    }
    if (
      (w === 'skip' || w === 'todo') &&
      kindAt(i - 1) === K.Dot &&
      (kindAt(i + 1) === K.OpenParen || kindAt(i + 1) === K.QuestionDot)
    ) {
      const root = chainRootBefore(read, i - 1);
      if (root !== '' && !read.isRootNameBefore(root, i)) file.contextSkips.push(start);
    }
  }
}

/** The words a mark is made of (fdescribe holds none of the others). */
const MARK_WORDS = ['only', 'skip', 'todo', 'fit', 'fdescribe'];

/** Whether the file imports node:test: `from 'node:test'`, `require('test')`, `import 'node:test'`. */
function importsNodeTest(read: FileTokens): boolean {
  const { text, kinds, starts, ends, count } = read;
  for (let i = 0; i < count; i++) {
    if (kinds[i] !== K.StringLiteral) continue;
    // 'node:test' or 'test', quotes included.
    const length = ends[i]! - starts[i]!;
    if (length !== 11 && length !== 6) continue;
    const value = text.slice(starts[i]! + 1, ends[i]! - 1);
    if (
      (value === 'node:test' || value === 'test') &&
      /^(?:from|require|import)$/.test(read.word(i - 1) || read.word(i - 2))
    )
      return true;
  }
  return false;
}

/** Whether a word of this length and first character may be one readTestFile looks at: fit, only, skip, todo, fdescribe. */
function mayBeMarkWord(length: number, first: number): boolean {
  switch (length) {
    case 3:
    case 9:
      return first === 102; // f
    case 4:
      return first === 111 || first === 115 || first === 116; // o s t
    default:
      return false;
  }
}

/**
 * Pushes where each `['only']` (any quote, spaces inside the brackets)
 * starts: each `only` of the text is looked at, not every `[`.
 */
function onlyMembers(text: string, into: number[]): void {
  for (let at = text.indexOf('only'); at !== -1; at = text.indexOf('only', at + 4)) {
    const quote = text[at + 4];
    if ((quote !== "'" && quote !== '"' && quote !== '`') || text[at - 1] !== quote) continue;
    let open = at - 2;
    while (open >= 0 && /\s/.test(text[open]!)) open--;
    if (open < 0 || text[open] !== '[') continue;
    let close = at + 5;
    while (close < text.length && /\s/.test(text[close]!)) close++;
    if (text[close] === ']') into.push(open);
  }
}

/**
 * A file's tokens with what the passes over them ask again and again:
 * a token's word, and whether a name is a test function's (a runner's own
 * name or one bound to it), told without cutting every identifier out of the text.
 */
class FileTokens {
  readonly kinds: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly count: number;

  constructor(
    readonly text: string,
    tokens: Tokens,
    private readonly bound: FileAliases,
  ) {
    this.kinds = tokens.kinds;
    this.starts = tokens.starts;
    this.ends = tokens.ends;
    this.count = tokens.count;
  }

  kind(i: number): number {
    return i >= 0 && i < this.count ? this.kinds[i]! : -1;
  }

  tokenText(i: number): string {
    return this.text.slice(this.starts[i]!, this.ends[i]!);
  }

  /** The word of token i ('' when it is no identifier or keyword, or out of range). */
  word(i: number): string {
    const k = this.kind(i);
    return k === K.Identifier || k >= 40 ? this.tokenText(i) : '';
  }

  /** Binds a name, by the declaration at token `at` (the first binding of a name says where it starts to count). */
  bind(name: string, to: Chain | string, at: number): void {
    const bound = this.bound;
    bound.aliases.set(name, to);
    if (!bound.boundAt.has(name)) bound.boundAt.set(name, at);
    const same = bound.byLength[name.length];
    if (same === undefined) bound.byLength[name.length] = [name];
    else if (!same.includes(name)) same.push(name);
  }

  /** Whether a name is a test function's at token i: a runner's own, or bound before i. */
  isRootNameBefore(name: string, i: number): boolean {
    if (isTestRoot(name)) return true;
    const at = this.bound.boundAt.get(name);
    return at !== undefined && at < i;
  }

  /** Whether token i's text is a test function's name: the runners' names are matched in place, not cut out. */
  isRootToken(i: number): boolean {
    const start = this.starts[i]!;
    const length = this.ends[i]! - start;
    if (isRunnerName(this.text, start, length)) return true;
    const bound = this.bound.byLength[length];
    if (bound !== undefined) for (const name of bound) if (this.text.startsWith(name, start)) return true;
    return false;
  }
}

/** Whether text[start, start + length) is one of the runners' own names (TEST_ROOTS), matched in place. */
function isRunnerName(text: string, start: number, length: number): boolean {
  const names = ROOTS_BY_LENGTH[length];
  if (names !== undefined)
    for (let k = 0; k < names.length; k++) if (text.startsWith(names[k]!, start)) return true;
  return false;
}

/** The runners' own names (TEST_ROOTS) by length. */
const ROOTS_BY_LENGTH: (string[] | undefined)[] = [];
for (const name of Object.keys(TEST_ROOTS))
  ROOTS_BY_LENGTH[name.length] = [...(ROOTS_BY_LENGTH[name.length] ?? []), name];

/**
 * Every test and suite call of the file with its own mark (callee, condition,
 * options), read as the walk reads the calls it reaches: a suite's citation
 * needs the tests inside it, which the walk jumps over.
 */
function readCalls(read: FileTokens, aliases: Map<string, Chain | string>): Map<number, FileCall> {
  const { text, kinds, starts, ends, count } = read;
  const calls = new Map<number, FileCall>();
  const bound = { aliases };
  // Each name of a test function where a callee starts: the runners' own names, unless the file
  // binds names of its own (then those too).
  const names: number[] = [];
  for (let i = 0; i < count; i++) {
    if (kinds[i] !== K.Identifier) continue;
    const before = read.kind(i - 1);
    if (before === K.Dot || before === K.QuestionDot) continue;
    if (aliases.size > 0 ? read.isRootToken(i) : isRunnerName(text, starts[i]!, ends[i]! - starts[i]!))
      names.push(i);
  }
  if (names.length === 0) return calls;
  // Where each bracket closes (a file that names no test function never matches its brackets).
  const match = matchBrackets(kinds, count);
  for (const i of names) {
    // The chain: `.name`, `?.name`, `[…]`.
    let j = i + 1;
    while (j < count) {
      const k = kinds[j]!;
      if ((k === K.Dot || k === K.QuestionDot) && j + 1 < count) j += 2;
      else if (k === K.OpenBracket && match[j]! > j) j = match[j]! + 1;
      else break;
    }
    if (read.kind(j) !== K.OpenParen) continue;
    const call = judgeCallee(text.slice(starts[i]!, ends[j - 1]!), bound);
    if (call === undefined) continue;
    let mark = call.mark;
    let paren = j;
    if (call.curried !== undefined) {
      const close = match[paren]!;
      if (close === -1) continue;
      if (call.curried !== 'table')
        mark = joinMarks(mark, conditionMark(call.curried, text.slice(ends[paren]!, starts[close]!)));
      paren = close + 1;
      if (read.kind(paren) !== K.OpenParen) continue;
    }
    const close = match[paren]!;
    // `(title, { … }, fn)`: the options after the title.
    if (read.kind(paren + 2) === K.Comma && read.kind(paren + 3) === K.OpenBrace)
      mark = joinMarks(mark, optionsMark(text, starts[paren + 3]!));
    calls.set(starts[paren]!, {
      close: close === -1 ? text.length : starts[close]!,
      role: call.role,
      mark,
    });
  }
  return calls;
}

/** For each opening bracket among the tokens, the index of its closing one (-1 when none closes it). */
function matchBrackets(kinds: Uint8Array, count: number): Int32Array {
  const match = new Int32Array(count).fill(-1);
  const open = new Int32Array(count);
  let depth = 0;
  for (let i = 0; i < count; i++) {
    const k = kinds[i]!;
    if (k === K.OpenParen || k === K.OpenBracket || k === K.OpenBrace) open[depth++] = i;
    else if ((k === K.CloseParen || k === K.CloseBracket || k === K.CloseBrace) && depth > 0)
      match[open[--depth]!] = i;
  }
  return match;
}

/** A suite's answer from the tests inside it: it runs when one of them may; undefined when one surely does. */
function suiteRuns(open: number, close: number | undefined, file: TestFile): NotRun | undefined {
  const end = close ?? file.calls.get(open)?.close ?? Number.POSITIVE_INFINITY;
  const inner: RunMark[] = [];
  for (const [at, call] of file.calls)
    if (at > open && at < end && call.role === 'test') inner.push(call.mark);
  if (inner.length === 0) return 'unknown: the suite holds no test call factline reads';
  if (inner.some((m) => m.notRun === undefined)) return undefined;
  return inner.find((m) => runKind(m.notRun!) === 'unknown')?.notRun ?? 'skip: no test in the suite runs';
}

function isTitle(kind: number): boolean {
  return kind === K.StringLiteral || kind === K.NoSubstitutionTemplate || kind === K.TemplateHead;
}

/** Whether the key at token `key` stands in an options object right after a test's title (`'t', { only: true }`). */
function inTestOptions(read: FileTokens, key: number): boolean {
  const kinds = read.kinds;
  let depth = 0;
  for (let i = key - 1; i >= 0 && i > key - 100; i--) {
    const k = kinds[i]!;
    if (k === K.CloseBrace || k === K.CloseParen || k === K.CloseBracket) depth++;
    else if (k === K.OpenParen || k === K.OpenBracket) {
      if (--depth < 0) return false;
    } else if (k === K.OpenBrace) {
      if (--depth < 0) {
        const title = read.kind(i - 2);
        return (
          read.kind(i - 1) === K.Comma &&
          (title === K.StringLiteral || title === K.NoSubstitutionTemplate || title === K.TemplateTail)
        );
      }
    }
  }
  return false;
}

/** The first name of the chain whose `.` stands at token `dot`: `a.b.skip` → a; '' when it is no plain chain. */
function chainRootBefore(read: FileTokens, dot: number): string {
  const kinds = read.kinds;
  let i = dot - 1;
  while (i >= 0) {
    const kind = kinds[i]!;
    if (kind === K.CloseBracket) {
      let depth = 0;
      for (; i >= 0; i--) {
        const k = kinds[i]!;
        if (k === K.CloseBracket) depth++;
        else if (k === K.OpenBracket && --depth === 0) break;
      }
      i--;
      continue;
    }
    if (kind !== K.Identifier && kind < 40) return '';
    const before = read.kind(i - 1);
    if (before === K.Dot || before === K.QuestionDot) {
      i -= 2;
      continue;
    }
    return read.tokenText(i);
  }
  return '';
}

/**
 * What `= …` binds, from token `from`: a chain rooted in a test function
 * (`it.skip`, `test.extend(…)`), why it cannot be told (another expression
 * holding one), or undefined (no test function in it).
 */
function boundChain(read: FileTokens, from: number): Chain | string | undefined {
  const { text, kinds, starts, ends, count } = read;
  if (read.kind(from) === K.Identifier && read.isRootToken(from)) {
    // The chain's own tokens, to its end.
    let i = from + 1;
    for (; i < count; i++) {
      const k = kinds[i]!;
      if (k === K.Dot || k === K.QuestionDot) {
        i++;
        continue;
      }
      if (k === K.OpenBracket) {
        let depth = 0;
        for (; i < count; i++) {
          const kk = kinds[i]!;
          if (kk === K.OpenBracket) depth++;
          else if (kk === K.CloseBracket && --depth === 0) break;
        }
        continue;
      }
      break;
    }
    const end = read.kind(i);
    const written = text.slice(starts[from]!, ends[i - 1]!);
    const chain = parseChain(written);
    if (chain !== undefined) {
      if (end === -1 || end === K.Semicolon || end === K.Comma || end === K.CloseParen) return chain;
      if (end === K.OpenParen && chain.members[chain.members.length - 1] === 'extend')
        return { root: chain.root, members: chain.members.slice(0, -1) };
      // A line break ends the declaration (no operator follows a finished chain there).
      if (/\n/.test(text.slice(ends[i - 1]!, starts[i]!)) && end !== K.Operator && end !== K.Question)
        return chain;
    }
    return `${clip(written)} is bound to an expression factline does not resolve`;
  }
  // Any other initializer that mentions a test function, up to the statement's end.
  let depth = 0;
  for (let i = from; i < count && i < from + 200; i++) {
    const k = kinds[i]!;
    if (k === K.OpenParen || k === K.OpenBracket || k === K.OpenBrace) depth++;
    else if (k === K.CloseParen || k === K.CloseBracket || k === K.CloseBrace) {
      if (--depth < 0) return undefined;
    } else if (depth === 0 && (k === K.Semicolon || k === K.Comma)) return undefined;
    // Inside a function body the test function is called, not bound.
    else if (k === K.EqualsGreaterThan || k === K.Function) return undefined;
    else if (
      k === K.Identifier &&
      read.kind(i - 1) !== K.Dot &&
      read.kind(i + 1) !== K.OpenParen &&
      read.isRootToken(i)
    )
      return `a name bound to an expression holding ${read.tokenText(i)}`;
  }
  return undefined;
}

/** A callee's chain as a mark names it, with what its root is bound to. */
function spelled(chain: Chain, bound: Chain | string | undefined): string {
  const spell = (c: Chain) => `${c.root}${c.members.map((m) => (m === null ? '[…]' : `.${m}`)).join('')}`;
  return bound === undefined ? spell(chain) : `${spell(chain)}, ${chain.root} being ${spell(bound as Chain)}`;
}

/** A callee that is one name and nothing else: its chain is that name alone. */
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * A callee as written (`it.skip.each`, `it['skip']`, `it /* c *\/ .only`):
 * its root and members, or undefined when it is no plain chain.
 */
export function parseChain(written: string): Chain | undefined {
  // A plain name (`it`, `describe`), as the reading below would find it, without cutting the text apart.
  if (PLAIN_NAME.test(written)) return { root: written, members: [] };
  const s = stripComments(written);
  const name = /^\s*([A-Za-z_$][\w$]*)/.exec(s);
  if (name === null) return undefined;
  const chain: Chain = { root: name[1]!, members: [] };
  let pos = name[0].length;
  while (pos < s.length) {
    const rest = s.slice(pos);
    const dot = /^\s*(?:\?\.|\.)\s*([A-Za-z_$][\w$]*)/.exec(rest);
    if (dot !== null) {
      chain.members.push(dot[1]!);
      pos += dot[0].length;
      continue;
    }
    const open = /^\s*(\?\.)?\s*\[/.exec(rest);
    if (open !== null) {
      const start = pos + open[0].length - 1;
      const close = matchingClose(s, start);
      if (close === -1) return undefined;
      const inner = s.slice(start + 1, close).trim();
      const literal = /^(['"`])([^'"`\\$]*)\1$/.exec(inner);
      chain.members.push(literal === null ? null : literal[2]!);
      pos = close + 1;
      continue;
    }
    if (/^\s*$/.test(rest)) break;
    return undefined;
  }
  return chain;
}

/** Where the bracket opened at text[open] closes, strings and comments skipped; -1 when it does not. */
function matchingClose(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      i = quotedEnd(text, i);
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The index of a quoted literal's closing quote (a template's `${…}` holes skipped whole). */
function quotedEnd(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (quote === '`' && c === '$' && text[i + 1] === '{') {
      const close = matchingClose(text, i + 1);
      if (close === -1) return text.length;
      i = close;
    } else if (quote !== '`' && c === '\n') return i;
  }
  return text.length;
}

/** JavaScript's string and template literals. */
const JS_QUOTES = '"\'`';

function topLevelColon(text: string): number {
  for (const i of topLevelIndexes(text, JS_QUOTES, quotedEnd)) if (text[i] === ':') return i;
  return -1;
}

/** The text with its comments blanked (strings kept). */
function stripComments(text: string): string {
  if (!text.includes('/')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = quotedEnd(text, i);
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = (nl === -1 ? text.length : nl) - 1;
      out += ' ';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
      out += ' ';
    } else out += c;
  }
  return out;
}

/**
 * Whether a literal the source fixes is truthy: `true`, `false`, numbers,
 * strings, `null`, `undefined`, `!0`/`!1`; undefined for anything else.
 */
export function literalTruth(value: string): boolean | undefined {
  const v = value.replace(/^\(+|\)+$/g, '').trim();
  if (v === 'true' || v === '!0' || v === '!false') return true;
  if (v === 'false' || v === '!1' || v === '!true' || v === 'null' || v === 'undefined' || v === 'void 0')
    return false;
  if (/^-?(?:\d[\d_]*\.?\d*(?:e[+-]?\d+)?|0x[\da-f]+)$/i.test(v)) return Number(v.replaceAll('_', '')) !== 0;
  const quoted = /^(['"`])([^'"`\\$]*)\1$/.exec(v);
  if (quoted !== null) return quoted[2] !== '';
  return undefined;
}

function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ');
  return one.length > 40 ? `${one.slice(0, 39)}…` : one;
}
