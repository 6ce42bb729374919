/** element-missing-attribute: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const elementMissingAttribute = {
  id: 'element-missing-attribute',
  meta: readerDiagnostic(
    'a `<status>` element lacks a required attribute',
    'add the attribute the message names',
  ),
} as const satisfies RuleUnit;
