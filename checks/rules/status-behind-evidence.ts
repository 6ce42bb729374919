/** status-behind-evidence: a fact's status says it is not due, yet code and tests already cite it. */
import type { RuleUnit } from './unit.ts';

export const statusBehindEvidence = {
  id: 'status-behind-evidence',
  meta: {
    severity: 'info',
    description: "A fact's status says it is not due, yet code and tests already cite it.",
    help: 'Pending facts need nothing, so evidence for them is not held to account until their status says the work is done.',
    fix: 'if the work is done, mark the fact `@status:impl/done` so the gate holds it to its evidence',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
