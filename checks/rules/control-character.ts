/** control-character: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const controlCharacter = {
  id: 'control-character',
  meta: readerDiagnostic('an id holds a control character', 'remove the control character from the id'),
} as const satisfies RuleUnit;
