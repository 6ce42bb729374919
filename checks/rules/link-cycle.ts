/**
 * link-cycle: facts that refine (or derive from) each other in a circle.
 * Judged once per circle in checks/links.ts, at the link of its first fact.
 */
import type { JudgedLink } from '../model.ts';
import type { Raised, RuleUnit } from './unit.ts';

export const linkCycle = {
  id: 'link-cycle',
  meta: {
    severity: 'error',
    description: 'Facts refine or derive from each other in a circle.',
    help: 'A chain of refinement runs from general to detailed; in a circle no fact is above another, and none of them can be covered through the others.',
    fix: 'remove the link that points back up the chain',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;

/** `path`: the addresses around the circle, starting and ending with the fact the link stands on. */
// @implements chains#LINK-CYCLES
export function linkCycleFinding(link: JudgedLink, path: readonly string[]): Raised {
  return {
    rule: linkCycle.id,
    file: link.file,
    line: link.line,
    column: link.column,
    fact: link.from,
    message: `links run in a circle: ${path.join(' → ')}`,
    fix: `remove the link that points back up the chain (this one is \`@${link.kind}:${link.target}\`)`,
  };
}
