/**
 * pair-collision: under the vibevm profile, a spec document written twice in
 * one folder, as `X.md` and as `X.xml`. vibevm's specmap reads neither half
 * and warns; the engine finds the pairs (engine/gate/xml-specs.ts).
 */
import type { RuleUnit } from './unit.ts';

export const pairCollision = {
  id: 'pair-collision',
  meta: {
    severity: 'warning',
    description:
      'vibevm profile: one spec document in two forms (`X.md` and `X.xml` in one folder); neither is read.',
    help: "vibevm's specmap holds each document in one form: a Markdown and an XML file of the same name in one folder are a split brain, and it reads neither half rather than guess.",
    fix: 'delete one of the pair, or rename one',
    scope: 'spec',
  },
} as const satisfies RuleUnit;
