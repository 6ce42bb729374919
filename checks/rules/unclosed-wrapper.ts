/** unclosed-wrapper: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const unclosedWrapper = {
  id: 'unclosed-wrapper',
  meta: readerDiagnostic(
    'a fragment is opened and never closed in its unit',
    'close the `<status>` wrapper in the same unit',
  ),
} as const satisfies RuleUnit;
