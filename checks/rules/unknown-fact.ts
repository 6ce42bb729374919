/**
 * unknown-fact: a citation whose reference is malformed or names no loaded
 * fact. Found where citations are resolved (checks/citations.ts), and by `gen`
 * for a template citation (engine/generate/drift.ts).
 */
import type { JudgedCitation } from '../model.ts';
import { atCitation, type Raised, type RuleUnit } from './unit.ts';

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

/** A reference the scanner could not read as DOC#ID, ID or DOC#ID~PIN; `why` is the scanner's reason. */
export function malformedCitationFinding(citation: JudgedCitation, why: string): Raised {
  return {
    rule: unknownFact.id,
    ...atCitation(citation),
    message: `@${citation.verb}: ${why}`,
    fix: 'write the reference as DOC#ID, ID, or DOC#ID~PIN (8 hex digits of the digest, or rN)',
  };
}

/** A reference no loaded spec defines, with the near ids to suggest. */
// @implements trace#GATE-UNKNOWN-AND-AMBIGUOUS
// @implements trace#MESSAGES-DELETED-FACT-REMOVE-CITATION
export function unknownFactFinding(
  citation: JudgedCitation,
  resolution: { reason: string; suggestions: readonly string[] },
): Raised {
  return {
    rule: unknownFact.id,
    ...atCitation(citation),
    message: `@${citation.verb} ${citation.ref}: ${resolution.reason}`,
    fix:
      resolution.suggestions.length > 0
        ? `did you mean ${resolution.suggestions.map((s) => `\`${s}\``).join(', ')}?`
        : 'if the fact was removed from the spec, remove this citation (or cite the fact that replaced it); if the id is mistyped, fix it (`factline facts` lists the ids)',
  };
}
