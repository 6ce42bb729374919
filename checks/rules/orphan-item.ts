/**
 * orphan-item: vibevm's orphan ratchet (its specmap engine's `ratchet.rs`,
 * blocking under `specmap --check`): a public item of a crate the ratchet
 * gates that no citation tags, under the vibevm profile. Judged over the
 * code's public surface (checks/profiles/vibevm-gates.ts).
 */
import type { RuleUnit } from './unit.ts';

export const orphanItem = {
  id: 'orphan-item',
  meta: {
    severity: 'error',
    description:
      "vibevm profile: a public item of a gated crate carries no spec citation (vibevm's orphan ratchet).",
    help: "vibevm's ratchet gates every crate its specmap.toml does not exempt: each top-level `pub` fn, struct, enum, trait or type alias needs an edge of its own or a `scope!` on its module. A symbol dispositioned in specmap.toml with a debt id is reported and does not fail.",
    fix: 'tag the item (#[spec(implements = "spec://…")]), scope! its module, or disposition it in specmap.toml with a debt id',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
