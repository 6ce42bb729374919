/** missing-implementation: found by the trace (checks/trace.ts decides each fact's gaps); its message is checks/gap-messages.ts's. */
import type { RuleUnit } from './unit.ts';

export const missingImplementation = {
  id: 'missing-implementation',
  meta: {
    severity: 'error',
    description: 'A fact that needs an implementation has no counted @implements citation.',
    help: 'Due facts (status impl, test or freeze and done) need code that says it implements them; stale, misplaced or void citations do not count.',
    fix: 'add `// @implements DOC#ID` next to the code that does what the fact says',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
