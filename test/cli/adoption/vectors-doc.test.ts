/**
 * docs/vectors.md: each JSON example is read by the vectors parser `conform`
 * uses and by the shipped JSON Schema, with the outcome written under it; the
 * walk-through runs `conform` against the page's own tiny server and hands
 * the results to `check`, printing and exiting as shown.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseVectors } from '../../../checks/conform/format.ts';
import { REPO } from '../../support/cli.ts';
import { examples, walkThrough } from './doc-examples.ts';

const PAGE = 'vectors.md';

describe('docs/vectors.md, its vectors files', () => {
  const blocks = examples(PAGE).filter((b) => b.expect.vectors !== undefined);
  const validate = new Ajv({ allErrors: true, strict: false }).compile(
    JSON.parse(readFileSync(join(REPO, 'schema/conformance-vectors.schema.json'), 'utf8')),
  );
  it('has valid and invalid examples', () => {
    expect(blocks.filter((b) => b.expect.vectors === 'valid').length).toBeGreaterThanOrEqual(3);
    expect(blocks.some((b) => b.expect.vectors !== 'valid')).toBe(true);
  });

  // @verifies adoption#DOCS-VECTORS-CHECKED
  it.each(blocks.map((b) => [b.line, b]))(
    'the example at line %i reads as it says, by the parser and the schema',
    (_, block) => {
      const read = () => parseVectors(block.body, 'vectors/example.json');
      const valid = block.expect.vectors === 'valid';
      if (valid) expect(read).not.toThrow();
      else expect(read).toThrow(block.expect.vectors!);
      expect(validate(JSON.parse(block.body))).toBe(valid);
    },
  );
});

describe('docs/vectors.md, played as a project', () => {
  const walk = walkThrough(PAGE);

  it('has its walk-through', () => expect(walk.steps.map((s) => s.args[0])).toContain('conform'));

  // @verifies adoption#DOCS-VECTORS-CHECKED
  it.each(walk.cases)(
    'line %i: factline %s prints, exits and writes as shown',
    async (_line, _args, step) => {
      await walk.play(step);
    },
    60_000,
  );
});
