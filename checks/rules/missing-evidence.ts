/**
 * missing-evidence: a fact requires evidence that citations cannot show
 * (e.g. documentation). The trace asks for each due fact, with the evidence
 * its policy requires (checks/trace.ts).
 */
import type { EvidenceKind, Fact } from '../../reader/model.ts';
import { TRACED_EVIDENCE } from '../policy.ts';
import { atFact, type Raised, type RuleUnit } from './unit.ts';

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

/** One finding per required evidence kind citations cannot show: it is reported, not traced. */
export function missingEvidenceFindings(fact: Fact, required: readonly EvidenceKind[]): Raised[] {
  return required
    .filter((kind) => !TRACED_EVIDENCE.has(kind))
    .map((kind) => ({
      rule: missingEvidence.id,
      ...atFact(fact),
      message: `${fact.address} requires ${kind}, which citations cannot show`,
      fix: `check the ${kind} by hand, or drop \`${kind}\` from its @requires: list`,
    }));
}
