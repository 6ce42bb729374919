/**
 * stale-exclude: a spec exclusion pattern that matches no file any more
 * (vibevm's); a dead exclusion would silently hide a spec added under that
 * name later. Found by the engine, which globs the file system
 * (engine/gate/stale-excludes.ts); the finding is built here.
 */
import type { Finding } from '../model.ts';
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

/** The warning for an exclusion `pattern` that matches nothing, at its line of the config file `where`. */
export function staleExcludeFinding(pattern: string, where: string, line: number): Finding {
  return {
    rule: staleExclude.id,
    severity: staleExclude.meta.severity,
    file: where,
    line,
    column: 1,
    message: `spec exclusion \`${pattern}\` matches no file`,
    fix: 'delete the pattern rather than leave a dead one behind',
  };
}
