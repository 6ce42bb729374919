/**
 * unknown-fact: a citation names no loaded fact.
 * Found where citations are resolved (checks/citations.ts), and by `gen` for a template citation (engine/generate/drift.ts).
 */
import type { RuleUnit } from './unit.ts';

export const unknownFact = {
  id: 'unknown-fact',
  meta: {
    severity: 'error',
    description: 'A citation names no loaded fact.',
    help: 'The reference is malformed, or its id (or document) is not among the loaded specs: a typo, a renamed fact, or a spec left out of the config.',
    fix: 'check the id against `factline facts`, or load the spec that defines it',
    scope: 'citation',
  },
} as const satisfies RuleUnit;
