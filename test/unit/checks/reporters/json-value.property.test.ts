/**
 * The report's gate data (checks/reporters/json.ts jsonValue) against JSON
 * itself: the value built without text must be what `JSON.parse` reads back
 * from `JSON.stringify` of the same value, on generated values holding what
 * JSON drops or changes (undefined, functions, symbols, NaN, -0, `toJSON`,
 * `__proto__` and integer-like keys), and on a whole trace result.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../../checks/model.ts';
import { jsonValue, renderJson } from '../../../../checks/reporters/json.ts';
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
  // @verifies report#REPORT-DATA-WITHOUT-TEXT
  it('is what JSON.parse reads back from JSON.stringify, on generated values', () => {
    fc.assert(
      fc.property(value, (v) => {
        // A result's top level is an object: wrap each value as a field of one.
        const result = { summary: v, facts: [v, v], findings: [] } as unknown as TraceResult;
        const expected = JSON.parse(renderJson(result));
        const got = jsonValue(result);
        expect(got).toStrictEqual(expected);
        expect(JSON.stringify(got)).toBe(JSON.stringify(expected));
        expect(Object.is((got as { summary: unknown }).summary, -0)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  // @verifies report#REPORT-DATA-WITHOUT-TEXT
  it('is what JSON.parse reads back from the --json text of a trace result', () => {
    const result = sampleResult();
    expect(JSON.stringify(jsonValue(result), null, 2)).toBe(renderJson(result).trimEnd());
  });
});
