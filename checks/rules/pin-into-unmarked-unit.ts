/**
 * pin-into-unmarked-unit: a citation pins a revision (rN) of a heading unit that declares no kind/revision line.
 * Found where pins are judged (checks/citations.ts, `staleness`).
 */
import type { RuleUnit } from './unit.ts';

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
