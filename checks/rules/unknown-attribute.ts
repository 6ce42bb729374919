/** unknown-attribute: an `@attr:KEY=…` whose KEY the config's `attributes` does not list. Judged in checks/attributes.ts. */
import type { RuleUnit } from './unit.ts';

export const unknownAttribute = {
  id: 'unknown-attribute',
  meta: {
    severity: 'error',
    description: "A fact carries an attribute key the config's `attributes` does not declare.",
    help: 'When the config declares attribute keys, a key outside them is most likely a typo, which would drop the fact out of every filter on the key meant.',
    fix: 'fix the key (the finding gives the nearest declared one), or declare it under `attributes` with its type',
    scope: 'spec',
  },
} as const satisfies RuleUnit;
