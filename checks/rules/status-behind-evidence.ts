/**
 * status-behind-evidence: a fact whose status says it is not due, yet code
 * and tests already cite it. The trace asks for each pending fact, with its
 * counted citations (checks/trace.ts).
 */
import type { Fact } from '../../reader/model.ts';
import { atFact, type Raised, type RuleUnit } from './unit.ts';

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

/** The note for a pending fact that already has counted implementing or verifying citations; undefined without any. */
// @implements trace#GATE-STATUS-BEHIND-EVIDENCE
export function statusBehindEvidenceFinding(
  fact: Fact,
  counted: { implements: number; verifies: number },
): Raised | undefined {
  const { implements: impl, verifies: ver } = counted;
  if (impl + ver === 0) return undefined;
  const found = [impl > 0 ? `${impl} implementing` : '', ver > 0 ? `${ver} verifying` : '']
    .filter(Boolean)
    .join(' and ');
  return {
    rule: statusBehindEvidence.id,
    ...atFact(fact),
    message: `${fact.address} is ${fact.status.stage}/${fact.status.state} but has ${found} citation(s)`,
    fix: 'if the work is done, mark it `@status:impl/done` (or test/done) so the gate holds it to its evidence',
  };
}
