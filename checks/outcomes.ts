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
import { verificationFailed, verificationFailedFinding } from './rules/verification-failed.ts';
import {
  markedNotRunFinding,
  verificationSkipped,
  verificationSkippedFinding,
} from './rules/verification-skipped.ts';
import {
  staticNoTestBlockFinding,
  staticUnconfirmedFinding,
  verificationUnconfirmed,
  verificationUnconfirmedFinding,
} from './rules/verification-unconfirmed.ts';
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
    const join = joinCitation(testBinding(citation), citation.file, index);
    const changed = join.kind === 'outcome' ? vectorChange(join.outcome, input.vectors) : undefined;
    if (join.kind === 'unconfirmed' || changed !== undefined) {
      summary.unknown++;
      citation.outcome = { status: 'unknown' };
      if (severity === 'error') {
        citation.counted = false;
        citation.problem = verificationUnconfirmed.id;
      }
      const why =
        changed !== undefined ? { vectorChanged: changed } : (join as { reason: string; detail: string });
      out.add(verificationUnconfirmedFinding(citation, severity, input.sources, why));
      continue;
    }
    if (join.kind !== 'outcome') continue;
    const { outcome } = join;
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
      out.add(verificationFailedFinding(citation, outcome));
    } else if (notRun(join.status)) {
      summary.skipped++;
      citation.counted = false;
      citation.problem = verificationSkipped.id;
      out.add(verificationSkippedFinding(citation, outcome, join.status));
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
    if (citation.verb !== 'verifies' || !citation.counted) continue;
    if (citation.notRun === undefined) {
      if (inNoTestBlock(citation)) {
        if (unsure !== 'warning') {
          citation.counted = false;
          citation.problem = verificationUnconfirmed.id;
        }
        out.add(staticNoTestBlockFinding(citation, unsure));
      }
      continue;
    }
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
      out.add(staticUnconfirmedFinding(citation, test, why, unsure));
      continue;
    }
    citation.counted = false;
    citation.problem = verificationSkipped.id;
    out.add(markedNotRunFinding(citation, test, kind, why));
  }
}

/**
 * Whether a verifying citation in a test file of a language whose test blocks
 * the scanner names sits in none of them: a file-header comment, a helper, a
 * test file with no test at all. No test's declaration says it runs, so
 * without results it proves nothing, as the results join already refuses it.
 * Other languages (and citations outside test files, judged by
 * misplaced-citation) are left alone.
 */
// @implements scanner#STATIC-NO-TEST-BLOCK-IS-UNCONFIRMED
function inNoTestBlock(citation: JudgedCitation): boolean {
  return BOUND_LANGUAGES.test(citation.file) && citation.inTest && testBinding(citation) === undefined;
}

/** The test files whose citations testBinding can bind to a test: TS/JS, Python, Rust, Go. */
const BOUND_LANGUAGES = /\.(?:[cm]?[jt]sx?|py|rs|go)$/;

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
