/**
 * Where a citation stands (line and column) is counted as far as the scan
 * asks (types.ts lazyLineIndex), not from a table of every line: held here
 * to the table (lineIndex) on generated texts with every kind of line break
 * and offsets asked in order, out of order, repeated and past the end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasOtherLineBreak, lazyLineIndex, lineIndex } from '../../../checks/scan/types.ts';

const text = fc
  .array(fc.constantFrom('a', 'bc', ' ', '\n', '\n\n', '\r\n', '\r', '\u2028', '\u2029', 'é'), {
    maxLength: 60,
  })
  .map((parts) => parts.join(''));

describe('a citation placed by counting lines as far as asked', () => {
  // @verifies scanner#LINES-COUNTED-ONCE
  it('is at the line and column the table of line starts says, whatever order the offsets come in', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(80), { maxLength: 12 }), fc.boolean(), (t, offsets, sorted) => {
        const asked = sorted ? [...offsets].sort((a, b) => a - b) : offsets;
        for (const unicode of [true, false]) {
          const plain = !hasOtherLineBreak(t, unicode);
          const table = lineIndex(t, unicode, plain);
          const counted = lazyLineIndex(t, unicode, plain);
          for (const offset of asked)
            expect(counted(offset), `${JSON.stringify(t)} @${offset}`).toEqual(table(offset));
        }
      }),
      { numRuns: 3000 },
    );
  });
});
