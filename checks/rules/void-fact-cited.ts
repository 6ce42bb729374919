/**
 * void-fact-cited: a citation of a fact whose state is void (withdrawn).
 * Judged for every resolved citation (checks/citations.ts asks first).
 */
import type { Fact } from '../../reader/model.ts';
import type { JudgedCitation } from '../model.ts';
import { atCitation, type Raised, type RuleUnit } from './unit.ts';

export const voidFactCited = {
  id: 'void-fact-cited',
  meta: {
    severity: 'error',
    description: 'A citation names a fact whose state is void.',
    help: 'A void fact was withdrawn; code that still cites it claims something the spec no longer asks.',
    fix: 'remove the citation, or cite the fact that replaced it',
    scope: 'citation',
  },
} as const satisfies RuleUnit;

/** The finding for a citation of a void fact; undefined when the fact stands. */
// @implements trace#GATE-VOID-FACT-CITED
export function voidFactCitedFinding(citation: JudgedCitation, fact: Fact): Raised | undefined {
  if (fact.status.state !== 'void') return undefined;
  return {
    rule: voidFactCited.id,
    ...atCitation(citation, fact),
    message: `@${citation.verb} ${citation.ref}: ${fact.address} is void (withdrawn)`,
    fix: 'remove the citation, or cite the fact that replaced it',
  };
}
