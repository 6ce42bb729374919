/**
 * unknown-namespace: a `spec://` citation in a namespace that is neither this
 * project's nor a configured external one. Found where citations are resolved
 * (checks/resolve.ts says `other-namespace`; checks/citations.ts asks here).
 */
import type { JudgedCitation } from '../model.ts';
import { atCitation, type Raised, type RuleUnit } from './unit.ts';

export const unknownNamespace = {
  id: 'unknown-namespace',
  meta: {
    severity: 'error',
    description:
      "A `spec://` citation names a namespace that is neither this project's nor a configured external one.",
    help: "An address in another namespace names another project's fact; it never resolves to a document of ours whose path ends the same way.",
    fix: 'cite the fact by an address of this project, or configure the other namespace under `externalSpecs`',
    scope: 'citation',
  },
} as const satisfies RuleUnit;

/** A citation of another project's namespace, with the resolver's reason. */
export function unknownNamespaceFinding(citation: JudgedCitation, reason: string): Raised {
  return {
    rule: unknownNamespace.id,
    ...atCitation(citation),
    message: `@${citation.verb} ${citation.ref}: ${reason}`,
    fix: 'cite the fact by an address of this project (its `namespace`, or DOC#ID), or configure the other project under `externalSpecs` (external_specs in specmap.toml)',
  };
}
