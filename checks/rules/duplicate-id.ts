/** duplicate-id: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const duplicateId = {
  id: 'duplicate-id',
  meta: readerDiagnostic('a fact id is defined twice in one document', 'rename one of the two ids'),
} as const satisfies RuleUnit;
