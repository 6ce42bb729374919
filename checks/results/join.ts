/**
 * Joining a verifying citation to the outcome of the test it sits in, by
 * file and full title path (`describe > … > it`). The scanner records the
 * enclosing chain as Citation.symbol (`describe "a" > it "b"`) and the test's
 * own title as Citation.testName; the title path is read back from those. Pure.
 */
import type { Citation } from '../model.ts';
import { TEMPLATE_HOLE } from '../scan/types.ts';
import type { TestOutcome } from './model.ts';

export interface TestBinding {
  /** Suite titles, then the test title. */
  titles: string[];
  /** False when an enclosing suite's title is not a literal, so the path cannot be known. */
  complete: boolean;
  /**
   * Per title, the pattern the runner's titles must match when the title is
   * filled in at run time (`it.each` placeholders, template-literal holes);
   * absent when every title is literal.
   */
  patterns?: (RegExp | undefined)[];
}

const TITLED = /(?:^| > )(describe|suite|context|it|test)(\.each)? (?:"(.*?)"|`(.*?)`)(?= > |$)/g;
const UNTITLED_SUITE = /(?:^| > )(?:describe|suite|context)(?:\.each)?(?= > |$)/;
const SUITES = new Set(['describe', 'suite', 'context']);

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

/** The test block a citation is bound to, or undefined when it sits in none. */
export function testBinding(citation: Pick<Citation, 'symbol' | 'testName'>): TestBinding | undefined {
  if (citation.testName === undefined) return undefined;
  const titles: string[] = [];
  const patterns: (RegExp | undefined)[] = [];
  const symbol = citation.symbol ?? '';
  let lastTest = -1;
  for (const m of symbol.matchAll(TITLED)) {
    const each = m[2] !== undefined;
    const title = m[3] ?? m[4]!;
    titles.push(title);
    patterns.push(each || m[4] !== undefined ? titlePattern(title, each) : undefined);
    if (!SUITES.has(m[1]!)) lastTest = titles.length - 1;
  }
  // Titles after the innermost test belong to nothing the runner reports.
  if (lastTest < 0) return { titles: [citation.testName], complete: !UNTITLED_SUITE.test(symbol) };
  const binding: TestBinding = {
    titles: titles.slice(0, lastTest + 1),
    complete: !UNTITLED_SUITE.test(symbol),
  };
  const own = patterns.slice(0, lastTest + 1);
  if (own.some((p) => p !== undefined)) binding.patterns = own;
  return binding;
}

export interface OutcomeIndex {
  /** Every outcome, for bindings whose titles are patterns. */
  all: readonly TestOutcome[];
  /** Full title path → outcomes. */
  byPath: Map<string, TestOutcome[]>;
  /** The test's own title → outcomes, for suites the scanner could not see (`describe.skipIf(…)(…)`). */
  byTitle: Map<string, TestOutcome[]>;
}

const key = (titles: readonly string[]) => titles.join(' > ');

function push(map: Map<string, TestOutcome[]>, k: string, o: TestOutcome): void {
  const list = map.get(k);
  if (list === undefined) map.set(k, [o]);
  else list.push(o);
}

export function indexOutcomes(outcomes: readonly TestOutcome[]): OutcomeIndex {
  const index: OutcomeIndex = { all: outcomes, byPath: new Map(), byTitle: new Map() };
  for (const o of outcomes) {
    push(index.byPath, key(o.titles), o);
    push(index.byTitle, o.titles.at(-1) ?? '', o);
  }
  return index;
}

/** Whether `titles` ends with `tail` (the scanner's path may miss a suite whose call it could not read). */
function endsWith(titles: readonly string[], tail: readonly string[]): boolean {
  if (tail.length > titles.length) return false;
  const offset = titles.length - tail.length;
  return tail.every((t, i) => titles[offset + i] === t);
}

function normalise(file: string): string {
  return file.replace(/\\/g, '/').replace(/^\.\//, '');
}

/** A runner's file (absolute, from another checkout, or relative) names the repo-relative file. */
function sameFile(reported: string | undefined, file: string): boolean {
  if (reported === undefined) return true;
  const r = normalise(reported);
  return r === file || r.endsWith(`/${file}`);
}

/**
 * The outcome of the test a citation is bound to: a failure anywhere wins
 * (the same test in two reports, or a retried one), then a pass, then not-run.
 * Flat names (jest-junit's `describe it` with spaces) match too, and so does
 * the one test of the file whose path ends with ours.
 */
// @implements evidence#RESULTS-JOIN-BY-FILE-AND-NAME
export function outcomeFor(binding: TestBinding, file: string, index: OutcomeIndex): TestOutcome | undefined {
  if (binding.patterns !== undefined) return worstOf(casesOf(binding, binding.patterns, file, index));
  const nested = key(binding.titles);
  const flat = binding.titles.join(' ');
  const candidates = [
    ...(index.byPath.get(nested) ?? []),
    ...(flat !== nested ? (index.byPath.get(flat) ?? []) : []),
  ];
  let matching = candidates.filter((o) => sameFile(o.file, file));
  if (matching.length === 0) {
    // A suite the scanner missed: accept a path that ends with ours, when exactly one test in the file has it.
    const tails = (index.byTitle.get(binding.titles.at(-1) ?? '') ?? []).filter(
      (o) => sameFile(o.file, file) && endsWith(o.titles, binding.titles),
    );
    if (new Set(tails.map((o) => key(o.titles))).size === 1) matching = tails;
  }
  return worstOf(matching);
}

/** A failure anywhere wins (one failed case fails the citation), then a pass, then not-run. */
function worstOf(matching: readonly TestOutcome[]): TestOutcome | undefined {
  return (
    matching.find((o) => o.status === 'failed') ?? matching.find((o) => o.status === 'passed') ?? matching[0]
  );
}

/**
 * The runs of a parameterised test: every outcome in the file whose title
 * path ends with the binding's, each title equal to a literal one or matching
 * a pattern (a suite the scanner missed may come first, as above).
 */
// @implements evidence#RESULTS-PARAMETERISED-TESTS
function casesOf(
  binding: TestBinding,
  patterns: readonly (RegExp | undefined)[],
  file: string,
  index: OutcomeIndex,
): TestOutcome[] {
  const n = binding.titles.length;
  return index.all.filter((o) => {
    if (o.titles.length < n || !sameFile(o.file, file)) return false;
    const offset = o.titles.length - n;
    return binding.titles.every((t, i) => {
      const pattern = patterns[i];
      return pattern === undefined ? o.titles[offset + i] === t : pattern.test(o.titles[offset + i]!);
    });
  });
}
