/** unknown-state: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const unknownState = {
  id: 'unknown-state',
  meta: readerDiagnostic('a status names a state that does not exist', 'use one of the states the fix names'),
} as const satisfies RuleUnit;
