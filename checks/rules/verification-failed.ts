/** verification-failed: found where test outcomes are joined to citations (checks/outcomes.ts). */
import type { RuleUnit } from './unit.ts';

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
