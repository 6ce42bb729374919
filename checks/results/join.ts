/**
 * Joining a verifying citation to the outcome of the test it sits in, by
 * file and full title path (`describe > … > it`). The scanner records the
 * enclosing chain as Citation.symbol (`describe "a" > it "b"`) and the test's
 * own title as Citation.testName; the title path is read back from those. Pure.
 */
import type { Citation } from '../model.ts';
import type { TestOutcome } from './model.ts';

export interface TestBinding {
  /** Suite titles, then the test title. */
  titles: string[];
  /** False when an enclosing suite's title is not a literal, so the path cannot be known. */
  complete: boolean;
}

const TITLED = /(?:^| > )(describe|suite|context|it|test) "(.*?)"(?= > |$)/g;
const UNTITLED_SUITE = /(?:^| > )(?:describe|suite|context)(?= > |$)/;
const SUITES = new Set(['describe', 'suite', 'context']);

/** The test block a citation is bound to, or undefined when it sits in none. */
export function testBinding(citation: Pick<Citation, 'symbol' | 'testName'>): TestBinding | undefined {
  if (citation.testName === undefined) return undefined;
  const titles: string[] = [];
  const symbol = citation.symbol ?? '';
  let lastTest = -1;
  for (const m of symbol.matchAll(TITLED)) {
    titles.push(m[2]!);
    if (!SUITES.has(m[1]!)) lastTest = titles.length - 1;
  }
  // Titles after the innermost test belong to nothing the runner reports.
  const path = lastTest >= 0 ? titles.slice(0, lastTest + 1) : [citation.testName];
  return { titles: path, complete: !UNTITLED_SUITE.test(symbol) };
}

export interface OutcomeIndex {
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
  const index: OutcomeIndex = { byPath: new Map(), byTitle: new Map() };
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
  return (
    matching.find((o) => o.status === 'failed') ?? matching.find((o) => o.status === 'passed') ?? matching[0]
  );
}
