/**
 * missing-refinement: a fact whose evidence includes `refinement` is not
 * covered through the level below: no fact refines it, or a fact that does
 * is itself not covered (to any depth). Judged in checks/refinement.ts.
 */
import type { Fact } from '../../reader/model.ts';
import { atFact, type Raised, type RuleUnit } from './unit.ts';

export const missingRefinement = {
  id: 'missing-refinement',
  meta: {
    severity: 'error',
    description: 'A fact that needs refinement is not covered through the facts refining it.',
    help: 'A fact requiring `refinement` is covered only when at least one fact refines it and every fact refining it is covered in turn, down to the last level.',
    fix: 'refine it with a fact (`@refines:DOC#ID`) and give every refining fact its evidence',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;

/** `why`: one line per reason, the deepest cause last. */
// @implements chains#COVERAGE-THROUGH-LEVELS
export function missingRefinementFinding(fact: Fact, why: readonly string[]): Raised {
  return {
    rule: missingRefinement.id,
    ...atFact(fact),
    message: `${fact.address} needs refinement and is not covered: ${why.join('; ')}`,
    fix: why[0]?.startsWith('no fact refines it with a counted link')
      ? `fix the links named above; a stale one: review the refining fact against ${fact.address}, then run \`factline pin ${fact.address}\``
      : why[0]?.startsWith('no fact refines')
        ? `write \`@refines:${fact.address}\` on the fact that details it`
        : 'give each refining fact named above its evidence (or re-pin its link after review), then check again',
  };
}
