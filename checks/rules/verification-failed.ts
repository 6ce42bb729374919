/**
 * verification-failed: a verifying citation whose test failed in the given
 * results (or whose whole file failed to load). The join of outcomes to
 * citations is checks/outcomes.ts's; the finding is built here.
 */
import type { JudgedCitation } from '../model.ts';
import type { TestOutcome } from '../results/model.ts';
import { atCitation, type Raised, type RuleUnit } from './unit.ts';

export const verificationFailed = {
  id: 'verification-failed',
  meta: {
    severity: 'error',
    description: 'A @verifies citation sits in a test that failed in the given test results.',
    help: 'With --results, a verifying citation counts only when its test passed; a failing test proves nothing.',
    fix: 'make the test pass (the finding names it and its first failure line), or move the citation to a test that passes',
    scope: 'citation',
  },
} as const satisfies RuleUnit;

/** The finding for a verifying citation whose test (or whole test file) failed. */
export function verificationFailedFinding(citation: JudgedCitation, outcome: TestOutcome): Raised {
  const failure = outcome.failure ? `: ${outcome.failure}` : '';
  if (outcome.fileLevel) {
    return {
      rule: verificationFailed.id,
      ...atResolved(citation),
      message: `test file ${citation.file} failed as a whole (it failed to load, or a hook outside its tests failed)${failure}; no test in it can verify ${citation.resolved}`,
      fix: 'make the file load and run (the message gives its first error line)',
    };
  }
  return {
    rule: verificationFailed.id,
    ...atResolved(citation),
    message: `${testOf(outcome)} (${citation.file}:${outcome.line ?? citation.line}) failed${failure}; it cannot verify ${citation.resolved}`,
    fix: 'make the test pass, or remove the @verifies if this test does not prove the fact',
  };
}

/** A test as a finding names it: its title path. */
export function testOf(outcome: TestOutcome): string {
  return `test "${outcome.titles.join(' > ')}"`;
}

/** A verifying citation's place, naming the fact it resolved to. */
export function atResolved(citation: JudgedCitation): ReturnType<typeof atCitation> {
  return { ...atCitation(citation), fact: citation.resolved };
}
