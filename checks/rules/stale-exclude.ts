/**
 * stale-exclude: a spec exclusion pattern matches no file any more.
 * Found by the engine, which globs the file system (engine/gate/stale-excludes.ts).
 */
import type { RuleUnit } from './unit.ts';

export const staleExclude = {
  id: 'stale-exclude',
  meta: {
    severity: 'warning',
    description: 'A spec exclusion pattern matches no file any more.',
    help: 'A dead exclusion hides nothing today but would silently hide a spec added under that name later.',
    fix: 'delete the pattern from `specExclude` (spec_exclude in specmap.toml)',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
