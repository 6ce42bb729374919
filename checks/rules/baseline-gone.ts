/**
 * baseline-gone: a finding recorded in the baseline no longer occurs.
 * Found where the baseline is applied (checks/baseline.ts).
 */
import type { RuleUnit } from './unit.ts';

export const baselineGone = {
  id: 'baseline-gone',
  meta: {
    severity: 'info',
    description: 'A finding recorded in the baseline no longer occurs.',
    help: 'The ratchet tightens only when the baseline is refreshed after a fix.',
    fix: 'run `factline baseline` to record the smaller set of findings',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
