/** missing-verification: found by the trace (checks/trace.ts decides each fact's gaps); its message is checks/gap-messages.ts's. */
import type { RuleUnit } from './unit.ts';

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
