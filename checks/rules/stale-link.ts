/**
 * stale-link: a pinned link (`@refines:DOC#ID~PIN`) whose target changed
 * since the pin was written — a suspect link. It stops counting until
 * reviewed and re-pinned with `factline pin`. Judged in checks/links.ts.
 */
import type { Fact } from '../../reader/model.ts';
import type { JudgedLink } from '../model.ts';
import type { Raised, RuleUnit } from './unit.ts';

export const staleLink = {
  id: 'stale-link',
  meta: {
    severity: 'error',
    description: "A pinned link's target changed since the pin was written (a suspect link).",
    help: 'A pinned link promises the fact was reviewed against one text of its parent; after the parent changed it stops counting until reviewed again.',
    fix: 'review the fact against its parent as it now reads, then run `factline pin DOC#ID` (the parent)',
    scope: 'spec',
  },
} as const satisfies RuleUnit;

// @implements chains#SUSPECT-LINKS
export function staleLinkFinding(link: JudgedLink & { pin: string }, target: Fact, now: string): Raised {
  const text = target.text.replace(/\s+/g, ' ').trim();
  return {
    rule: staleLink.id,
    file: link.file,
    line: link.line,
    column: link.column,
    fact: link.from,
    message: `@${link.kind}:${link.target}~${link.pin} on ${link.from}: ${target.address} changed since the link was pinned (now ~${now}); it now reads: "${text.length > 160 ? `${text.slice(0, 159)}…` : text}"`,
    fix: `review ${link.from} against ${target.address} as it now reads, then run \`factline pin ${target.address}\``,
  };
}
