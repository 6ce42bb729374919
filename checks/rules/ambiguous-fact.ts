/**
 * ambiguous-fact: a bare fact id defined in more than one loaded spec, or a
 * document name that names several. Found where citations are resolved
 * (checks/citations.ts).
 */
import type { JudgedCitation } from '../model.ts';
import { atCitation, type Raised, type RuleUnit } from './unit.ts';

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

/** A reference that resolves to several facts: `candidates` are their addresses, `documents` the documents an alias names. */
// @implements trace#GATE-UNKNOWN-AND-AMBIGUOUS
export function ambiguousFactFinding(
  citation: JudgedCitation,
  resolution: { candidates: readonly string[]; documents?: readonly string[] },
): Raised {
  return {
    rule: ambiguousFact.id,
    ...atCitation(citation),
    message:
      citation.doc === undefined
        ? `@${citation.verb} ${citation.ref}: \`${citation.id}\` is defined in ${resolution.candidates.length} specs`
        : `@${citation.verb} ${citation.ref}: \`${citation.doc}\` names ${resolution.documents?.length ?? resolution.candidates.length} documents (${(resolution.documents ?? []).join(', ')})`,
    fix: `name the document: ${resolution.candidates.map((c) => `\`${c}\``).join(' or ')}`,
  };
}
