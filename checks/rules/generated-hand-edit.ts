/**
 * generated-hand-edit: a generated file was edited by hand.
 * Found by `gen`'s comparison of generated/ with what it would write (engine/generate/run.ts).
 */
import type { RuleUnit } from './unit.ts';

export const generatedHandEdit = {
  id: 'generated-hand-edit',
  meta: {
    severity: 'error',
    description: 'A generated file was edited by hand.',
    help: 'Hand edits to generated files are lost at the next `factline gen`; the change belongs in the spec or the template.',
    fix: 'move the change into the spec or template, then run `factline gen`',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
