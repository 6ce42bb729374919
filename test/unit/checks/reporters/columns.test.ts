/** The columnar form of the page's gate data gives back exactly what went in, key order included. */
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
});
