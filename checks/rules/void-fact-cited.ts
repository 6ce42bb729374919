/**
 * void-fact-cited: a citation names a fact whose state is void.
 * Found where citations are judged (checks/citations.ts, `misuse`).
 */
import type { RuleUnit } from './unit.ts';

export const voidFactCited = {
  id: 'void-fact-cited',
  meta: {
    severity: 'error',
    description: 'A citation names a fact whose state is void.',
    help: 'A void fact was withdrawn; code that still cites it claims something the spec no longer asks.',
    fix: 'remove the citation, or cite the fact that replaced it',
    scope: 'citation',
  },
} as const satisfies RuleUnit;
