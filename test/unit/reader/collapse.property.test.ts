/**
 * The reader's one-pass whitespace collapse (reader/scan.ts collapse)
 * against the regular expression it replaced: on every UTF-16 code unit
 * alone and between words, and on generated texts of words and runs of
 * JavaScript's whitespace characters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapse } from '../../../reader/scan.ts';

const byRegex = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('collapse', () => {
  // @verifies reader#COLLAPSE-IN-ONE-PASS
  it('reads every UTF-16 code unit as whitespace exactly when \\s does', () => {
    const differing: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const text of [ch, `a${ch}b`, `a ${ch}b`, `a${ch} b`, `${ch}${ch}a${ch}${ch}`])
        if (collapse(text) !== byRegex(text)) differing.push(c);
    }
    expect(differing).toEqual([]);
  });

  // @verifies reader#COLLAPSE-IN-ONE-PASS
  it('is text.replace(/\\s+/g, " ").trim() on generated texts', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom(
        ' ',
        '  ',
        '\n',
        '\r\n',
        '\t',
        '\u00a0',
        '\u2028',
        '\u3000',
        '\ufeff',
        '\u0001',
        'word',
        '`x`',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const text = pieces.join('');
        expect(collapse(text)).toBe(byRegex(text));
      }),
      { numRuns: 5000 },
    );
  });
});
