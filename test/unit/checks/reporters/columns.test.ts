/** The columnar form of the page's gate data gives back exactly what went in, key order included. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeColumns, encodeColumns, type Json } from '../../../../checks/reporters/html/columns.ts';
import { renderJson } from '../../../../checks/reporters/json.ts';
import { sampleResult } from '../../../support/report-sample.ts';

/** What `check --json` would print for a value: the text the page's data must give back. */
const printed = (value: Json) => `${JSON.stringify(value, null, 2)}\n`;

describe('columns', () => {
  // @verifies report#REPORT-DATA-COMPRESSED
  it('round-trips awkward JSON: varying shapes and key orders, nested tables, our own tag as a key', () => {
    const value = JSON.parse(
      JSON.stringify({
        rows: [
          { a: 1, b: 'x', nested: [{ p: true }, { q: null, p: false }] },
          { b: 'y', a: 2 },
          { c: [1, 'two', { three: 3 }], '10': 'numeric key', a: -0.5 },
          {},
        ],
        mixed: [{ a: 1 }, 2, 'three', [{ x: 1 }, { x: 2 }]],
        single: [{ only: 'one' }],
        empty: [],
        tagged: { '\u0000table': [[['k']], [0], [['k', [1]]]], '\u0000entries': 'not ours' },
        tables: [{ '\u0000table': 1 }, { '\u0000entries': 2 }],
        ['__proto__']: { polluted: true },
        unicode: 'line\u2028sep </script> \u0000',
      }),
    ) as Json;
    const decoded = decodeColumns(JSON.parse(JSON.stringify(encodeColumns(value))) as Json);
    expect(decoded).toEqual(value);
    expect(printed(decoded)).toBe(printed(value));
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('writes the keys of an array of like objects once, not once per element', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ verb: 'implements', line: i }));
    const encoded = JSON.stringify(encodeColumns(rows));
    // Once in the shape, once naming the column.
    expect(encoded.split('"verb"').length - 1).toBe(2);
    const text = renderJson(sampleResult());
    const packed = JSON.stringify(encodeColumns(JSON.parse(text) as Json));
    expect(packed.length).toBeLessThan(JSON.stringify(JSON.parse(text)).length);
    expect(printed(decodeColumns(JSON.parse(packed) as Json))).toBe(text);
  });

  // Long strings (64+ units) drawn from a small pool so they repeat, near the threshold, with our
  // markers inside, astral characters, and as keys too; short ones and every other JSON kind beside them.
  const pooled = fc.constantFrom(
    'a'.repeat(63),
    'b'.repeat(64),
    'the same fact text, met again later on, long enough to be written once',
    '\u0000 a string that starts with our tag \u0000 and goes on for long enough to count',
    '{"\u0000":0} written as text, not a reference, and long enough to be a long string',
    `astral ${'\u{1F600}'.repeat(30)} and more`,
  );
  const leaf = fc.oneof(pooled, pooled, fc.string(), fc.integer(), fc.constantFrom(null, true, false, 0.5));
  const key = fc.oneof(fc.constantFrom('k', 'text', '\u0000', '__proto__'), pooled);
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object'), tie('rows')),
    array: fc.array(tie('node'), { maxLength: 5 }),
    object: fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }).map((entries) => {
      const out: { [key: string]: Json } = {};
      for (const [k, v] of entries)
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    }),
    // Arrays of like objects, which become tables: the order the decoder meets strings in differs there.
    rows: fc.array(
      fc.record({ a: tie('node'), b: leaf }).map((r) => r as { [key: string]: Json }),
      { minLength: 2, maxLength: 5 },
    ),
  })).node as fc.Arbitrary<Json>;

  // @verifies report#REPORT-DATA-LONG-STRINGS-ONCE
  it('writes a long string met again as a reference and decodes back exactly, on generated values', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        // The same values twice over: every long string of the second copy is one met before.
        const whole = JSON.parse(JSON.stringify({ a, b, again: [a, b] })) as Json;
        const text = JSON.stringify(encodeColumns(whole));
        const decoded = decodeColumns(JSON.parse(text) as Json);
        expect(printed(decoded)).toBe(printed(whole));
        expect(decoded).toEqual(whole);
      }),
      { numRuns: 1500 },
    );
  });

  // @verifies report#REPORT-DATA-LONG-STRINGS-ONCE
  it("carries each long string once: a unit's title that repeats its fact's text far away is not written again", () => {
    const text = 'The service restarts within five seconds of a crash, and says why.';
    const rows = Array.from({ length: 300 }, (_, i) => ({
      address: `doc#FACT-NUMBER-${i}-OF-MANY`,
      text: `${text} ${i}`,
    }));
    const value = { facts: rows, units: rows.map((r) => ({ address: r.address, title: r.text })) } as Json;
    const encoded = JSON.stringify(encodeColumns(value));
    expect(encoded.split(`${text} 17"`).length - 1).toBe(1);
    // An address is short: written again, gzip takes it.
    expect(encoded.split('FACT-NUMBER-17-OF-MANY').length - 1).toBe(2);
    expect(printed(decodeColumns(JSON.parse(encoded) as Json))).toBe(printed(value));
    // Short strings stay as they are: a reference would not be shorter.
    const short = JSON.stringify(encodeColumns(['x'.repeat(63), 'x'.repeat(63)]));
    expect(short).toBe(JSON.stringify(['x'.repeat(63), 'x'.repeat(63)]));
  });

  // @verifies report#REPORT-DATA-LONG-STRINGS-ONCE
  it('refuses a reference to a string not met yet, as damaged data', () => {
    expect(() => decodeColumns(JSON.parse('{"a":{"\\u0000":0}}') as Json)).toThrow(/not yet met/);
    expect(() =>
      decodeColumns(
        JSON.parse(
          '["a string long enough to count as a long one, sixty-four or more!",{"\\u0000":1}]',
        ) as Json,
      ),
    ).toThrow(/not yet met/);
    expect(
      decodeColumns(
        JSON.parse(
          '["a string long enough to count as a long one, sixty-four or more!",{"\\u0000":0}]',
        ) as Json,
      ),
    ).toEqual([
      'a string long enough to count as a long one, sixty-four or more!',
      'a string long enough to count as a long one, sixty-four or more!',
    ]);
  });
});
