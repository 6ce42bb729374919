/**
 * `factline init` sets a project up for its own test runner, through the real
 * CLI on temp git repositories: the workflow's test command, run as written,
 * writes results that `check --results` joins, so a failing sample test
 * turns the gate red.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO, runFactline } from '../../support/cli.ts';
import { gitProject } from '../../support/git-project.ts';

/** The command of the workflow's test step, as `init` wrote it. */
function testCommand(root: string): string {
  const workflow = readFileSync(join(root, '.github/workflows/factline.yml'), 'utf8');
  const line = workflow.split('\n').findIndex((l) => l.includes('# Your tests'));
  return workflow.split('\n')[line + 1]!.replace(/^\s*- run: /, '');
}

/** Runs the workflow's test step; its exit status. */
function runTests(root: string): number {
  try {
    execSync(testCommand(root), {
      cwd: root,
      stdio: 'pipe',
      env: { ...process.env, CI: 'true', NO_COLOR: '1' },
    });
    return 0;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

/** The sample source with the greeting broken: both sample tests fail. */
function breakTheSource(root: string, path: string): void {
  const file = join(root, path);
  writeFileSync(file, readFileSync(file, 'utf8').replace('Hello, ', 'Goodbye, '));
}

async function initThenRedOnFailure(root: string, runner: string, results: string, source: string) {
  const init = await runFactline(['init'], root);
  expect(init.code).toBe(0);
  expect(init.stdout).toContain(`test runner: ${runner}`);
  expect(testCommand(root)).toContain(results);

  expect(runTests(root)).toBe(0);
  const green = await runFactline(['check', '--results', results], root);
  expect(green.stdout).toContain('citing tests 2 passed, 0 failed');
  expect(green.code).toBe(0);

  breakTheSource(root, source);
  expect(runTests(root)).not.toBe(0);
  const red = await runFactline(['check', '--results', results], root);
  expect(red.code).toBe(1);
  expect(red.stdout).toMatch(/error verification-failed .*example#GREETING-NAMES-THE-PERSON/);
  expect(red.stdout).toMatch(/error verification-failed .*example#GREETING-HAS-A-DEFAULT/);
  // The runner's message keeps the values compared (node's assertion has them on its later lines).
  expect(red.stdout).toMatch(/failed: .*Goodbye, Ada!.*; it cannot verify/);
}

describe('init for the project’s test runner', () => {
  // @verifies adoption#INIT-DETECTS-RUNNER
  // @verifies adoption#INIT-RED-ON-FAILING-TEST
  it('vitest: a vitest sample and its JSON results; the gate goes red when the sample test fails', async () => {
    const root = gitProject({
      'package.json': '{"name": "greeter", "type": "module", "devDependencies": {"vitest": "4.1.12"}}\n',
    });
    // The project's installed dependencies: this repository's own vitest.
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
    await initThenRedOnFailure(root, 'vitest', 'test-results.json', 'src/greet.mjs');
    expect(readFileSync(join(root, 'test/greet.test.mjs'), 'utf8')).toContain("from 'vitest'");
  }, 120_000);

  // @verifies adoption#INIT-DETECTS-RUNNER
  // @verifies adoption#INIT-RED-ON-FAILING-TEST
  it("node: node's test runner with a reporter that names each test's file; red when the sample test fails", async () => {
    const root = gitProject({ 'package.json': '{"name": "greeter", "type": "module"}\n' });
    await initThenRedOnFailure(root, 'node', 'test-results.xml', 'src/greet.mjs');
    const xml = readFileSync(join(root, 'test-results.xml'), 'utf8');
    expect(xml).toContain('file="test/greet.test.mjs" name="greets the person by name"');
  }, 120_000);

  // @verifies adoption#INIT-DETECTS-RUNNER
  // @verifies adoption#INIT-RED-ON-FAILING-TEST
  it('jest: a CommonJS sample and jest JSON; red when the sample test fails', async () => {
    const root = gitProject({
      'package.json': '{"name": "greeter", "devDependencies": {"jest": "30.5.2"}}\n',
    });
    // The project's installed dependencies: this repository's own jest.
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
    await initThenRedOnFailure(root, 'jest', 'test-results.json', 'src/greet.cjs');
    expect(testCommand(root)).toBe('npx jest --json --outputFile=test-results.json');
    expect(readFileSync(join(root, 'test/greet.test.cjs'), 'utf8')).toContain("require('../src/greet.cjs')");
  }, 120_000);

  // @verifies adoption#INIT-DETECTS-RUNNER
  // @verifies adoption#ONE-RUNNER-DETECTOR
  it('--runner overrides what the manifests say; a package.json holding only factline is no JavaScript project', async () => {
    const other = gitProject({ 'package.json': '{"devDependencies": {"jest": "^29.0.0"}}\n' });
    const named = await runFactline(['init', '--runner', 'node'], other);
    expect(named.stdout).toContain('test runner: node (named with --runner)');
    expect(existsSync(join(other, 'test/greet.test.mjs'))).toBe(true);
    const wrong = await runFactline(['init', '--runner', 'mocha'], other);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      '--runner mocha is not one of vitest, jest, node, pytest, cargo, go, maven, gradle',
    );
    const python = gitProject({
      'package.json': '{"devDependencies": {"factline": "file:../factline-0.1.0.tgz"}}\n',
      'setup.cfg': '[metadata]\nname = greeter\n',
    });
    const init = await runFactline(['init'], python);
    expect(init.stdout).toContain('test runner: pytest (setup.cfg: a Python project, pytest)\n');
    expect(init.stdout).not.toContain('test runner: node');
    // scaffold asks the same detector: its stubs are pytest's.
    writeFileSync(
      join(python, 'specs/more.md'),
      '# More {#root}\n\n@fact:MORE-THINGS more things. @status:impl/done\n',
    );
    const scaffold = await runFactline(['scaffold'], python);
    expect(scaffold.stdout).toMatch(/wrote \S+\.py \(1 stub, pytest\)/);
  });

  // @verifies adoption#INIT-GITIGNORE
  // @verifies adoption#INIT-WORKFLOW-NODE-LTS
  // @verifies adoption#INIT-WORKFLOW-ON-PULL-REQUESTS
  // @verifies adoption#WORKFLOW-KEEPS-MAIN-RESULTS
  // @verifies cli#EMPTY-SUMMARY-IS-A-NOTE
  it('adds the cache and the written files to .gitignore once; the workflow uses the LTS and --base on pull requests', async () => {
    const root = gitProject({ '.gitignore': 'node_modules\n/.factline-cache\n' });
    const init = await runFactline(['init'], root);
    expect(init.stdout).toContain(
      '.gitignore: added test-results.xml, factline.sarif, factline-junit.xml, factline-report.html',
    );
    const ignore = readFileSync(join(root, '.gitignore'), 'utf8');
    expect(ignore.startsWith('node_modules\n/.factline-cache\n')).toBe(true);
    const again = await runFactline(['init'], root);
    expect(again.stdout).not.toContain('.gitignore');
    expect(readFileSync(join(root, '.gitignore'), 'utf8')).toBe(ignore);
    const status = execSync('git status --porcelain --ignored', { cwd: root, encoding: 'utf8' });
    expect(status).not.toContain('.factline-cache');
    const workflow = readFileSync(join(root, '.github/workflows/factline.yml'), 'utf8');
    expect(workflow).toContain('node-version: lts/*');
    expect(workflow).not.toMatch(/node-version: \d/);
    expect(workflow).toContain('fetch-depth: 0');
    const steps = (
      parse(workflow) as {
        jobs: {
          trace: { steps: { name?: string; run?: string; uses?: string; with?: Record<string, unknown> }[] };
        };
      }
    ).jobs.trace.steps;
    const pr = steps.find((s) => s.name === 'factline check against the base branch')!;
    expect(pr.run).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression and shell parameters, as the workflow holds them
      'npx factline check --base "origin/${{ github.base_ref }}" ${base_results:+--base-results $base_results} --results test-results.xml',
    );
    expect(pr.run).toContain('--summary "$GITHUB_STEP_SUMMARY"');
    // Main's results are kept on pushes to the default branch and fetched on pull requests.
    expect(steps.find((s) => s.name === "main's test results")!.run).toContain(
      'gh run download "$run_id" --name factline-test-results',
    );
    expect(
      steps.some((s) => s.uses === 'actions/upload-artifact@v4' && s.with?.name === 'factline-test-results'),
    ).toBe(true);
    // The push step's check line, run here as written with GITHUB_STEP_SUMMARY unset: no exit 2.
    const push = steps.find((s) => s.name === 'factline check')!.run!;
    execSync(
      'node --test --test-reporter=./scripts/junit-with-files.mjs --test-reporter-destination=test-results.xml',
      { cwd: root, stdio: 'pipe' },
    );
    const line = push.replace(/^npx factline /, '').replace('"$GITHUB_STEP_SUMMARY"', "''");
    const local = await runFactline(
      line.split(' ').map((w) => (w === "''" ? '' : w)),
      root,
    );
    expect(local.stderr).toContain('--summary is empty');
    expect(local.code).toBe(0);
  });
});
