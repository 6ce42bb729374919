/**
 * stale-specmap: vibevm's freshness gate (`specmap --check` fails when the
 * committed `specmap.json` is not what its engine would write now), under the
 * vibevm profile: the committed map's units and edges against what factline
 * reads of the same tree (checks/profiles/vibevm-gates.ts).
 */
import type { RuleUnit } from './unit.ts';

export const staleSpecmap = {
  id: 'stale-specmap',
  meta: {
    severity: 'error',
    description:
      "vibevm profile: the committed specmap.json does not hold the tree's units and edges (vibevm's freshness gate).",
    help: "vibevm's `specmap --check` regenerates the map and fails on any drift from the committed one. factline compares what it reads (units with their files, lines and revisions; edges with their files, lines, verbs, addresses and pins) with the committed map.",
    fix: "regenerate the map with vibevm's specmap engine (`cargo xtask specmap`), review the drift and commit it",
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
