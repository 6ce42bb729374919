/**
 * The core's schema checker against ajv, the validator the MCP ecosystem
 * uses: over many generated schemas of the supported subset and values
 * shaped to hit and miss them, both must give the same verdict.
 */
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Schema, schemaProblems, unsupportedKeywords } from '../../../generated/index.ts';

const NAMES = ['a', 'b', 'c'] as const;
const TYPES = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'] as const;

/** Leaf values drawn from a small pool, so schemas and values often agree and often do not. */
const scalar = fc.constantFrom<unknown>(null, true, false, 0, 1, -2, 1.5, 'a', 'b', '', 'x');

const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...NAMES), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Schemas using only the keywords the checker supports, nested a few levels. */
const schema: fc.Arbitrary<Schema> = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean(),
    fc.record(
      {
        type: fc.oneof(
          fc.constantFrom(...TYPES),
          fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }),
        ),
        properties: fc.dictionary(fc.constantFrom(...NAMES), tie('schema') as fc.Arbitrary<Schema>, {
          maxKeys: 3,
        }),
        required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie('schema') as fc.Arbitrary<Schema>),
        enum: fc.uniqueArray(scalar, { minLength: 1, maxLength: 4, selector: (v) => JSON.stringify(v) }),
        items: tie('schema') as fc.Arbitrary<Schema>,
        description: fc.constant('annotations change nothing'),
      },
      { requiredKeys: [] },
    ),
  ),
})).schema;

describe('the schema checker agrees with ajv', () => {
  // @verifies mcp-revisions#VALIDATOR-IS-A-SMALL-SUBSET
  // @verifies mcp-revisions#CLOSED-INPUTS-ARE-VALIDATED
  it('gives ajv’s verdict on every generated schema and value', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const verdicts = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(schema, fc.array(value, { minLength: 1, maxLength: 8 }), (s, values) => {
        expect(unsupportedKeywords(s)).toEqual([]);
        const validate = ajv.compile(s as object | boolean);
        for (const v of values) {
          const theirs = validate(v) === true;
          const ours = schemaProblems(s, v).length === 0;
          verdicts[theirs ? 'valid' : 'invalid']++;
          if (ours !== theirs) {
            throw new Error(
              `verdicts differ on ${JSON.stringify(v)} against ${JSON.stringify(s)}: ajv ${theirs}`,
            );
          }
        }
      }),
      { numRuns: 2000, seed: 20261130 },
    );
    // Both verdicts must be common, or the comparison proves little.
    expect(verdicts.valid).toBeGreaterThan(1000);
    expect(verdicts.invalid).toBeGreaterThan(1000);
  });

  // @verifies mcp-revisions#VALIDATOR-IS-A-SMALL-SUBSET
  it('names what it cannot check instead of checking it in part', () => {
    const problems = unsupportedKeywords({
      type: 'object',
      properties: { n: { type: 'int', pattern: 'x' } },
      oneOf: [],
    });
    expect(
      problems.map((p) => p.replace(/ \(the core checks .*\): install a validator to check it$/, '')),
    ).toEqual([
      '#: keyword `oneOf` is not checked',
      '#/properties/n: keyword `pattern` is not checked',
      '#/properties/n/type: unknown type "int"',
    ]);
    expect(problems[0]).toContain(
      '(the core checks type, properties, required, additionalProperties, enum, items, and local $ref)',
    );
  });
});
