/**
 * ambiguous-fact: a bare fact id is defined in more than one loaded spec.
 * Found where citations are resolved (checks/citations.ts).
 */
import type { RuleUnit } from './unit.ts';

export const ambiguousFact = {
  id: 'ambiguous-fact',
  meta: {
    severity: 'error',
    description: 'A bare fact id is defined in more than one loaded spec.',
    help: 'A reference without `DOC#` resolves only while its id is unique over every loaded spec.',
    fix: 'name the document: write the reference as DOC#ID',
    scope: 'citation',
  },
} as const satisfies RuleUnit;
