/**
 * status-against-evidence: vibevm's progress-report mismatch, raised under
 * the vibevm profile in place of the evidence gaps: a `test/done` marker whose
 * section has no verifying citation, a `freeze` marker whose section has no
 * implementing one (checks/profiles/vibevm.ts judges it; vibevm reports it and
 * never fails on it).
 */
import type { RuleUnit } from './unit.ts';

export const statusAgainstEvidence = {
  id: 'status-against-evidence',
  meta: {
    severity: 'info',
    description:
      "vibevm profile: a test/done or freeze marker whose section's citations do not back it (reported, never failing).",
    help: "vibevm judges each status marker by the innermost heading holding it, when that heading is anchored: test/done needs a verifying edge on it, any freeze an implementing one. vibevm's progress report lists these; its gates do not fail on them.",
    fix: 'cite the section from the implementing code or the proving test, or lower the marker',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
