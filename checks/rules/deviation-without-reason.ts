/** deviation-without-reason: found where citations are judged (checks/citations.ts, `misuse`). */
import type { RuleUnit } from './unit.ts';

export const deviationWithoutReason = {
  id: 'deviation-without-reason',
  meta: {
    severity: 'error',
    description: '@deviates without reason="…".',
    help: 'A deviation is listed in every report; without its reason nobody can judge it.',
    fix: 'write the reason: `@deviates DOC#ID reason="why the code departs from the fact"`',
    scope: 'citation',
  },
} as const satisfies RuleUnit;
