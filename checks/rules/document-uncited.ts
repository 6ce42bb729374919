/** document-uncited: a spec with facts that need evidence is not cited anywhere in the globs searched. */
import type { RuleUnit } from './unit.ts';

export const documentUncited = {
  id: 'document-uncited',
  meta: {
    severity: 'warning',
    description: 'A spec with facts that need evidence is not cited anywhere in the globs searched.',
    help: 'A whole document without one citation usually means the globs do not reach its code.',
    fix: 'cite its facts, or check that the globs reach the code that does',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
