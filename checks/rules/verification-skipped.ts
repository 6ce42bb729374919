/** verification-skipped: found where test outcomes are joined to citations (checks/outcomes.ts), and without results from the source's own skip marks. */
import type { RuleUnit } from './unit.ts';

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
