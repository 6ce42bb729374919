/**
 * missing-implementation: a fact that needs an implementation has no counted
 * implementing citation. The trace decides each fact's gaps (checks/trace.ts)
 * and asks here for the words: a fact whose only implementing citations are
 * stale is told to review and re-pin them, not to add one.
 */
import type { Fact } from '../../reader/model.ts';
import { atFact, type Raised, type RuleUnit } from './unit.ts';

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

/**
 * The finding for a fact with no counted implementing citation: `stale`
 * implementing citations of it are stale; `citation` writes the citation
 * to add in the comment syntax of the project's source files.
 */
// @implements trace#MESSAGES-STALE-IS-NOT-MISSING
export function missingImplementationFinding(fact: Fact, stale: number, citation: () => string): Raised {
  const status = `${fact.status.stage}/${fact.status.state}`;
  if (stale > 0) {
    return {
      rule: missingImplementation.id,
      ...atFact(fact),
      message: `${fact.address} (${status}) has no current implementing citation: ${stale} implementing citation${stale === 1 ? ' is' : 's are'} stale`,
      fix: `review the code against the reworded fact, then run \`factline pin ${fact.address}\``,
    };
  }
  return {
    rule: missingImplementation.id,
    ...atFact(fact),
    message: `${fact.address} (${status}) has no implementing citation`,
    fix: `add ${citation()} next to the code that does it`,
  };
}
