/**
 * generated-drift: generated files differ from what the spec and templates produce.
 * Found by `gen`'s comparison of generated/ with what it would write (engine/generate/run.ts).
 */
import type { RuleUnit } from './unit.ts';

export const generatedDrift = {
  id: 'generated-drift',
  meta: {
    severity: 'error',
    description: 'Generated files differ from what the spec and templates produce.',
    help: 'generated/ is committed output; when the spec or a template changed without regenerating, the code no longer says what the spec says.',
    fix: 'run `factline gen` and commit the result',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;
