/** fact-in-html: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const factInHtml = {
  id: 'fact-in-html',
  meta: readerDiagnostic(
    'an `@fact:` anchor or marker stands inside an HTML block, where Markdown is not read',
    'leave blank lines inside the HTML block around the fact, or move it out',
  ),
} as const satisfies RuleUnit;
