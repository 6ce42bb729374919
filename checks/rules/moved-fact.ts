/**
 * moved-fact: a citation that names a fact by its old document, which a
 * document's `@aliases:` line took in: it resolves and counts, and is told the
 * new address. Found where citations are resolved (checks/citations.ts).
 */
import type { Fact } from '../../reader/model.ts';
import type { JudgedCitation } from '../model.ts';
import { atCitation, type Raised, type RuleUnit } from './unit.ts';

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

/** The note for a citation that reached `fact` through the alias of document `old`. */
// @implements trace#MOVED-FACT-RESOLVES
export function movedFactFinding(citation: JudgedCitation, fact: Fact, old: string): Raised {
  return {
    rule: movedFact.id,
    ...atCitation(citation, fact),
    message: `@${citation.verb} ${citation.ref}: \`${old}#${fact.id}\` moved to \`${fact.address}\` (${fact.file} takes in \`${old}\` on its @aliases: line)`,
    fix: `cite it as \`${fact.address}\`: \`factline pin --moved\` rewrites every moved address`,
  };
}
