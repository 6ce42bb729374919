/** conflicting-facts: two facts linked by `@conflicts:` both stand (neither is void). Judged in checks/links.ts. */
import type { Fact } from '../../reader/model.ts';
import type { JudgedLink } from '../model.ts';
import type { Raised, RuleUnit } from './unit.ts';

export const conflictingFacts = {
  id: 'conflicting-facts',
  meta: {
    severity: 'warning',
    description: 'Two facts marked as conflicting both stand.',
    help: '`@conflicts:` records that two facts cannot both hold; while neither is void the spec asks for both.',
    fix: 'decide between them: mark one void (`@status:…/void`), or remove the link once they agree',
    scope: 'spec',
  },
} as const satisfies RuleUnit;

// @implements chains#CONFLICTS-REPORTED
export function conflictingFactsFinding(link: JudgedLink, target: Fact): Raised {
  return {
    rule: conflictingFacts.id,
    file: link.file,
    line: link.line,
    column: link.column,
    fact: link.from,
    message: `${link.from} conflicts with ${target.address}, and neither is void`,
    fix: `decide between them: mark one void, or remove \`@conflicts:${link.target}\` once they agree`,
  };
}
