/**
 * unknown-namespace: a `spec://` citation names a namespace that is neither this project's nor a configured external one.
 * Found where citations are resolved (checks/citations.ts, checks/resolve.ts).
 */
import type { RuleUnit } from './unit.ts';

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
