/** empty-id: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const emptyId = {
  id: 'empty-id',
  meta: readerDiagnostic('an anchor has an empty id', 'write the id right after `@fact:`'),
} as const satisfies RuleUnit;
