/** unknown-typed-anchor: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const unknownTypedAnchor = {
  id: 'unknown-typed-anchor',
  meta: readerDiagnostic('an @fact/TYPE: anchor names an unknown type', 'use `@fact/code:`'),
} as const satisfies RuleUnit;
