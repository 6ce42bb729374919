/**
 * normative-service-unit: spec: a service unit (kebab-case id) reads like a requirement (an RFC 2119 word or its own impl/… status).
 * A spec reader diagnostic (reader/normative-service.ts), reported by the gate under its own code; an error under --strict.
 */
import type { RuleUnit } from './unit.ts';

export const normativeServiceUnit = {
  id: 'normative-service-unit',
  meta: {
    severity: 'warning',
    description:
      'Spec: a service unit (kebab-case id) reads like a requirement (an RFC 2119 word or its own impl/… status).',
    help: 'Service units need no evidence, so a requirement written with a kebab-case id is silently never gated; an error under --strict.',
    fix: 'give the unit an UPPER-SLUG id if it is a requirement, or drop the normative wording and status',
    scope: 'spec',
  },
} as const satisfies RuleUnit;
