/**
 * Test outcomes joined to verifying citations. With results, a verifying
 * citation counts only when the results name its test in its file and that
 * test passed; otherwise it raises `verification-failed`, `-skipped` or
 * `-unconfirmed` (with the reason) and stops counting. Only an explicit
 * results policy (`unconfirmed: "warning"`) lowers the last to a warning that
 * keeps the citation counting. Pure.
 */
import type { FindingCollector } from './findings.ts';
import type { JudgedCitation, OutcomeJoin, OutcomeSummary } from './model.ts';
import {
  indexOutcomes,
  type JoinOptions,
  joinCitation,
  notRun,
  type TestOutcome,
  testBinding,
} from './results/index.ts';
import { type VectorState, vectorChange } from './results/vector-evidence.ts';
import { verificationFailed } from './rules/verification-failed.ts';
import { verificationSkipped } from './rules/verification-skipped.ts';
import { verificationUnconfirmed } from './rules/verification-unconfirmed.ts';
import { runKind, runWhy } from './scan/test-runs.ts';

export interface OutcomeInput extends JoinOptions {
  /** Every test outcome read from the results files. */
  outcomes: readonly TestOutcome[];
  /** The results files, as named on the command line or in the config. */
  sources: readonly string[];
  /** How an unconfirmed outcome is reported: an error (the default) or, by explicit policy, a warning. */
  unconfirmed?: 'error' | 'warning';
  /** Each vectors file named by vector results, as it reads now (absent: the file is gone). */
  vectors?: ReadonlyMap<string, VectorState>;
}

export function uncheckedOutcomes(): OutcomeSummary {
  return { checked: false, sources: [], passed: 0, failed: 0, skipped: 0, unknown: 0 };
}

function describeTest(titles: readonly string[]): string {
  return `"${titles.join(' > ')}"`;
}

// @implements results#RESULTS-VERIFIED-ONLY-WHEN-PASSED
// @implements results#RESULTS-UNCONFIRMED-IS-AN-ERROR
// @implements results#RESULTS-FILE-FAILURE-FAILS-ITS-CITATIONS
export function joinOutcomes(
  citations: JudgedCitation[],
  input: OutcomeInput | undefined,
  out: FindingCollector,
  staticUnconfirmed?: 'warning',
): OutcomeSummary {
  if (input === undefined) {
    markedNotRun(citations, out, staticUnconfirmed);
    return uncheckedOutcomes();
  }
  const summary: OutcomeSummary = {
    ...uncheckedOutcomes(),
    checked: true,
    sources: [...input.sources],
    joins: joinKeys(input),
  };
  const index = indexOutcomes(input.outcomes, input);
  const severity = input.unconfirmed ?? verificationUnconfirmed.meta.severity;
  for (const citation of citations) {
    if (citation.verb !== 'verifies' || !citation.counted) continue;
    const place = {
      file: citation.file,
      line: citation.line,
      column: citation.column,
      fact: citation.resolved,
    };
    const join = joinCitation(testBinding(citation), citation.file, index);
    const changed = join.kind === 'outcome' ? vectorChange(join.outcome, input.vectors) : undefined;
    if (join.kind === 'unconfirmed' || changed !== undefined) {
      summary.unknown++;
      citation.outcome = { status: 'unknown' };
      if (severity === 'error') {
        citation.counted = false;
        citation.problem = verificationUnconfirmed.id;
      }
      out.add({
        rule: verificationUnconfirmed.id,
        severity,
        ...place,
        message: `@verifies ${citation.ref} cannot be confirmed by ${input.sources.join(', ')}: ${changed ?? (join as { detail: string }).detail}`,
        fix:
          changed !== undefined
            ? 'run `factline conform … --results` again against the vectors as they are now'
            : unconfirmedFix(join.kind === 'unconfirmed' ? join.reason : 'file-absent'),
      });
      continue;
    }
    if (join.kind !== 'outcome') continue;
    const { outcome } = join;
    const test = outcome.fileLevel ? 'file' : `test ${describeTest(outcome.titles)}`;
    const at = `${citation.file}${outcome.fileLevel ? '' : `:${outcome.line ?? citation.line}`}`;
    citation.outcome = {
      status: join.status,
      test: outcome.fileLevel ? '(the whole file)' : outcome.titles.join(' > '),
      source: outcome.source,
      ...(outcome.failure !== undefined ? { failure: outcome.failure } : {}),
    };
    if (join.status === 'passed') {
      summary.passed++;
    } else if (join.status === 'failed') {
      summary.failed++;
      citation.counted = false;
      citation.problem = verificationFailed.id;
      out.add({
        rule: verificationFailed.id,
        ...place,
        message: outcome.fileLevel
          ? `test file ${citation.file} failed as a whole (it failed to load, or a hook outside its tests failed)${outcome.failure ? `: ${outcome.failure}` : ''}; no test in it can verify ${citation.resolved}`
          : `${test} (${at}) failed${outcome.failure ? `: ${outcome.failure}` : ''}; it cannot verify ${citation.resolved}`,
        fix: outcome.fileLevel
          ? 'make the file load and run (the message gives its first error line)'
          : 'make the test pass, or remove the @verifies if this test does not prove the fact',
      });
    } else if (notRun(join.status)) {
      summary.skipped++;
      citation.counted = false;
      citation.problem = verificationSkipped.id;
      out.add({
        rule: verificationSkipped.id,
        ...place,
        message: `${test} (${at}) was ${join.status}, so it verifies nothing about ${citation.resolved}`,
        fix: 'let the test run (drop .skip/.todo), or cite a test that runs',
      });
    }
  }
  return summary;
}

/**
 * Without results, the source alone decides (checks/scan/test-runs.ts): a
 * `@verifies` in a test that never runs (`it.skip.each`, `xit`, `{ skip:
 * true }`, an `.only` elsewhere, a pytest `skip` mark on its class, a Rust
 * `#[ignore]` test) proves nothing, and one whose running the source cannot
 * tell (`skipIf(flag)`, a member factline does not resolve) is unconfirmed;
 * neither counts. With results the runner's outcome decides (an ignored
 * Rust test may have run with `--include-ignored`).
 */
// @implements scanner#STATIC-SKIP-VERIFIES-NOTHING
// @implements scanner#STATIC-UNSURE-IS-UNCONFIRMED
function markedNotRun(citations: JudgedCitation[], out: FindingCollector, unsure?: 'warning'): void {
  for (const citation of citations) {
    if (citation.verb !== 'verifies' || !citation.counted || citation.notRun === undefined) continue;
    const test =
      citation.testName !== undefined
        ? `test "${citation.testName}"`
        : citation.symbol !== undefined
          ? `test ${citation.symbol}`
          : 'its test';
    const kind = runKind(citation.notRun);
    const why = runWhy(citation.notRun);
    if (kind === 'unknown') {
      // Only the config's explicit `static.unconfirmed: "warning"` keeps it counting, with a warning on every run.
      if (unsure !== 'warning') {
        citation.counted = false;
        citation.problem = verificationUnconfirmed.id;
      }
      out.add({
        rule: verificationUnconfirmed.id,
        ...(unsure === 'warning' ? { severity: 'warning' as const } : {}),
        file: citation.file,
        line: citation.line,
        column: citation.column,
        fact: citation.resolved,
        message: `the source cannot tell whether ${test} runs (${why ?? 'a form factline does not resolve'}), so without results it verifies nothing about ${citation.resolved}`,
        fix: "pass the runner's results with --results, or cite a test whose declaration says plainly that it runs",
      });
      continue;
    }
    citation.counted = false;
    citation.problem = verificationSkipped.id;
    out.add({
      rule: verificationSkipped.id,
      file: citation.file,
      line: citation.line,
      column: citation.column,
      fact: citation.resolved,
      message: `${test} is marked ${kind === 'todo' ? 'todo' : 'to be skipped'} in the source${why === undefined ? '' : ` (${why})`}, so it verifies nothing about ${citation.resolved}`,
      fix: 'write the test and drop the skip/todo marker, or cite a test that runs',
    });
  }
}

function unconfirmedFix(reason: string): string {
  switch (reason) {
    case 'no-test-block':
      return 'move the citation inside (or right above) the it()/test() that proves the fact';
    case 'title-not-literal':
      return 'give the test (and its suites) a literal title the results can be matched by';
    case 'title-not-found':
      return 'run that test when writing the results, or pass the results file that has it with --results';
    case 'ambiguous':
      return 'give the tests of this file distinct titles';
    default:
      return 'pass the results of the runner that runs this file (one that names each test\'s file), or, while moving a project over, set `"results": {"unconfirmed": "warning"}`';
  }
}

/** Per results file, which part of the runner's output named each test's file (docs/policy.md). */
function joinKeys(input: OutcomeInput): OutcomeJoin[] {
  const bySource = new Map<string, Map<string, number>>();
  for (const source of input.sources) bySource.set(source, new Map());
  for (const o of input.outcomes) {
    const keys = bySource.get(o.source) ?? new Map<string, number>();
    bySource.set(o.source, keys);
    const key = o.joinKey ?? (o.file !== undefined ? 'file entry' : 'none');
    keys.set(key, (keys.get(key) ?? 0) + 1);
  }
  return [...bySource].map(([source, keys]) => ({
    source,
    keys: Object.fromEntries([...keys].sort(([a], [b]) => (a < b ? -1 : 1))),
  }));
}

/** Whether a fact's missing verification is already explained by a failed, skipped or unconfirmed test. */
export function explainedByOutcome(refs: readonly number[], citations: readonly JudgedCitation[]): boolean {
  return refs.some((i) => {
    const p = citations[i]!.problem;
    return p === verificationFailed.id || p === verificationSkipped.id || p === verificationUnconfirmed.id;
  });
}
