/** typed-anchor-without-fence: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const typedAnchorWithoutFence = {
  id: 'typed-anchor-without-fence',
  meta: readerDiagnostic(
    'an @fact/code: anchor has no fenced code block below it',
    'put the fenced block right below the anchor',
  ),
} as const satisfies RuleUnit;
