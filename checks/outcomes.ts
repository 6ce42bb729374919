/**
 * Test outcomes joined to verifying citations (issue 11). With results, a
 * verifying citation counts only when the test it sits in passed: a failed
 * test raises `verification-failed`, a skipped/todo/pending one
 * `verification-skipped`, and either stops the citation counting. A citation
 * the results cannot place gets a warning and keeps counting, because one
 * run's results may not cover another runner's tests. Pure.
 */
import type { FindingCollector } from './findings.ts';
import type { Citation, OutcomeSummary } from './model.ts';
import { indexOutcomes, notRun, outcomeFor, type TestOutcome, testBinding } from './results/index.ts';

export interface OutcomeInput {
  /** Every test outcome read from the results files. */
  outcomes: readonly TestOutcome[];
  /** The results files, as named on the command line or in the config. */
  sources: readonly string[];
}

export function uncheckedOutcomes(): OutcomeSummary {
  return { checked: false, sources: [], passed: 0, failed: 0, skipped: 0, unknown: 0 };
}

function describeTest(titles: readonly string[]): string {
  return `"${titles.join(' > ')}"`;
}

// @implements evidence#RESULTS-VERIFIED-ONLY-WHEN-PASSED
// @implements evidence#RESULTS-UNKNOWN-TEST-WARNS
export function joinOutcomes(
  citations: Citation[],
  input: OutcomeInput | undefined,
  out: FindingCollector,
): OutcomeSummary {
  if (input === undefined) return uncheckedOutcomes();
  const summary: OutcomeSummary = { ...uncheckedOutcomes(), checked: true, sources: [...input.sources] };
  const index = indexOutcomes(input.outcomes);
  for (const citation of citations) {
    if (citation.verb !== 'verifies' || !citation.counted) continue;
    const place = {
      file: citation.file,
      line: citation.line,
      column: citation.column,
      fact: citation.resolved,
    };
    const binding = testBinding(citation);
    const outcome = binding === undefined ? undefined : outcomeFor(binding, citation.file, index);
    if (binding === undefined || outcome === undefined) {
      summary.unknown++;
      citation.outcome = { status: 'unknown' };
      out.add({
        rule: 'verification-not-in-results',
        ...place,
        message:
          binding === undefined
            ? `@verifies ${citation.ref} sits in no test block the scanner can name, so its outcome is unknown`
            : `@verifies ${citation.ref} is bound to test ${describeTest(binding.titles)}, which no results file lists${binding.complete ? '' : ' (an enclosing suite title is not a literal string)'}`,
        fix:
          binding === undefined
            ? 'move the citation inside (or right above) the it()/test() that proves the fact'
            : `run that test when writing ${input.sources.join(', ')}, or pass the results file that has it with --results`,
      });
      continue;
    }
    const test = describeTest(outcome.titles);
    const at = `${citation.file}:${outcome.line ?? citation.line}`;
    citation.outcome = {
      status: outcome.status,
      test: outcome.titles.join(' > '),
      source: outcome.source,
      ...(outcome.failure !== undefined ? { failure: outcome.failure } : {}),
    };
    if (outcome.status === 'passed') {
      summary.passed++;
    } else if (outcome.status === 'failed') {
      summary.failed++;
      citation.counted = false;
      citation.problem = 'verification-failed';
      out.add({
        rule: 'verification-failed',
        ...place,
        message: `test ${test} (${at}) failed${outcome.failure ? `: ${outcome.failure}` : ''}; it cannot verify ${citation.resolved}`,
        fix: 'make the test pass, or remove the @verifies if this test does not prove the fact',
      });
    } else if (notRun(outcome.status)) {
      summary.skipped++;
      citation.counted = false;
      citation.problem = 'verification-skipped';
      out.add({
        rule: 'verification-skipped',
        ...place,
        message: `test ${test} (${at}) was ${outcome.status}, so it verifies nothing about ${citation.resolved}`,
        fix: 'let the test run (drop .skip/.todo), or cite a test that runs',
      });
    }
  }
  return summary;
}

/** Whether a fact's missing verification is already explained by a failed or skipped test. */
export function explainedByOutcome(refs: readonly number[], citations: readonly Citation[]): boolean {
  return refs.some((i) => {
    const p = citations[i]!.problem;
    return p === 'verification-failed' || p === 'verification-skipped';
  });
}
