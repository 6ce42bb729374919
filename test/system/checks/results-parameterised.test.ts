/**
 * Tests whose titles are filled in at run time (it.each, template literals,
 * skipIf) joined to their outcomes: a temp project's tests are run by the
 * real vitest, and the gate reads that run's JSON report.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../checks/model.ts';
import { scanFile } from '../../../checks/scan/index.ts';
import { REPO, runInProcess } from '../../support/cli.ts';
import { tempDir } from '../../support/temp.ts';

const SPEC = `# Table-driven

@status:impl/done

@fact:ROWS-ALL-PASS Every row passes.

@fact:ONE-ROW-FAILS One row of three fails.

@fact:LOOP-TITLES Titles built in a loop.

@fact:SKIPPED-BY-CONDITION A test skipped by its condition.

@fact:OBJECT-ROWS Rows named by their fields.

@fact:FOR-ROWS Rows of vitest's it.for.
`;

const SOURCE = `// @implements demo#ROWS-ALL-PASS
// @implements demo#ONE-ROW-FAILS
// @implements demo#LOOP-TITLES
// @implements demo#SKIPPED-BY-CONDITION
// @implements demo#OBJECT-ROWS
// @implements demo#FOR-ROWS
export const double = (n) => n * 2;
`;

const TESTS = `import { double } from '../src/double.js';

describe('double', () => {
  // @verifies demo#ROWS-ALL-PASS
  it.each([[1, 2], [2, 4], [3, 6]])('doubles %i into %i', (n, want) => {
    expect(double(n)).toBe(want);
  });

  it.each([[1, 2], [2, 5], [3, 6]])('row %# doubles %i', (n, want) => {
    // @verifies demo#ONE-ROW-FAILS
    expect(double(n)).toBe(want);
  });

  for (const n of [10, 20]) {
    // @verifies demo#LOOP-TITLES
    it(\`keeps \${n} even\`, () => expect(double(n) % 2).toBe(0));
  }

  // @verifies demo#SKIPPED-BY-CONDITION
  it.skipIf(true)('runs only where it can', () => expect(1).toBe(1));

  // @verifies demo#OBJECT-ROWS
  it.each([{ n: 4, want: 8 }])('doubles $n into $want', ({ n, want }) => expect(double(n)).toBe(want));

  // @verifies demo#FOR-ROWS
  it.for([[5, 10]])('for %i doubles into %i', ([n, want]) => expect(double(n)).toBe(want));
});
`;

/** The temp project, its tests run once by the real vitest into results.json. */
function project(): string {
  const dir = tempDir('params');
  for (const sub of ['specs', 'src', 'test']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'specs', 'demo.md'), SPEC);
  writeFileSync(join(dir, 'src', 'double.js'), SOURCE);
  writeFileSync(join(dir, 'test', 'double.test.js'), TESTS);
  writeFileSync(
    join(dir, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/*.md'], sources: ['src/**/*.js'], tests: ['test/**/*.js'] }),
  );
  try {
    execFileSync(
      process.execPath,
      [
        join(REPO, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--root',
        dir,
        '--globals',
        '--reporter=json',
        '--outputFile=results.json',
      ],
      { cwd: dir, stdio: 'pipe', env: { ...process.env, NO_COLOR: '1' } },
    );
  } catch {
    // One row fails on purpose: vitest exits 1, and its report is what the gate reads.
  }
  return dir;
}

describe('parameterised tests and the results join', () => {
  // @verifies results#RESULTS-PARAMETERISED-TESTS
  it('joins it.each, template-literal and skipIf titles to the runs vitest reported', async () => {
    const dir = project();
    const r = await runInProcess(dir, ['check', '--json', '--no-cache', '--results', 'results.json']);
    const result = JSON.parse(r.stdout) as TraceResult;
    expect(r.code).toBe(1);
    expect(result.findings.map((f) => `${f.rule} ${f.fact ?? '-'}`)).toEqual([
      'verification-failed demo#ONE-ROW-FAILS',
      'verification-skipped demo#SKIPPED-BY-CONDITION',
    ]);
    expect(result.findings[0]!.message).toContain('"double > row 1 doubles 2"');
    expect(result.facts.map((f) => `${f.id} ${f.state}`)).toEqual([
      'ROWS-ALL-PASS verified',
      'ONE-ROW-FAILS test-failed',
      'LOOP-TITLES verified',
      'SKIPPED-BY-CONDITION test-skipped',
      'OBJECT-ROWS verified',
      'FOR-ROWS verified',
    ]);
    expect(result.outcomes).toMatchObject({ passed: 4, failed: 1, skipped: 1, unknown: 0 });
  }, 60_000);

  // @verifies results#RESULTS-PARAMETERISED-TESTS
  // @verifies scanner#PROPERTY-NAMES-ARE-WORDS
  it('labels the calls so a reader sees which title is a pattern', () => {
    const labels = scanFile('test/double.test.js', TESTS).map((c) => `${c.id}: ${c.symbol}`);
    expect(labels).toEqual([
      'ROWS-ALL-PASS: describe "double" > it.each "doubles %i into %i"',
      'ONE-ROW-FAILS: describe "double" > it.each "row %# doubles %i"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanner's label shows the hole as text
      'LOOP-TITLES: describe "double" > it `keeps ${…} even`',
      'SKIPPED-BY-CONDITION: describe "double" > it "runs only where it can"',
      'OBJECT-ROWS: describe "double" > it.each "doubles $n into $want"',
      // `for` after a dot is a property name, not the loop keyword.
      'FOR-ROWS: describe "double" > it.each "for %i doubles into %i"',
    ]);
  });
});
