/**
 * spec-diagnostic: a spec markup problem (older name; diagnostics now report under their own code).
 * Retired: no finding uses it any more; the row stays so older output still finds its rule.
 */
import type { RuleUnit } from './unit.ts';

export const specDiagnostic = {
  id: 'spec-diagnostic',
  meta: {
    severity: 'error',
    description: 'A spec markup problem (older name; diagnostics now report under their own code).',
    help: 'Kept so that readers of older output still find the rule; no current finding uses it.',
    fix: 'run `factline lint` and fix what it prints',
    scope: 'spec',
    retired: true,
  },
} as const satisfies RuleUnit;
