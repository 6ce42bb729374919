/** misplaced-citation: found where citations are judged (checks/citations.ts, `misuse`). */
import type { RuleUnit } from './unit.ts';

export const misplacedCitation = {
  id: 'misplaced-citation',
  meta: {
    severity: 'error',
    description: '@implements in a test file, or @verifies outside test files.',
    help: 'Whether a file is a test comes from the `tests` globs; an implementation claim in a test or a verification claim in code proves nothing.',
    fix: 'move the citation to the implementing code or the proving test, or change its verb',
    scope: 'citation',
  },
} as const satisfies RuleUnit;
