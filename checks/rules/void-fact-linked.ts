/** void-fact-linked: a fact refines (or derives from) a fact whose state is void. Judged in checks/links.ts. */
import type { Fact } from '../../reader/model.ts';
import type { JudgedLink } from '../model.ts';
import type { Raised, RuleUnit } from './unit.ts';

export const voidFactLinked = {
  id: 'void-fact-linked',
  meta: {
    severity: 'error',
    description: 'A fact refines or derives from a fact whose state is void.',
    help: 'A void fact was withdrawn; a fact that still details it details something the spec no longer asks.',
    fix: 'link the fact that replaced it, or remove the link',
    scope: 'spec',
  },
} as const satisfies RuleUnit;

// @implements chains#LINK-INTO-VOID
export function voidFactLinkedFinding(link: JudgedLink, target: Fact): Raised {
  return {
    rule: voidFactLinked.id,
    file: link.file,
    line: link.line,
    column: link.column,
    fact: link.from,
    message: `${link.from} ${link.kind} ${target.address}, which is void (withdrawn)`,
    fix: `link the fact that replaced ${target.address}, or remove \`@${link.kind}:${link.target}\``,
  };
}
