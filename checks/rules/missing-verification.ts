/**
 * missing-verification: a fact that needs verification has no counted
 * verifying citation in a test. The trace decides each fact's gaps
 * (checks/trace.ts) and asks here for the words, unless a failed or skipped
 * test already told it: a fact whose only verifying tests are stale is told to
 * review and re-pin them, not to add one.
 */
import type { Fact } from '../../reader/model.ts';
import { atFact, type Raised, type RuleUnit } from './unit.ts';

export const missingVerification = {
  id: 'missing-verification',
  meta: {
    severity: 'error',
    description: 'A fact that needs verification has no counted @verifies citation in a test.',
    help: 'Due facts need a test that proves them; the citation counts only inside the files the `tests` globs select.',
    fix: 'add `// @verifies DOC#ID` inside or right above the test that proves the fact',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;

/**
 * The finding for a fact with no counted verifying citation: `stale`
 * verifying test citations of it are stale; `citation` writes the citation
 * to add in the comment syntax of the project's test files.
 */
// @implements trace#MESSAGES-STALE-IS-NOT-MISSING
export function missingVerificationFinding(fact: Fact, stale: number, citation: () => string): Raised {
  const status = `${fact.status.stage}/${fact.status.state}`;
  if (stale > 0) {
    return {
      rule: missingVerification.id,
      ...atFact(fact),
      message: `${fact.address} (${status}) has no current verifying test: ${stale} verifying test citation${stale === 1 ? ' is' : 's are'} stale`,
      fix: `review the tests against the reworded fact, then run \`factline pin ${fact.address}\``,
    };
  }
  return {
    rule: missingVerification.id,
    ...atFact(fact),
    message: `${fact.address} (${status}) has no verifying test`,
    fix: `add ${citation()} inside or right above the test that proves it`,
  };
}
