/**
 * The page's own gunzip against node:zlib as the oracle: generated inputs of
 * every shape zlib writes (stored, fixed and dynamic blocks; every level and
 * strategy; empty, tiny, long runs, random bytes, UTF-8 text, the report's
 * own data), each inflated back to exactly the bytes zlib was given; damaged
 * data is refused, never returned as other bytes.
 */
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  embeddedBlock,
  GATE_DATA_ID,
  INPUTS_ID,
  PIECE_BYTES,
  packText,
  SPECS_ID,
  unpackText,
} from '../../../../checks/reporters/html/embed.ts';
import { gunzip, unpackMembers } from '../../../../checks/reporters/html/inflate.ts';
import { renderHtmlReport } from '../../../../checks/reporters/html.ts';
import { sampleInputs, sampleResult } from '../../../support/report-sample.ts';

const STRATEGIES = [
  constants.Z_DEFAULT_STRATEGY,
  constants.Z_FILTERED,
  constants.Z_HUFFMAN_ONLY,
  constants.Z_RLE,
  constants.Z_FIXED,
];

/** Bytes of several textures: random, a small alphabet (long matches), runs, UTF-8 text, far repeats. */
const payload = fc.oneof(
  fc.uint8Array({ maxLength: 70_000 }),
  fc
    .array(fc.constantFrom(...'{"facts":[],"a":1,"b":"x"}\n  '.split('')), { maxLength: 40_000 })
    .map((cs) => new TextEncoder().encode(cs.join(''))),
  fc
    .array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 700 })), { maxLength: 300 })
    .map((runs) => Uint8Array.from(runs.flatMap(([b, n]) => new Array<number>(n).fill(b)))),
  fc.string({ unit: 'grapheme', maxLength: 5_000 }).map((s) => new TextEncoder().encode(s)),
  // A random stretch said twice: matches from the far end of the 32 KiB window (the longest distance codes).
  fc.uint8Array({ minLength: 24_600, maxLength: 32_000 }).map((b) => Uint8Array.from([...b, ...b])),
);

describe('the page inflater against node:zlib', () => {
  // @verifies report#REPORT-FIRST-PAINT-HAS-CONTENT
  it('inflates whatever zlib deflates, at every level and strategy, to the same bytes', () => {
    let cases = 0;
    fc.assert(
      fc.property(
        payload,
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom(...STRATEGIES),
        (bytes, level, strategy) => {
          const packed = gzipSync(bytes, { level, strategy });
          expect(Buffer.from(gunzip(new Uint8Array(packed))).equals(Buffer.from(bytes))).toBe(true);
          cases++;
        },
      ),
      { numRuns: 400, seed: 35 },
    );
    console.log(`[inflate] ${cases} generated inputs inflated to zlib's input`);
    expect(cases).toBe(400);
  });

  it('inflates the data blocks of a real report page', () => {
    const page = renderHtmlReport(sampleResult(), sampleInputs());
    for (const id of [GATE_DATA_ID, SPECS_ID, INPUTS_ID]) {
      const packed = Buffer.from(embeddedBlock(page, id), 'base64');
      const expected = gunzipSync(packed);
      expect(Buffer.from(gunzip(new Uint8Array(packed))).equals(expected)).toBe(true);
    }
  });

  it('refuses damaged data instead of returning other bytes', () => {
    const text = new TextEncoder().encode('the report page '.repeat(500));
    const good = new Uint8Array(gzipSync(text));
    let refused = 0;
    for (let i = 10; i < good.length; i++) {
      const bad = good.slice();
      bad[i]! ^= 0x5a;
      let out: Uint8Array | undefined;
      try {
        out = gunzip(bad);
      } catch {
        refused++;
        continue;
      }
      // A flipped bit that still inflates must give back the very same bytes (never does here), or it was refused.
      expect(Buffer.from(out).equals(Buffer.from(text))).toBe(true);
    }
    expect(refused).toBe(good.length - 10);
    expect(() => gunzip(good.subarray(0, good.length - 3))).toThrow(/inflate/);
    expect(() => gunzip(new Uint8Array([1, 2, 3]))).toThrow(/not gzip/);
  });

  // @verifies report#REPORT-DATA-IN-PIECES
  it('reads a big text packed in pieces, cut inside characters, back to the same text', () => {
    // One ASCII byte, then two-, three- and four-byte characters: the 1 MiB cuts fall inside some of them.
    const text = `a${'é€😀'.repeat(130_000)}`;
    const packed = packText(text, 1);
    const pieces = packed.split(' ');
    expect(pieces).toHaveLength(Math.ceil(Buffer.byteLength(text) / PIECE_BYTES));
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(new TextDecoder().decode(unpackMembers(packed))).toBe(text);
    expect(unpackText(packed)).toBe(text);
    // A small text is one piece, as before.
    expect(packText('{"a":1}').split(' ')).toHaveLength(1);
    expect(new TextDecoder().decode(unpackMembers(packText('')))).toBe('');
    // A damaged middle piece is refused, not read as other bytes.
    const middle = pieces[1]!;
    const damaged = [pieces[0], `${middle.slice(0, 5000)}AAAA${middle.slice(5004)}`, ...pieces.slice(2)].join(
      ' ',
    );
    expect(() => unpackMembers(damaged)).toThrow(/inflate/);
  });
});
