/** marked-unit-without-anchor: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const markedUnitWithoutAnchor = {
  id: 'marked-unit-without-anchor',
  meta: readerDiagnostic(
    'a unit carries a status marker but no @fact: anchor',
    'add `@fact:ID` as the first token of the unit, or drop the marker',
  ),
} as const satisfies RuleUnit;
