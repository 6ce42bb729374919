/**
 * pin-into-unmarked-unit: a revision pin `rN` on a heading unit that declares
 * no kind/revision line yet (vibevm's note for the spec's author); the
 * citation still counts. Judged where pins are (checks/citations.ts), before
 * staleness.
 */
import type { Fact } from '../../reader/model.ts';
import type { JudgedCitation } from '../model.ts';
import { atCitation, type Raised, type RuleUnit } from './unit.ts';

export const pinIntoUnmarkedUnit = {
  id: 'pin-into-unmarked-unit',
  meta: {
    severity: 'warning',
    description: 'A citation pins a revision (rN) of a heading unit that declares no kind/revision line.',
    help: "vibevm's note for a spec author: the code names a revision the section has not declared yet; the citation still counts.",
    fix: 'give the section a kind line (`req rN` as a fact right under its heading), or drop the pin',
    scope: 'citation',
  },
} as const satisfies RuleUnit;

/** The note for a revision pin on a heading unit with no kind line; undefined for any other pin. */
// @implements trace#PIN-INTO-UNMARKED-UNIT
export function pinIntoUnmarkedUnitFinding(
  citation: JudgedCitation & { pin: string },
  fact: Fact,
  unit: { heading: boolean; revision: number | undefined },
): Raised | undefined {
  if (!unit.heading || unit.revision !== undefined || !/^r[0-9]+$/.test(citation.pin)) return undefined;
  return {
    rule: pinIntoUnmarkedUnit.id,
    ...atCitation(citation, fact),
    message: `${citation.verb} ${citation.uri ?? citation.ref} pins ${citation.pin} but ${fact.address} carries no kind/revision line yet`,
    fix: `give the section a kind line (\`req ${citation.pin}\` as a fact right under its heading), or drop the pin`,
  };
}
