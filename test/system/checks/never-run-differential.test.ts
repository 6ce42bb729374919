/**
 * The never-run differential: test files generated from a grammar of the
 * ways a test is declared (test/support/never-run-forms.ts), each test citing
 * a fact of its own, run by the real runner (vitest, Jest, `node --test`,
 * pytest, `cargo test`), whose own report (JSON, JUnit, libtest's lines) says
 * which tests ran and passed; `factline check` (no results, through the CLI)
 * says which facts it counts as verified. No fact may be counted whose test
 * did not run and pass. Tests that ran but are not counted (the source could
 * not tell, so they are unconfirmed) are allowed and printed. Each runner
 * runs once over its whole batch. A missing runner skips with a note; with
 * `CI` set it fails.
 *
 * About one case in ten cites a helper beside its test instead of the test (withDetached): no runner
 * reports a test carrying that citation, so factline must not count it.
 *
 * NEVER_RUN_SEED=n picks another seed; NEVER_RUN_CASES=n another batch size.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { REPO, runFactline } from '../../support/cli.ts';
import { hasTool } from '../../support/language-tools.ts';
import {
  type Case,
  fileHead,
  goCases,
  jsCases,
  pythonCases,
  type Runner,
  rustCases,
  withDetached,
} from '../../support/never-run-forms.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const SEED = Number(process.env.NEVER_RUN_SEED ?? 33);
const COUNT = Number(process.env.NEVER_RUN_CASES ?? 80);

const PYTEST = hasTool('python3', ['-m', 'pytest', '--version']);
const CARGO = hasTool('cargo');
const GO = hasTool('go', ['version']);
for (const [tool, present] of [
  ['pytest (python3-pytest)', PYTEST],
  ['cargo', CARGO],
  ['go (golang-go)', GO],
] as const) {
  if (present) continue;
  if (process.env.CI) throw new Error(`${tool} is required in CI for the never-run differential`);
  console.warn(`note: ${tool} is not installed: its part of the never-run differential skips`);
}

/** The factline project around the cases: one fact per case, each implemented, the cases as its tests. */
function project(runner: Runner, cases: readonly Case[], extra: Record<string, string> = {}): string {
  const dir = tempDir(`never-run-${runner}`);
  const files: Record<string, string> = {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*'],
      tests: ['test/**/*', 'tests/**/*'],
    }),
    'specs/gen.md': `# gen\n\n@status:impl/done\n\n${cases.map((c) => `@fact:${c.id} Case ${c.id} holds.\n`).join('\n')}`,
    'src/impl.ts': `${cases.map((c) => `// @implements gen#${c.id}`).join('\n')}\nexport {};\n`,
    ...extra,
  };
  const byFile = new Map<string, string[]>();
  for (const c of cases) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c.text]);
  for (const [file, texts] of byFile) files[file] = fileHead(runner) + texts.join('\n');
  writeFiles(dir, files);
  return dir;
}

/** The facts `factline check` (no results) counts as verified. */
async function counted(dir: string): Promise<Set<string>> {
  const run = await runFactline(['check', '--no-cache', '--json'], dir);
  const report = JSON.parse(run.stdout) as { facts: { id: string; state: string }[] };
  return new Set(report.facts.filter((f) => f.state === 'verified').map((f) => f.id));
}

function runTool(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
  });
  if (r.error) throw r.error;
  return r;
}

/** Titles of the tests a vitest or Jest JSON report lists as passed. */
function passedInJson(file: string): Set<string> {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    testResults: { assertionResults: { title: string; status: string }[] }[];
  };
  const passed = new Set<string>();
  for (const f of report.testResults)
    for (const a of f.assertionResults) if (a.status === 'passed') passed.add(a.title);
  return passed;
}

/** Names of the testcases a JUnit report lists with no skipped, failure or error inside. */
function passedInJunit(file: string): Set<string> {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
    readFileSync(file, 'utf8'),
  );
  const passed = new Set<string>();
  const visit = (node: unknown, key: string): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, key);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (key === 'testcase') {
      if (!('skipped' in record) && !('failure' in record) && !('error' in record))
        passed.add(String(record.name));
      return;
    }
    for (const [k, v] of Object.entries(record)) visit(v, k);
  };
  visit(doc, '');
  return passed;
}

interface Tally {
  runner: Runner;
  cases: number;
  ran: number;
  counted: number;
  countedNotRun: string[];
  ranNotCounted: string[];
}

function compare(runner: Runner, cases: readonly Case[], passed: Set<string>, verified: Set<string>): Tally {
  const tally: Tally = {
    runner,
    cases: cases.length,
    ran: 0,
    counted: 0,
    countedNotRun: [],
    ranNotCounted: [],
  };
  for (const c of cases) {
    const ran = passed.has(c.reported);
    const count = verified.has(c.id);
    if (ran) tally.ran++;
    if (count) tally.counted++;
    if (count && !ran) tally.countedNotRun.push(`${c.id} ${c.file}: ${c.form}`);
    if (ran && !count) tally.ranNotCounted.push(`${c.id}: ${c.form}`);
  }
  console.log(
    `never-run differential, ${runner} (seed ${SEED}): ${tally.cases} forms, ${tally.ran} ran and passed, ` +
      `${tally.counted} counted, ${tally.countedNotRun.length} counted that did not run, ` +
      `${tally.ranNotCounted.length} ran but not counted (unconfirmed: the source could not tell)`,
  );
  if (tally.ranNotCounted.length > 0)
    console.log(`  ran, not counted:\n    ${tally.ranNotCounted.join('\n    ')}`);
  return tally;
}

/** A guard against an oracle that sees nothing: the batch must hold tests that ran and tests that did not. */
function expectSound(tally: Tally): void {
  expect(tally.countedNotRun).toEqual([]);
  expect(tally.ran).toBeGreaterThan(tally.cases / 10);
  expect(tally.ran).toBeLessThan(tally.cases);
  expect(tally.counted).toBeGreaterThan(0);
}

const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs');
const JEST = join(REPO, 'node_modules/jest/bin/jest.js');

describe('never-run tests: what factline counts without results, against what the runners ran', () => {
  // @verifies scanner#NEVER-RUN-DIFFERENTIAL
  // @verifies scanner#STATIC-SKIP-VERIFIES-NOTHING
  // @verifies scanner#STATIC-UNSURE-IS-UNCONFIRMED
  // @verifies scanner#STATIC-NO-TEST-BLOCK-IS-UNCONFIRMED
  it('vitest: no fact counted whose test vitest did not run and pass', async () => {
    const cases = withDetached(jsCases('vitest', COUNT, SEED), 'vitest', SEED);
    const dir = project('vitest', cases);
    const out = join(dir, 'vitest.json');
    // --allowOnly: under CI vitest refuses `.only`; the oracle wants its plain reading of the files.
    runTool(
      process.execPath,
      [VITEST, 'run', '--root', dir, '--globals', '--allowOnly', '--reporter=json', `--outputFile=${out}`],
      dir,
    );
    expect(existsSync(out), 'vitest wrote its JSON report').toBe(true);
    expectSound(compare('vitest', cases, passedInJson(out), await counted(dir)));
  }, 300_000);

  // @verifies scanner#NEVER-RUN-DIFFERENTIAL
  it('Jest: no fact counted whose test Jest did not run and pass', async () => {
    const cases = withDetached(jsCases('jest', COUNT, SEED), 'jest', SEED);
    const dir = project('jest', cases);
    const out = join(dir, 'jest.json');
    const config = JSON.stringify({ testEnvironment: 'node', transform: {} });
    runTool(
      process.execPath,
      [JEST, '--rootDir', dir, '--ci', '--json', `--outputFile=${out}`, '--config', config],
      dir,
    );
    expect(existsSync(out), 'Jest wrote its JSON report').toBe(true);
    expectSound(compare('jest', cases, passedInJson(out), await counted(dir)));
  }, 300_000);

  // @verifies scanner#NEVER-RUN-DIFFERENTIAL
  it('node --test: no fact counted whose test node:test did not run and pass', async () => {
    const cases = withDetached(jsCases('node', COUNT, SEED), 'node', SEED);
    const dir = project('node', cases);
    const out = join(dir, 'node.xml');
    runTool(
      process.execPath,
      [
        '--test',
        '--test-reporter=junit',
        `--test-reporter-destination=${out}`,
        ...new Set(cases.map((c) => c.file)),
      ],
      dir,
    );
    expect(existsSync(out), 'node --test wrote its JUnit report').toBe(true);
    expectSound(compare('node', cases, passedInJunit(out), await counted(dir)));
  }, 300_000);

  // @verifies scanner#NEVER-RUN-DIFFERENTIAL
  it.skipIf(!PYTEST)(
    'pytest: no fact counted whose test pytest did not run and pass',
    async () => {
      const cases = withDetached(pythonCases(COUNT, SEED), 'pytest', SEED);
      const dir = project('pytest', cases);
      const out = join(dir, 'pytest.xml');
      runTool('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', `--junitxml=${out}`, 'tests'], dir);
      expect(existsSync(out), 'pytest wrote its JUnit report').toBe(true);
      expectSound(compare('pytest', cases, passedInJunit(out), await counted(dir)));
    },
    300_000,
  );

  // @verifies scanner#NEVER-RUN-DIFFERENTIAL
  // @verifies scanner#STATIC-NO-TEST-BLOCK-IS-UNCONFIRMED
  it.skipIf(!CARGO)(
    'cargo test: no fact counted whose test cargo did not run and pass',
    async () => {
      const cases = withDetached(rustCases(COUNT, SEED), 'cargo', SEED);
      const dir = project('cargo', cases, {
        'Cargo.toml':
          '[package]\nname = "gen"\nversion = "0.1.0"\nedition = "2021"\n\n[dev-dependencies]\nrstest = { path = "rstest" }\n',
        'src/lib.rs': '',
        'rstest/Cargo.toml':
          '[package]\nname = "rstest"\nversion = "0.1.0"\nedition = "2021"\n\n[lib]\nproc-macro = true\n',
        // rstest's attribute on a function without cases: that function as a `#[test]`, its other attributes kept.
        'rstest/src/lib.rs':
          'extern crate proc_macro;\nuse proc_macro::TokenStream;\n\n#[proc_macro_attribute]\npub fn rstest(_args: TokenStream, item: TokenStream) -> TokenStream {\n    let mut out: TokenStream = "#[test]".parse().unwrap();\n    out.extend(item);\n    out\n}\n',
      });
      const run = runTool('cargo', ['test', '--offline', '--test', 'gen', '--', '--test-threads=2'], dir, {
        CARGO_TARGET_DIR: join(dir, 'target'),
      });
      const passed = new Set<string>();
      for (const m of run.stdout.matchAll(/^test (\S+)(?: - should panic)? \.\.\. ok$/gm)) passed.add(m[1]!);
      expect(run.stdout, run.stderr).toMatch(/test result:/);
      expectSound(compare('cargo', cases, passed, await counted(dir)));
    },
    600_000,
  );

  // @verifies scanner#NEVER-RUN-DIFFERENTIAL
  // @verifies scanner#GO-STATIC-SKIP
  it.skipIf(!GO)(
    'go test: no fact counted whose test go test did not run and pass',
    async () => {
      const cases = withDetached(goCases(COUNT, SEED), 'go', SEED);
      const dir = project('go', cases, { 'go.mod': 'module gen\n\ngo 1.18\n' });
      // Offline: the cases import only the standard library.
      const run = runTool('go', ['test', '-json', '-count=1', './...'], dir, { GOPROXY: 'off', GOFLAGS: '' });
      const passed = new Set<string>();
      for (const line of run.stdout.split('\n')) {
        if (!line.startsWith('{')) continue;
        const event = JSON.parse(line) as { Action: string; Package?: string; Test?: string };
        if (event.Action === 'pass' && event.Test !== undefined && !event.Test.includes('/'))
          passed.add(`${event.Package}.${event.Test}`);
      }
      expect(run.stdout, run.stderr).toMatch(/"Action":"pass"/);
      expectSound(compare('go', cases, passed, await counted(dir)));
    },
    600_000,
  );
});
