import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceResult } from '../../checks/model.ts';
import { copyFixture, runInProcess } from '../support/cli.ts';

const dirs: string[] = [];
/** The fixture as if its tests had run where it lies: vitest's JSON names each file by its absolute path. */
function fixture(): string {
  const dir = copyFixture('test-outcomes');
  dirs.push(dir);
  const json = join(dir, 'results', 'vitest.json');
  writeFileSync(json, readFileSync(json, 'utf8').replaceAll('"test/', `"${dir}/test/`));
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function gate(dir: string, argv: string[]): Promise<{ code: number; result: TraceResult }> {
  const r = await runInProcess(dir, ['check', '--json', '--no-cache', ...argv]);
  return { code: r.code, result: JSON.parse(r.stdout) as TraceResult };
}

/** rule → fact, for each finding. */
const findingsOf = (result: TraceResult) => result.findings.map((f) => `${f.rule} ${f.fact ?? '-'}`);

async function expectOnePassOneFailOneSkip(file: string): Promise<void> {
  const { code, result } = await gate(fixture(), ['--results', file]);
  expect(code).toBe(1);
  expect(findingsOf(result)).toEqual([
    'verification-failed demo#TRIM-BLANKS',
    'verification-skipped demo#WRAP-WORDS',
  ]);
  const failed = result.findings[0]!;
  expect(failed.message).toContain('"text tools > lines > trims blanks" (test/text.test.ts:11) failed');
  expect(failed.message).toContain("expected 'a \\t' to be 'a'");
  expect(result.facts.map((f) => `${f.id} ${f.state}`)).toEqual([
    'CUT-AT-80 verified',
    'TRIM-BLANKS test-failed',
    'WRAP-WORDS test-skipped',
  ]);
  expect(result.outcomes).toMatchObject({ checked: true, passed: 1, failed: 1, skipped: 1, unknown: 0 });
}

describe('check --results: test outcomes joined to citations (fixture: one pass, one fail, one skip)', () => {
  // @verifies results#RESULTS-VERIFIED-ONLY-WHEN-PASSED
  // @verifies results#RESULTS-FORMATS
  it('with vitest JSON: exit 1, failed and skipped on their facts, nothing on the passing one', async () => {
    await expectOnePassOneFailOneSkip('results/vitest.json');
  });

  // @verifies results#RESULTS-VERIFIED-ONLY-WHEN-PASSED
  // @verifies results#RESULTS-FORMATS
  it('with JUnit XML: the same findings on the same facts', async () => {
    await expectOnePassOneFailOneSkip('results/junit.xml');
  });

  // @verifies results#RESULTS-SUMMARY-SAYS-UNCHECKED
  // @verifies scanner#STATIC-SKIP-VERIFIES-NOTHING
  it('without results the summary says outcomes were not checked, and the it.skip test still verifies nothing', async () => {
    const r = await runInProcess(fixture(), ['check']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('test outcomes not checked');
    expect(r.stdout).toContain('error verification-skipped');
    expect(r.stdout).toContain('FAIL 3 facts, 3 required, 2 verified, 1 test skipped');
    const withResults = await runInProcess(fixture(), [
      'check',
      '--results',
      'results/junit.xml',
      'results/vitest.json',
    ]);
    expect(withResults.stdout).toContain(
      'test outcomes from results/junit.xml, results/vitest.json: citing tests 1 passed, 1 failed, 1 not run',
    );
  });

  // @verifies results#STATIC-CHECK-SAYS-STATIC
  it('without results says it is static, on the console and in --summary; with results neither says so', async () => {
    const dir = fixture();
    const r = await runInProcess(dir, ['check', '--no-cache', '--summary', 'summary.md']);
    expect(r.stdout).toContain('static check: tests were read, not run');
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('static check: tests were read, not run');
    const withResults = await runInProcess(dir, [
      'check',
      '--no-cache',
      '--results',
      'results/vitest.json',
      '--summary',
      'summary-results.md',
    ]);
    expect(withResults.stdout).not.toContain('static check');
    expect(readFileSync(join(dir, 'summary-results.md'), 'utf8')).not.toContain('static check');
  });

  // @verifies results#RESULTS-CLI-AND-CONFIG
  it('takes the files from the config key `results`, and a missing file is exit 2 naming it', async () => {
    const dir = fixture();
    writeFileSync(
      join(dir, 'factline.config.json'),
      JSON.stringify({
        specs: ['specs/**/*.md'],
        sources: ['src/**/*'],
        tests: ['test/**/*'],
        results: ['results/junit.xml'],
      }),
    );
    const r = await runInProcess(dir, ['check', '--no-cache']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('error verification-skipped');
    const missing = await runInProcess(dir, ['check', '--no-cache', '--results', 'results/nope.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read test results results/nope.json');
    writeFileSync(join(dir, 'results', 'bad.xml'), '<testsuites>\n<testcase name="a">\n</testsuites>');
    const bad = await runInProcess(dir, ['check', '--no-cache', '--results', 'results/bad.xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('results/bad.xml:3:');
  });

  // @verifies results#RESULTS-UNCONFIRMED-IS-AN-ERROR
  it('a citing test the results do not list is an error that stops it counting; only the results policy lowers it', async () => {
    const dir = fixture();
    const only = JSON.stringify({
      testResults: [
        {
          name: join(dir, 'test/text.test.ts'),
          assertionResults: [
            { ancestorTitles: ['text tools', 'lines'], title: 'cuts at 80', status: 'passed' },
          ],
        },
      ],
    });
    writeFileSync(join(dir, 'results', 'partial.json'), only);
    const { code, result } = await gate(dir, ['--results', 'results/partial.json']);
    expect(code).toBe(1);
    expect(findingsOf(result)).toEqual([
      'verification-unconfirmed demo#TRIM-BLANKS',
      'verification-unconfirmed demo#WRAP-WORDS',
    ]);
    expect(result.findings.every((f) => f.severity === 'error')).toBe(true);
    expect(result.findings[0]!.message).toContain(
      'the results list 1 test(s) of this file, none of them test "text tools > lines > trims blanks"',
    );
    expect(result.summary.states.verified).toBe(1);
    // The same run under an explicit results policy: warnings, and the citations count.
    writeFileSync(
      join(dir, 'factline.config.json'),
      JSON.stringify({
        specs: ['specs/**/*.md'],
        sources: ['src/**/*'],
        tests: ['test/**/*'],
        results: { files: ['results/partial.json'], unconfirmed: 'warning' },
      }),
    );
    const lowered = await gate(dir, []);
    expect(lowered.code).toBe(0);
    expect(lowered.result.findings.map((f) => `${f.rule} ${f.severity}`)).toEqual([
      'verification-unconfirmed warning',
      'verification-unconfirmed warning',
    ]);
    expect(lowered.result.summary.states.verified).toBe(3);
  });
});
