/**
 * unknown-link-target: a `@refines:` (or `@derives:`, `@conflicts:`) address
 * that names no loaded fact, or more than one. Judged where links are
 * resolved (checks/links.ts), placed at the address in the spec.
 */
import type { JudgedLink } from '../model.ts';
import type { Raised, RuleUnit } from './unit.ts';

export const unknownLinkTarget = {
  id: 'unknown-link-target',
  meta: {
    severity: 'error',
    description: 'A link between facts names no loaded fact, or one ambiguously.',
    help: 'A fact that refines a fact nobody can find claims a chain that does not exist; its parent is never covered through it.',
    fix: 'check the address against `factline facts`, or load the spec that defines it',
    scope: 'spec',
  },
} as const satisfies RuleUnit;

/** The finding for one unresolved link, with the nearest addresses to suggest. */
// @implements chains#LINK-TARGET-RESOLVED
export function unknownLinkTargetFinding(
  link: JudgedLink,
  why: { reason: string; suggestions: readonly string[] },
): Raised {
  return {
    rule: unknownLinkTarget.id,
    file: link.file,
    line: link.line,
    column: link.column,
    fact: link.from,
    message: `@${link.kind}:${link.target} on ${link.from}: ${why.reason}`,
    fix:
      why.suggestions.length > 0
        ? `did you mean ${why.suggestions.map((s) => `\`${s}\``).join(', ')}?`
        : 'name a loaded fact as DOC#ID (`factline facts` lists them), or remove the link',
  };
}
