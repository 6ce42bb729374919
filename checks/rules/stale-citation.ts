/**
 * stale-citation: a citation whose pin no longer matches the fact's digest or
 * kind revision; it stops counting until reviewed and re-pinned. Whether a pin
 * matches is the resolver's (checks/resolve.ts), asked by checks/citations.ts.
 */
import type { Fact } from '../../reader/model.ts';
import type { JudgedCitation } from '../model.ts';
import { atCitation, type Raised, type RuleUnit } from './unit.ts';

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

/** The finding for a pin that no longer matches its fact (`now` is the pin that would), quoting the fact as it now reads. */
// @implements trace#GATE-STALE-PIN-STOPS-COUNTING
export function staleCitationFinding(
  citation: JudgedCitation & { pin: string },
  fact: Fact,
  now: string,
): Raised {
  return {
    rule: staleCitation.id,
    ...atCitation(citation, fact),
    message: `@${citation.verb} ${citation.ref}: pin ~${citation.pin} no longer matches ${fact.address} (now ~${now}); the fact now reads: "${quote(fact.text)}"`,
    fix: revisionGone(citation.pin, now)
      ? `no kind line governs ${fact.address} any more, so a revision pin cannot match; review this code against the fact, then run \`factline pin ${fact.address}\` to re-stamp it with the digest pin ~${now}`
      : `review this code against the fact, then run \`factline pin ${fact.address}\``,
  };
}

/** A revision pin whose fact has no kind revision now: `pin` turns it into a digest pin. */
function revisionGone(pin: string, now: string): boolean {
  return pin.startsWith('r') && !now.startsWith('r');
}

function quote(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
