/**
 * misplaced-citation: `@implements` in a test file, or `@verifies` outside
 * the test files (whether a file is a test comes from the `tests` globs).
 * Judged for every resolved citation (checks/citations.ts).
 */
import type { Fact } from '../../reader/model.ts';
import type { JudgedCitation } from '../model.ts';
import { atCitation, type Raised, type RuleUnit } from './unit.ts';

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

/** The finding for a verb in the wrong kind of file; undefined when it stands where it belongs. */
// @implements trace#GATE-MISPLACED-CITATION
export function misplacedCitationFinding(citation: JudgedCitation, fact: Fact): Raised | undefined {
  if (citation.verb === 'implements' && citation.inTest) {
    return {
      rule: misplacedCitation.id,
      ...atCitation(citation, fact),
      message: `@implements ${citation.ref} in a test file`,
      fix: 'move it next to the implementing code, or use @verifies for a test that proves the fact',
    };
  }
  if (citation.verb === 'verifies' && !citation.inTest) {
    return {
      rule: misplacedCitation.id,
      ...atCitation(citation, fact),
      message: `@verifies ${citation.ref} outside the test files`,
      fix: 'move it into the test that proves the fact, or use @implements; test code is a file matching the `tests` globs, or a #[cfg(test)] / #[test] / describe / it block',
    };
  }
  return undefined;
}
