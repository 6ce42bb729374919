import { describe, expect, it } from 'vitest';
import { trace } from '../../../checks/trace.ts';
import { parseSpec } from '../../../reader/index.ts';

const spec = parseSpec(
  '# Demo\n\n@status:impl/done\n\n@fact:WIRE-ONE The server reads one line.\n\n@fact:WIRE-TWO The server writes one line.\n',
  {
    file: 'specs/demo.md',
    doc: 'demo',
  },
);
const cite = (verb: 'implements' | 'verifies', ref: string, line: number) => {
  const [id, pin] = ref.split('~') as [string, string | undefined];
  return { verb, ref: `demo#${ref}`, doc: 'demo', id, offset: 0, line, column: 4, ...(pin ? { pin } : {}) };
};

describe('gap messages', () => {
  // @verifies trace#MESSAGES-STALE-IS-NOT-MISSING
  it('a fact with only stale citations is told to review and pin, with implementations and tests counted apart', () => {
    const result = trace(
      { documents: [spec] },
      [
        {
          file: 'src/a.ts',
          inTest: false,
          citations: [cite('implements', 'WIRE-ONE~00000000', 1), cite('implements', 'WIRE-ONE~11111111', 5)],
        },
        { file: 'test/a.test.ts', inTest: true, citations: [cite('verifies', 'WIRE-ONE~22222222', 3)] },
        { file: 'src/b.ts', inTest: false, citations: [] },
      ],
      { strict: false },
    );
    const gaps = result.findings.filter((f) => f.rule.startsWith('missing-') && f.fact === 'demo#WIRE-ONE');
    expect(gaps.map((f) => `${f.rule}: ${f.message} | ${f.fix}`)).toEqual([
      'missing-implementation: demo#WIRE-ONE (impl/done) has no current implementing citation: 2 implementing citations are stale | review the code against the reworded fact, then run `factline pin demo#WIRE-ONE`',
      'missing-verification: demo#WIRE-ONE (impl/done) has no current verifying test: 1 verifying test citation is stale | review the tests against the reworded fact, then run `factline pin demo#WIRE-ONE`',
    ]);
    const untouched = result.findings.find(
      (f) => f.rule === 'missing-implementation' && f.fact === 'demo#WIRE-TWO',
    );
    expect(untouched?.fix).toBe('add `// @implements demo#WIRE-TWO` next to the code that does it');
  });
});
