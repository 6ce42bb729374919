/** stranded-marker: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const strandedMarker = {
  id: 'stranded-marker',
  meta: readerDiagnostic(
    'a status marker belongs to no fact',
    'move it next to a fact anchor or below a heading',
  ),
} as const satisfies RuleUnit;
