/**
 * verification-skipped: a verifying citation in a test that did not run: the
 * results say skipped, todo or pending, or, without results, the source marks
 * it never to run (checks/scan/test-runs.ts reads the marks). The join is
 * checks/outcomes.ts's; the findings are built here.
 */
import type { JudgedCitation } from '../model.ts';
import type { TestOutcome } from '../results/model.ts';
import type { Raised, RuleUnit } from './unit.ts';
import { atResolved, testOf } from './verification-failed.ts';

export const verificationSkipped = {
  id: 'verification-skipped',
  meta: {
    severity: 'error',
    description:
      'A @verifies citation sits in a test that was skipped, todo or pending in the given test results, or, without results, one that never runs as its runner reads the source (it.skip.each, xit, { skip: true }, an .only elsewhere, a pytest skip mark on it, its class or module, #[ignore]).',
    help: 'A skipped test ran no assertion, so it cannot verify the fact.',
    fix: 'un-skip the test and make it pass, or cite the fact from a test that runs',
    scope: 'citation',
  },
} as const satisfies RuleUnit;

/** The finding for a verifying citation whose test the results say did not run (`status`: skipped, todo, pending). */
export function verificationSkippedFinding(
  citation: JudgedCitation,
  outcome: TestOutcome,
  status: string,
): Raised {
  const at = outcome.fileLevel ? citation.file : `${citation.file}:${outcome.line ?? citation.line}`;
  return {
    rule: verificationSkipped.id,
    ...atResolved(citation),
    message: `${outcome.fileLevel ? 'file' : testOf(outcome)} (${at}) was ${status}, so it verifies nothing about ${citation.resolved}`,
    fix: 'let the test run (drop .skip/.todo), or cite a test that runs',
  };
}

/** Without results: the finding for a verifying citation in a test the source marks todo or to be skipped (`why`: the mark). */
export function markedNotRunFinding(
  citation: JudgedCitation,
  test: string,
  kind: 'todo' | 'skip',
  why: string | undefined,
): Raised {
  return {
    rule: verificationSkipped.id,
    ...atResolved(citation),
    message: `${test} is marked ${kind === 'todo' ? 'todo' : 'to be skipped'} in the source${why === undefined ? '' : ` (${why})`}, so it verifies nothing about ${citation.resolved}`,
    fix: 'write the test and drop the skip/todo marker, or cite a test that runs',
  };
}
