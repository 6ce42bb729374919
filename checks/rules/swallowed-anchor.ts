/** swallowed-anchor: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const swallowedAnchor = {
  id: 'swallowed-anchor',
  meta: readerDiagnostic(
    'an anchor starts a continuation line and is read as prose of the unit above',
    'leave a blank line before the anchor',
  ),
} as const satisfies RuleUnit;
