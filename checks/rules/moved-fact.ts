/** moved-fact: found where citations are resolved through `@aliases:` (checks/citations.ts). */
import type { RuleUnit } from './unit.ts';

export const movedFact = {
  id: 'moved-fact',
  meta: {
    severity: 'info',
    description: "A citation names a fact by its old document, which a document's `@aliases:` line took in.",
    help: 'The fact moved with its id, text and status unchanged, so the citation resolves and counts; the old address keeps working only while the alias line stays.',
    fix: 'run `factline pin --moved` to rewrite old addresses to the new ones (or write DOC#ID by hand)',
    scope: 'citation',
  },
} as const satisfies RuleUnit;
