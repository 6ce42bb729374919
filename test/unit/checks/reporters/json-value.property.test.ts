/**
 * The report's gate data (checks/reporters/html/columns.ts encodeColumns,
 * straight from the value) against JSON itself: its columns must decode to
 * what `JSON.parse` reads back from `JSON.stringify` of the same value, on
 * generated values holding what JSON drops or changes (undefined, functions, symbols, NaN, -0, `toJSON`,
 * `__proto__` and integer-like keys), and on a whole trace result.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeColumns, encodeColumns, type Json } from '../../../../checks/reporters/html/columns.ts';
import { jsonReport, renderJson } from '../../../../checks/reporters/json.ts';
import { sampleResult } from '../../../support/report-sample.ts';

const leaf = fc.oneof(
  fc.string(),
  fc.double(),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e21, null, true, false, undefined),
  fc.constant(() => 1),
  fc.constant(Symbol('s')),
  fc.constant({ toJSON: () => ({ from: 'toJSON', dropped: undefined }) }),
  fc.constant(new Date(0)),
  fc.constant(new Map([[1, 2]])),
);
const key = fc.oneof(fc.string(), fc.constantFrom('__proto__', '0', '10', '2', 'toJSON', 'a'));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 5 }),
  object: fc.array(fc.tuple(key, tie('node')), { maxLength: 5 }).map((entries) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries)
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  }),
})).node;

describe('the report data built without the JSON text', () => {
  // Arrays of objects become tables in the columns: rows whose fields JSON drops, rows that are
  // toJSON objects, long strings that repeat. The page's data is encoded straight from such values.
  const row = fc
    .array(
      fc.tuple(
        key,
        fc.oneof(leaf, fc.constantFrom('a text long enough to be written only once, sixty-four or more')),
      ),
      {
        maxLength: 4,
      },
    )
    .map((entries) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of entries)
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
  const rows = fc.array(fc.oneof(row, row, value), { minLength: 2, maxLength: 6 });

  // @verifies report#REPORT-DATA-WITHOUT-TEXT
  it('in columns, made straight from the value, decodes to what JSON.parse reads back, on generated values', () => {
    fc.assert(
      fc.property(fc.oneof(value, rows), fc.oneof(value, rows), (v, w) => {
        const whole = { v, w, again: [v, w], toJSONed: { toJSON: () => [w, v] } };
        const expected = JSON.stringify(JSON.parse(JSON.stringify(whole)), null, 2);
        const decoded = decodeColumns(JSON.parse(JSON.stringify(encodeColumns(whole))) as Json);
        expect(JSON.stringify(decoded, null, 2)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  // @verifies report#REPORT-DATA-WITHOUT-TEXT
  it('in columns, made straight from a trace result, decodes to its --json text', () => {
    const result = sampleResult();
    const decoded = decodeColumns(JSON.parse(JSON.stringify(encodeColumns(jsonReport(result)))) as Json);
    expect(`${JSON.stringify(decoded, null, 2)}\n`).toBe(renderJson(result));
  });
});
