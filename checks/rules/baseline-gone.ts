/**
 * baseline-gone: a finding recorded in the baseline that no longer occurs;
 * the ratchet tightens only when the baseline is refreshed. The baseline is
 * applied by checks/baseline.ts; the finding is built here.
 */
import type { BaselineEntry } from '../baseline.ts';
import type { Finding } from '../model.ts';
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

/** The info for a baselined finding `entry` that no longer occurs, naming the baseline file to refresh. */
export function baselineGoneFinding(entry: BaselineEntry, baselineFile: string): Finding {
  return {
    rule: baselineGone.id,
    severity: baselineGone.meta.severity,
    ...(entry.fact !== null ? { fact: entry.fact } : {}),
    file: entry.file,
    line: 1,
    column: 1,
    message: `baselined ${entry.rule} is gone: ${entry.message}`,
    fix: `run \`factline baseline --out ${baselineFile}\` to ratchet the baseline down`,
  };
}
