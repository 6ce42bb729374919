/** attribute-invalid: an `@attr:KEY=VALUE` whose value is not of the type the config declares for KEY. Judged in checks/attributes.ts. */
import type { RuleUnit } from './unit.ts';

export const attributeInvalid = {
  id: 'attribute-invalid',
  meta: {
    severity: 'error',
    description: "A fact's attribute value is not of the type the config declares for its key.",
    help: 'Attributes are filtered, reported and exported by value; a value outside its type would drop out of every filter silently.',
    fix: 'write a value of the declared type (the finding gives an example), or change the type under `attributes`',
    scope: 'spec',
  },
} as const satisfies RuleUnit;
