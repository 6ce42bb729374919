/** marker-mid-unit: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const markerMidUnit = {
  id: 'marker-mid-unit',
  meta: readerDiagnostic(
    'a marker stands mid-unit, where it is not read',
    'put the marker right after the anchor or at the end of the unit',
  ),
} as const satisfies RuleUnit;
