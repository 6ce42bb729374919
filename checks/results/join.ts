/**
 * Joining a verifying citation to the outcome of the test it sits in, by its
 * file and full title path (`describe > … > it`, read back from the
 * citation's `symbol` and `testName`). The join is exact: a runner's file is
 * read relative to the project root and must be the citation's file, never a
 * path that merely ends the same way, and a same-titled test in another file
 * never stands in. Whatever cannot be confirmed says why. Pure.
 */
import type { Citation } from '../model.ts';
import { TEMPLATE_HOLE } from '../scan/types.ts';
import { notRun, type TestOutcome, type TestStatus } from './model.ts';

export interface TestBinding {
  /** Suite titles, then the test title (for a block binding, the suite titles only). */
  titles: string[];
  /** False when a title on the way is not a literal, so the path cannot be known. */
  complete: boolean;
  /**
   * Per title, the pattern the runner's titles must match when the title is
   * filled in at run time (`it.each` placeholders, template-literal holes);
   * absent when every title is literal.
   */
  patterns?: (RegExp | undefined)[];
  /** The citation sits in a suite but in none of its tests: every test under the suite judges it. */
  block?: boolean;
}

const TITLED = /(?:^| > )(describe|suite|context|it|test)(\.each)? (?:"(.*?)"|`(.*?)`)(?= > |$)/g;
const UNTITLED = /(?:^| > )(?:describe|suite|context|it|test)(?:\.each)?(?= > |$)/;
const SUITES = new Set(['describe', 'suite', 'context']);
/** A Python test function (pytest collects `test*` functions), as the generic scanner names it. */
const PYTHON_TEST = /(?:^| > )function (test\w*)$/;
/** A Go test function (`go test` runs `Test*`), as the generic scanner names it. */
const GO_TEST = /^function (Test\w*)$/;
/** Files whose tests the runner names by class (Surefire, Gradle), not by a path. */
const CLASS_FILE = /\.(?:java|kt)$/;

/**
 * The titles a run-time title stands for, as an anchored pattern: a
 * template's holes match anything; in an `each` title so do the runner's
 * placeholders (`%s %d %i %f %j %o %O %p %c %#`, `%$`, and `$name` / `$a.b`
 * for object rows), and `%%` is a percent sign.
 */
export function titlePattern(title: string, each: boolean): RegExp {
  let source = '';
  for (let i = 0; i < title.length; ) {
    if (title.startsWith(TEMPLATE_HOLE, i)) {
      source += '.*?';
      i += TEMPLATE_HOLE.length;
    } else if (each && title[i] === '%' && title[i + 1] === '%') {
      source += '%';
      i += 2;
    } else if (each && title[i] === '%' && /[sdifjoOpc#$]/.test(title[i + 1] ?? '')) {
      source += '.*?';
      i += 2;
    } else if (each && title[i] === '$' && /[A-Za-z_]/.test(title[i + 1] ?? '')) {
      source += '.*?';
      i += 1 + /^[\w.]+/.exec(title.slice(i + 1))![0].length;
    } else {
      source += title[i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i++;
    }
  }
  return new RegExp(`^${source}$`, 's');
}

/**
 * The test (or suite) a citation is bound to, or undefined when it sits in
 * none: a test's title path; a suite's titles when it sits in a suite's body
 * or right above it; a Python `test*` function's name.
 */
export function testBinding(
  citation: Pick<Citation, 'symbol' | 'testName'> & { file?: string },
): TestBinding | undefined {
  const symbol = citation.symbol ?? '';
  const titles: string[] = [];
  const patterns: (RegExp | undefined)[] = [];
  let lastTest = -1;
  for (const m of symbol.matchAll(TITLED)) {
    const each = m[2] !== undefined;
    const title = m[3] ?? m[4]!;
    titles.push(title);
    patterns.push(each || m[4] !== undefined ? titlePattern(title, each) : undefined);
    if (!SUITES.has(m[1]!)) lastTest = titles.length - 1;
  }
  const complete = !UNTITLED.test(symbol);
  if (citation.testName === undefined) {
    if (!complete) return { titles, complete };
    if (citation.file?.endsWith('.py')) {
      const python = PYTHON_TEST.exec(symbol);
      if (python !== null) return { titles: [python[1]!], complete: true };
    }
    // @implements results#RESULTS-JOIN-OTHER-LANGUAGES
    // Rust: the module path the scanner gives (results-from cargo writes the same); Go: the test function.
    if (citation.file?.endsWith('.rs') && symbol !== '') return { titles: [symbol], complete: true };
    if (citation.file?.endsWith('.go')) {
      const go = GO_TEST.exec(symbol);
      if (go !== null) return { titles: [go[1]!], complete: true };
    }
    // Java/Kotlin: which method a comment sits above is not read, so every test of the class judges it.
    if (citation.file !== undefined && CLASS_FILE.test(citation.file))
      return { titles: [], complete: true, block: true };
    if (titles.length === 0) return undefined;
    // In a suite and in none of its tests: the whole suite judges the citation.
    const binding: TestBinding = { titles, complete, block: true };
    if (patterns.some((p) => p !== undefined)) binding.patterns = patterns;
    return binding;
  }
  // Titles after the innermost test belong to nothing the runner reports.
  if (lastTest < 0) return { titles: [citation.testName], complete };
  const binding: TestBinding = { titles: titles.slice(0, lastTest + 1), complete };
  const own = patterns.slice(0, lastTest + 1);
  if (own.some((p) => p !== undefined)) binding.patterns = own;
  return binding;
}

export interface JoinOptions {
  /** The project root, absolute: a runner's absolute path under it is read relative to it. */
  root?: string;
  /** The file system folds case (macOS, Windows): paths compare without case. */
  foldCase?: boolean;
}

export interface OutcomeIndex {
  /** Root-relative file → the outcomes the runners wrote for it. */
  byFile: Map<string, TestOutcome[]>;
  /** Every dotted prefix of a pytest module path → its outcomes. */
  byModule: Map<string, TestOutcome[]>;
  /** Outcomes whose file no part of the runner's output names. */
  unplaced: TestOutcome[];
  options: JoinOptions;
}

function push(map: Map<string, TestOutcome[]>, k: string, o: TestOutcome): void {
  const list = map.get(k);
  if (list === undefined) map.set(k, [o]);
  else list.push(o);
}

/** A file as the index keys it: forward slashes, relative to the root when under it, case folded if asked. */
export function fileKey(file: string, options: JoinOptions): string {
  let f = file.replace(/\\/g, '/');
  const root = options.root?.replace(/\\/g, '/').replace(/\/+$/, '');
  if (root !== undefined && root !== '') {
    const under = options.foldCase
      ? f.toLowerCase().startsWith(`${root.toLowerCase()}/`)
      : f.startsWith(`${root}/`);
    if (under) f = f.slice(root.length + 1);
  }
  f = f.replace(/^(?:\.\/)+/, '');
  return options.foldCase ? f.toLowerCase() : f;
}

export function indexOutcomes(outcomes: readonly TestOutcome[], options: JoinOptions = {}): OutcomeIndex {
  const index: OutcomeIndex = { byFile: new Map(), byModule: new Map(), unplaced: [], options };
  for (const o of outcomes) {
    if (o.file !== undefined) push(index.byFile, fileKey(o.file, options), o);
    else if (o.module !== undefined) {
      const parts = o.module.split('.');
      for (let n = 1; n <= parts.length; n++) push(index.byModule, parts.slice(0, n).join('.'), o);
    } else index.unplaced.push(o);
  }
  return index;
}

/** Why a citation's outcome cannot be confirmed. */
export type UnconfirmedReason =
  | 'no-test-block'
  | 'title-not-literal'
  | 'file-absent'
  | 'title-not-found'
  | 'ambiguous';

export type Join =
  | { kind: 'outcome'; status: TestStatus; outcome: TestOutcome; tests: number }
  | { kind: 'unconfirmed'; reason: UnconfirmedReason; detail: string };

const pathKey = (titles: readonly string[]) => titles.join(' > ');

/** The outcomes written for a citation's file: by its path, and for a Python file by its dotted module. */
function outcomesOfFile(file: string, index: OutcomeIndex): TestOutcome[] {
  const byPath = index.byFile.get(fileKey(file, index.options)) ?? [];
  if (CLASS_FILE.test(file)) return [...byPath, ...outcomesOfClass(file, index)];
  if (!file.endsWith('.py')) return byPath;
  const module = fileKey(file, { foldCase: index.options.foldCase ?? false })
    .slice(0, -3)
    .split('/')
    .join('.');
  const byModule = (index.byModule.get(module) ?? []).filter(
    (o) => o.module === module || o.module!.startsWith(`${module}.`),
  );
  return byModule.length === 0 ? byPath : [...byPath, ...byModule];
}

/**
 * The outcomes a class-named runner wrote for a Java/Kotlin file: the class
 * whose dotted name is the longest tail of the file's path
 * (`src/test/java/example/GreetTest.java` → `example.GreetTest`).
 */
function outcomesOfClass(file: string, index: OutcomeIndex): TestOutcome[] {
  const parts = fileKey(file, {}).replace(CLASS_FILE, '').split('/');
  for (let i = 0; i < parts.length; i++) {
    const name = parts.slice(i).join('.');
    const found = (index.byModule.get(name) ?? []).filter((o) => o.module === name);
    if (found.length > 0) return found;
  }
  return [];
}

/** A test's own title as pytest writes it: a parametrised case is `name[params]`. */
const pythonName = (name: string) => name.replace(/\[.*\]$/s, '');

/** Whether an outcome is the test (or, for a block, one of the tests) the binding names. */
function matches(binding: TestBinding, o: TestOutcome, python: boolean): boolean {
  const n = binding.titles.length;
  // A block with no titles (a Java class): every test the runner wrote for the file.
  if (binding.block && n === 0) return true;
  if (o.flat) {
    const name = o.titles[0]!.trim();
    if (python) return pythonName(name) === binding.titles[0];
    const flat = binding.titles.join(' ');
    if (binding.block) return name.startsWith(`${flat} `);
    if (binding.patterns !== undefined) return patternFlat(binding, name);
    return name === flat;
  }
  if (binding.block ? o.titles.length <= n : o.titles.length !== n) return false;
  return binding.titles.every((t, i) => {
    const pattern = binding.patterns?.[i];
    return pattern === undefined ? o.titles[i] === t : pattern.test(o.titles[i]!);
  });
}

/** A flat name against a parameterised binding: the patterns joined by spaces. */
function patternFlat(binding: TestBinding, name: string): boolean {
  const source = binding.titles
    .map((t, i) => binding.patterns?.[i]?.source.slice(1, -1) ?? t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(' ');
  return new RegExp(`^${source}$`, 's').test(name);
}

/** A suite the scanner could not read (`describe.skipIf(…)(…)`): the one test of the file whose path ends with ours. */
function tailMatches(binding: TestBinding, outcomes: readonly TestOutcome[]): TestOutcome[] {
  if (binding.block || binding.patterns !== undefined) return [];
  const n = binding.titles.length;
  const tails = outcomes.filter(
    (o) =>
      !o.flat &&
      o.titles.length > n &&
      binding.titles.every((t, i) => o.titles[o.titles.length - n + i] === t),
  );
  return new Set(tails.map((o) => pathKey(o.titles))).size === 1 ? tails : [];
}

const quote = (titles: readonly string[]) => `"${pathKey(titles)}"`;

/** What the runners say about the tests this binding names, all of them at once. */
// @implements results#RESULTS-DESCRIBE-JUDGED-BY-EVERY-TEST
function verdict(binding: TestBinding, found: readonly TestOutcome[]): Join {
  const failed = found.find((o) => o.status === 'failed');
  if (failed !== undefined)
    return { kind: 'outcome', status: 'failed', outcome: failed, tests: found.length };
  const passed = found.filter((o) => o.status === 'passed');
  const idle = found.find((o) => notRun(o.status));
  // Every test under a suite judges a citation on the suite: one that did not run leaves it unproven.
  if (binding.block) {
    return idle !== undefined
      ? { kind: 'outcome', status: idle.status, outcome: idle, tests: found.length }
      : { kind: 'outcome', status: 'passed', outcome: passed[0]!, tests: found.length };
  }
  // Rows of a parameterised test: a skipped row alone verifies nothing, a passing one does.
  if (binding.patterns !== undefined || idle === undefined) {
    return passed.length > 0
      ? { kind: 'outcome', status: 'passed', outcome: passed[0]!, tests: found.length }
      : { kind: 'outcome', status: idle!.status, outcome: idle!, tests: found.length };
  }
  if (passed.length === 0)
    return { kind: 'outcome', status: idle.status, outcome: idle, tests: found.length };
  // Two tests of one title in one file, one passed and one did not run: which is the citing one is unknown.
  return {
    kind: 'unconfirmed',
    reason: 'ambiguous',
    detail: `the results list ${found.length} tests titled ${quote(binding.titles)} in this file, ${passed.length} passed and ${found.length - passed.length} not run, so which one cites cannot be told`,
  };
}

/**
 * The outcome of the test (or suite) a citation is bound to in its file, or
 * why it cannot be confirmed. A file that failed as a whole fails every
 * citation in it, whatever its binding.
 */
// @implements results#RESULTS-JOIN-BY-FILE-AND-NAME
// @implements results#RESULTS-JOIN-EXACT
export function joinCitation(binding: TestBinding | undefined, file: string, index: OutcomeIndex): Join {
  const outcomes = outcomesOfFile(file, index);
  const whole = outcomes.find((o) => o.fileLevel);
  if (whole !== undefined) return { kind: 'outcome', status: 'failed', outcome: whole, tests: 0 };
  if (binding === undefined) {
    return {
      kind: 'unconfirmed',
      reason: 'no-test-block',
      detail:
        'it sits in no test or suite block the scanner can name (outside every it()/test()/describe(), or in a comment of commented-out code)',
    };
  }
  if (!binding.complete) {
    return {
      kind: 'unconfirmed',
      reason: 'title-not-literal',
      detail: `a title on its way is not a literal string (${binding.titles.length > 0 ? `known: ${quote(binding.titles)}` : 'no title known'}), so which test it sits in cannot be named`,
    };
  }
  const shown = binding.block ? `the tests under ${quote(binding.titles)}` : `test ${quote(binding.titles)}`;
  if (outcomes.length === 0) {
    const elsewhere = unplacedHint(binding, index);
    return {
      kind: 'unconfirmed',
      reason: 'file-absent',
      detail: `no results file lists a test of this file${elsewhere}`,
    };
  }
  const python = file.endsWith('.py');
  let found = outcomes.filter((o) => !o.fileLevel && matches(binding, o, python));
  if (found.length === 0) found = tailMatches(binding, outcomes);
  if (found.length === 0) {
    return {
      kind: 'unconfirmed',
      reason: 'title-not-found',
      detail: `the results list ${outcomes.length} test(s) of this file, none of them ${shown}`,
    };
  }
  return verdict(binding, found);
}

function unplacedHint(binding: TestBinding, index: OutcomeIndex): string {
  const n = index.unplaced.length;
  if (n === 0) return '';
  const flat = binding.titles.join(' ');
  const same = index.unplaced.some(
    (o) => o.titles.join(' ').trim() === flat || o.titles.at(-1) === binding.titles.at(-1),
  );
  return `; ${n} test(s) in the results name no file at all${same ? ', one of them titled like this one,' : ''} (node's JUnit reporter, jest-junit without addFileAttribute), and an outcome without its file confirms nothing`;
}
