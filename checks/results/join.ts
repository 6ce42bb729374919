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

export type OutcomeIndex = Map<string, TestOutcome[]>;

const key = (titles: readonly string[]) => titles.join(' > ');

export function indexOutcomes(outcomes: readonly TestOutcome[]): OutcomeIndex {
  const index: OutcomeIndex = new Map();
  for (const o of outcomes) {
    const k = key(o.titles);
    const list = index.get(k);
    if (list === undefined) index.set(k, [o]);
    else list.push(o);
  }
  return index;
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
 * Flat names (jest-junit's `describe it` with spaces) match too.
 */
// @implements evidence#RESULTS-JOIN-BY-FILE-AND-NAME
export function outcomeFor(binding: TestBinding, file: string, index: OutcomeIndex): TestOutcome | undefined {
  const nested = key(binding.titles);
  const flat = binding.titles.join(' ');
  const candidates = [...(index.get(nested) ?? []), ...(flat !== nested ? (index.get(flat) ?? []) : [])];
  const matching = candidates.filter((o) => sameFile(o.file, file));
  return (
    matching.find((o) => o.status === 'failed') ?? matching.find((o) => o.status === 'passed') ?? matching[0]
  );
}
