/** unknown-audience: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const unknownAudience = {
  id: 'unknown-audience',
  meta: readerDiagnostic('a status names an unknown or empty audience', 'name a known audience'),
} as const satisfies RuleUnit;
