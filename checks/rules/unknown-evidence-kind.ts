/** unknown-evidence-kind: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const unknownEvidenceKind = {
  id: 'unknown-evidence-kind',
  meta: readerDiagnostic(
    '`@requires:` names an evidence kind that does not exist, or none',
    'use the kinds the fix names, separated by commas',
  ),
} as const satisfies RuleUnit;
