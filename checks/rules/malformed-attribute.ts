/** malformed-attribute: a spec reader diagnostic (reader/links.ts), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const malformedAttribute = {
  id: 'malformed-attribute',
  meta: readerDiagnostic(
    'an `@attr:` tag has no key or no value, an unclosed quote, or stands on a unit with no `@fact:` anchor',
    'write `@attr:KEY=VALUE` (a value with spaces in double quotes) on the fact it describes',
  ),
} as const satisfies RuleUnit;
