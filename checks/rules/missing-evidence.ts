/** missing-evidence: a fact requires evidence that citations cannot show (e.g. documentation). */
import type { RuleUnit } from './unit.ts';

export const missingEvidence = {
  id: 'missing-evidence',
  meta: {
    severity: 'warning',
    description: 'A fact requires evidence that citations cannot show (e.g. documentation).',
    help: 'A `@requires:` list may name evidence kinds beyond implementation and verification; the gate cannot see them in code.',
    fix: 'check that evidence by hand, or drop the kind from the @requires: list of the fact',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
