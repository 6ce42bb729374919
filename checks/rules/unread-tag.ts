/** unread-tag: a spec reader diagnostic (reader/), reported by the gate under its own code as `factline lint` prints it. */
import { type RuleUnit, readerDiagnostic } from './unit.ts';

export const unreadTag = {
  id: 'unread-tag',
  meta: readerDiagnostic(
    'something that looks like a tag (`@status:`, `@requires:`, `@fact:`) is not read as one: wrapped in emphasis or brackets, mis-cased, or a near miss of the keyword',
    'write the tag plainly, in lower case, where the reader takes it',
  ),
} as const satisfies RuleUnit;
