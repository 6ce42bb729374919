/** nesting-too-deep: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const nestingTooDeep = {
  id: 'nesting-too-deep',
  meta: readerDiagnostic(
    'block quotes or list items nest deeper than the reader reads',
    'flatten the nesting (split the list, or use a heading)',
    // The reader stops reading there, so the rest of the spec is unknown: the run cannot judge it.
    { unreadable: true },
  ),
} as const satisfies RuleUnit;
