/**
 * deviation-without-reason: `@deviates` without `reason="…"`; a deviation is
 * listed in every report, and without its reason nobody can judge it. Judged
 * for every resolved citation (checks/citations.ts).
 */
import type { Fact } from '../../reader/model.ts';
import type { JudgedCitation } from '../model.ts';
import { atCitation, type Raised, type RuleUnit } from './unit.ts';

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

/** The finding for a deviation that gives no reason; undefined for any other citation. */
// @implements trace#GATE-DEVIATION-NEEDS-REASON
export function deviationWithoutReasonFinding(citation: JudgedCitation, fact: Fact): Raised | undefined {
  if (citation.verb !== 'deviates' || (citation.reason !== undefined && citation.reason !== ''))
    return undefined;
  return {
    rule: deviationWithoutReason.id,
    ...atCitation(citation, fact),
    message: `@deviates ${citation.ref} gives no reason`,
    fix: `write the reason: @deviates ${citation.ref} reason="why the code departs from the fact"`,
  };
}
