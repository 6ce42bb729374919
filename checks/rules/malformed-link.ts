/** malformed-link: a spec reader diagnostic (reader/links.ts), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const malformedLink = {
  id: 'malformed-link',
  meta: readerDiagnostic(
    'a `@refines:`, `@derives:` or `@conflicts:` tag names no readable address, or stands on a unit with no `@fact:` anchor',
    'write `@refines:DOC#ID` (pin `~DIGEST8` optional) right after the anchor or at the end of the fact',
  ),
} as const satisfies RuleUnit;
