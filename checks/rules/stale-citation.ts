/**
 * stale-citation: a citation's pin no longer matches the fact's digest or kind revision.
 * Found where citations are judged (checks/citations.ts, `staleness`).
 */
import type { RuleUnit } from './unit.ts';

export const staleCitation = {
  id: 'stale-citation',
  meta: {
    severity: 'error',
    description: "A citation's pin no longer matches the fact's digest or kind revision.",
    help: 'A pinned citation promises the code was reviewed against one text of the fact; after the fact changed it stops counting until reviewed again.',
    fix: 'review the code against the fact as it now reads, then run `factline pin DOC#ID`',
    scope: 'citation',
  },
} as const satisfies RuleUnit;
