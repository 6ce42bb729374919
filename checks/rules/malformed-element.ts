/** malformed-element: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const malformedElement = {
  id: 'malformed-element',
  meta: readerDiagnostic('an element is not well formed', 'close the element and quote its attributes'),
} as const satisfies RuleUnit;
