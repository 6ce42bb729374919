/** nothing-cited: the scan found no citation at all in the globs it searched. */
import type { RuleUnit } from './unit.ts';

export const nothingCited = {
  id: 'nothing-cited',
  meta: {
    severity: 'warning',
    description: 'The scan found no citation at all in the globs it searched.',
    help: 'A gate that sees nothing passes nothing: most often the source and test globs miss the code.',
    fix: 'point `sources` / `tests` (or scan_roots) at the code that cites the specs',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
