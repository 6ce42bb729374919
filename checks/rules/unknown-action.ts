/** unknown-action: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const unknownAction = {
  id: 'unknown-action',
  meta: readerDiagnostic('a status names an unknown action', 'use one of the actions the fix names'),
} as const satisfies RuleUnit;
