/** fact-in-heading: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const factInHeading = {
  id: 'fact-in-heading',
  meta: readerDiagnostic(
    'an `@fact:` anchor is read as a heading (a `---` or `===` line right under it, or a `#` in front)',
    'leave a blank line before the `---`, or write the fact as a paragraph',
  ),
} as const satisfies RuleUnit;
