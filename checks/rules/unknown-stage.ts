/** unknown-stage: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const unknownStage = {
  id: 'unknown-stage',
  meta: readerDiagnostic('a status names a stage that does not exist', 'use one of the stages the fix names'),
} as const satisfies RuleUnit;
