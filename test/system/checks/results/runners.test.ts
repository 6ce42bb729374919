/**
 * The gate on results written by the real runners: one temp project whose
 * tests pass, fail, skip, sit under a failing suite, or live in a file that
 * throws at import, run by vitest (JSON and JUnit), Jest (JSON, jest-junit
 * with its defaults and with the file attribute), node's test runner (JUnit)
 * and pytest (JUnit, both families) when pytest is installed. Each report
 * goes to `factline check --results` and every citation gets the verdict
 * the runner's output can support: where the output names no file, nothing
 * is confirmed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../../checks/model.ts';
import { REPO, runInProcess as runIn } from '../../../support/cli.ts';
import { tempDir } from '../../../support/temp.ts';

const FACTS = ['PASSES', 'FAILS', 'SKIPPED', 'SUITE', 'BROKEN-FILE'];
const SPEC = `# Greeter\n\n@status:impl/done\n\n${FACTS.map((id) => `@fact:${id} The ${id.toLowerCase()} case.`).join('\n\n')}\n`;
const SOURCE = `${FACTS.map((id) => `// @implements greeter#${id}`).join('\n')}\nmodule.exports = {};\n`;

const TESTS = (header: string) => `${header}
// @verifies greeter#PASSES
it('passes', () => {});

// @verifies greeter#FAILS
it('fails', () => {
  throw new Error('expected failure');
});

// @verifies greeter#SKIPPED
it.skip('is skipped', () => {});

// @verifies greeter#SUITE
describe('suite', () => {
  it('one passes', () => {});
  it('one fails', () => {
    throw new Error('boom in the suite');
  });
});
`;

const BROKEN = (header: string) => `${header}
throw new Error('boom at import');
// @verifies greeter#BROKEN-FILE
it('never runs', () => {});
`;

function project(name: string, header: string, ext: string): string {
  const dir = tempDir(`runners-${name}`);
  for (const sub of ['specs', 'src', 'test']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'specs', 'greeter.md'), SPEC);
  writeFileSync(join(dir, 'src', 'greet.js'), SOURCE);
  writeFileSync(join(dir, 'test', `greet.test.${ext}`), TESTS(header));
  writeFileSync(join(dir, 'test', `broken.test.${ext}`), BROKEN(header));
  writeFileSync(
    join(dir, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/*.md'], sources: ['src/**/*'], tests: ['test/**/*'] }),
  );
  return dir;
}

/** Runs a runner that fails on purpose (its report is what the gate reads). */
function runner(dir: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  spawnSync(command, args, { cwd: dir, stdio: 'pipe', env: { ...process.env, NO_COLOR: '1', ...env } });
}

/** Each fact's verdict: the rule of its finding, or its state when nothing was found. */
async function verdicts(dir: string, results: string): Promise<Record<string, string>> {
  const r = await runIn(dir, ['check', '--json', '--no-cache', '--results', results]);
  const trace = JSON.parse(r.stdout) as TraceResult;
  const out: Record<string, string> = {};
  for (const fact of trace.facts) {
    const finding = trace.findings.find((f) => f.fact === fact.address && f.rule.startsWith('verification-'));
    out[fact.id] = finding?.rule ?? fact.state;
  }
  return out;
}

const CONFIRMED = {
  PASSES: 'verified',
  FAILS: 'verification-failed',
  SKIPPED: 'verification-skipped',
  SUITE: 'verification-failed',
  'BROKEN-FILE': 'verification-failed',
};

const vitest = join(REPO, 'node_modules', 'vitest', 'vitest.mjs');
const jest = join(REPO, 'node_modules', 'jest', 'bin', 'jest.js');
/** The reporter by its path: the temp project has no node_modules of its own. */
const jestJunit = `--reporters=${join(REPO, 'node_modules', 'jest-junit')}`;

describe('results written by the real runners', () => {
  // @verifies results#RESULTS-JUNIT-FLAVOURS
  // @verifies results#RESULTS-FILE-FAILURE-FAILS-ITS-CITATIONS
  // @verifies results#RESULTS-DESCRIBE-JUDGED-BY-EVERY-TEST
  // @verifies results#RESULTS-SAY-THEIR-JOIN-KEY
  it('vitest JSON and JUnit: every verdict confirmed, the file that threw fails its citation', async () => {
    const dir = project('vitest', "import { describe, it } from 'vitest';", 'js');
    runner(dir, process.execPath, [
      vitest,
      'run',
      '--root',
      dir,
      '--reporter=json',
      '--outputFile.json=r.json',
      '--reporter=junit',
      '--outputFile.junit=r.xml',
    ]);
    expect(await verdicts(dir, 'r.json')).toEqual(CONFIRMED);
    expect(await verdicts(dir, 'r.xml')).toEqual(CONFIRMED);
    const summary = await runIn(dir, ['check', '--no-cache', '--results', 'r.json', 'r.xml']);
    expect(summary.stdout).toContain('  r.json: joined 6 by file entry');
    expect(summary.stdout).toMatch(/ {2}r\.xml: joined 6 by classname/);
  }, 120_000);

  // @verifies results#RESULTS-JUNIT-FLAVOURS
  // @verifies results#RESULTS-UNCONFIRMED-IS-AN-ERROR
  // @verifies results#RESULTS-SAY-THEIR-JOIN-KEY
  it('Jest JSON and jest-junit: confirmed with the file attribute, unconfirmed with the defaults', async () => {
    const dir = project('jest', '', 'js');
    writeFileSync(join(dir, 'jest.config.json'), '{"testEnvironment": "node"}');
    runner(dir, process.execPath, [jest, '--json', '--outputFile=r.json', jestJunit], {
      JEST_JUNIT_OUTPUT_NAME: 'defaults.xml',
    });
    runner(dir, process.execPath, [jest, jestJunit], {
      JEST_JUNIT_OUTPUT_NAME: 'files.xml',
      JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true',
      JEST_JUNIT_REPORT_TEST_SUITE_ERRORS: 'true',
    });
    expect(await verdicts(dir, 'r.json')).toEqual(CONFIRMED);
    expect(await verdicts(dir, 'files.xml')).toEqual(CONFIRMED);
    // jest-junit's defaults name no file (and leave out the file that threw): nothing is confirmed.
    expect(await verdicts(dir, 'defaults.xml')).toEqual({
      PASSES: 'verification-unconfirmed',
      FAILS: 'verification-unconfirmed',
      SKIPPED: 'verification-unconfirmed',
      SUITE: 'verification-unconfirmed',
      'BROKEN-FILE': 'verification-unconfirmed',
    });
    const said = await runIn(dir, ['check', '--no-cache', '--results', 'defaults.xml']);
    expect(said.code).toBe(1);
    expect(said.stdout).toContain('defaults.xml: joined 5 name no file (these confirm nothing)');
  }, 120_000);

  // @verifies results#RESULTS-JUNIT-FLAVOURS
  it("node's test runner (JUnit): only the file that failed to load is placed; the rest is unconfirmed", async () => {
    const dir = project('node', "const { describe, it } = require('node:test');", 'cjs');
    runner(dir, process.execPath, [
      '--test',
      '--test-reporter=junit',
      '--test-reporter-destination=r.xml',
      'test/greet.test.cjs',
      'test/broken.test.cjs',
    ]);
    expect(await verdicts(dir, 'r.xml')).toEqual({
      PASSES: 'verification-unconfirmed',
      FAILS: 'verification-unconfirmed',
      SKIPPED: 'verification-unconfirmed',
      SUITE: 'verification-unconfirmed',
      'BROKEN-FILE': 'verification-failed',
    });
  }, 120_000);

  const pytest = ['python3', '/usr/bin/python3'].find(
    (python) => spawnSync(python, ['-m', 'pytest', '--version'], { stdio: 'ignore' }).status === 0,
  );
  if (pytest === undefined && process.env.CI) throw new Error('CI runs pytest here: install python3-pytest');
  // @verifies results#RESULTS-JUNIT-FLAVOURS
  it.skipIf(pytest === undefined)(
    `pytest JUnit (xunit2 dotted modules, xunit1 files): failures, skips, collection errors and parameters${pytest === undefined ? ' (skipped: pytest is not installed; `apt-get install -y python3-pytest`)' : ''}`,
    async () => {
      const dir = tempDir('runners-pytest');
      mkdirSync(join(dir, 'specs'));
      mkdirSync(join(dir, 'tests', 'unit'), { recursive: true });
      writeFileSync(join(dir, 'specs', 'greeter.md'), SPEC);
      writeFileSync(
        join(dir, 'tests', 'unit', 'greet.py'),
        SOURCE.replace(/\/\//g, '#').replace('module.exports = {};', ''),
      );
      writeFileSync(
        join(dir, 'tests', 'unit', 'test_greet.py'),
        [
          'import pytest',
          '# @verifies greeter#PASSES',
          '@pytest.mark.parametrize("n", [1, 2])',
          'def test_passes(n):',
          '    assert n > 0',
          '# @verifies greeter#FAILS',
          '@pytest.mark.parametrize("n", [1, -1])',
          'def test_fails(n):',
          '    assert n > 0',
          '# @verifies greeter#SKIPPED',
          '@pytest.mark.skip(reason="later")',
          'def test_skipped():',
          '    pass',
          'class TestSuite:',
          '    # @verifies greeter#SUITE',
          '    def test_in_class(self):',
          '        assert False',
          '',
        ].join('\n'),
      );
      writeFileSync(
        join(dir, 'tests', 'unit', 'test_broken.py'),
        'raise RuntimeError("boom at import")\n# @verifies greeter#BROKEN-FILE\ndef test_never():\n    pass\n',
      );
      writeFileSync(
        join(dir, 'factline.config.json'),
        JSON.stringify({
          specs: ['specs/*.md'],
          sources: ['tests/unit/greet.py'],
          tests: ['tests/**/test_*.py'],
        }),
      );
      for (const family of ['xunit2', 'xunit1']) {
        runner(dir, pytest!, [
          '-m',
          'pytest',
          '-p',
          'no:cacheprovider',
          '--continue-on-collection-errors',
          '-o',
          `junit_family=${family}`,
          `--junitxml=${family}.xml`,
        ]);
        expect(await verdicts(dir, `${family}.xml`), family).toEqual(CONFIRMED);
      }
      const said = await runIn(dir, ['check', '--no-cache', '--results', 'xunit2.xml', 'xunit1.xml']);
      expect(said.stdout).toContain('xunit2.xml: joined 7 by dotted module');
      expect(said.stdout).toContain('xunit1.xml: joined 7 by file attribute');
    },
    120_000,
  );
});
