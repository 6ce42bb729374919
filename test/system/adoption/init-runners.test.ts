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
}

describe('init for the project’s test runner', () => {
  // @verifies daily-use#INIT-DETECTS-RUNNER
  // @verifies daily-use#INIT-RED-ON-FAILING-TEST
  it('vitest: a vitest sample and its JSON results; the gate goes red when the sample test fails', async () => {
    const root = gitProject({
      'package.json': '{"name": "greeter", "type": "module", "devDependencies": {"vitest": "4.1.12"}}\n',
    });
    // The project's installed dependencies: this repository's own vitest.
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
    await initThenRedOnFailure(root, 'vitest', 'test-results.json', 'src/greet.mjs');
    expect(readFileSync(join(root, 'test/greet.test.mjs'), 'utf8')).toContain("from 'vitest'");
  }, 120_000);

  // @verifies daily-use#INIT-DETECTS-RUNNER
  // @verifies daily-use#INIT-RED-ON-FAILING-TEST
  it("node: node's test runner with a reporter that names each test's file; red when the sample test fails", async () => {
    const root = gitProject({ 'package.json': '{"name": "greeter", "type": "module"}\n' });
    await initThenRedOnFailure(root, 'node', 'test-results.xml', 'src/greet.mjs');
    const xml = readFileSync(join(root, 'test-results.xml'), 'utf8');
    expect(xml).toContain('file="test/greet.test.mjs" name="greets the person by name"');
  }, 120_000);

  // @verifies daily-use#INIT-DETECTS-RUNNER
  it('jest: a CommonJS sample and jest JSON; --runner overrides what package.json says', async () => {
    const root = gitProject({
      'package.json': '{"name": "greeter", "devDependencies": {"jest": "^29.0.0"}}\n',
    });
    const init = await runFactline(['init'], root);
    expect(init.stdout).toContain('test runner: jest (package.json depends on jest)');
    expect(testCommand(root)).toBe('npx jest --json --outputFile=test-results.json');
    expect(readFileSync(join(root, 'test/greet.test.cjs'), 'utf8')).toContain("require('../src/greet.cjs')");
    expect((await runFactline(['check'], root)).code).toBe(0);
    const other = gitProject({ 'package.json': '{"devDependencies": {"jest": "^29.0.0"}}\n' });
    const named = await runFactline(['init', '--runner', 'node'], other);
    expect(named.stdout).toContain('test runner: node (named with --runner)');
    expect(existsSync(join(other, 'test/greet.test.mjs'))).toBe(true);
    const wrong = await runFactline(['init', '--runner', 'mocha'], other);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--runner mocha is not one of vitest, jest, node');
  });

  // @verifies daily-use#INIT-GITIGNORE
  // @verifies daily-use#INIT-WORKFLOW-NODE-LTS
  // @verifies daily-use#INIT-WORKFLOW-ON-PULL-REQUESTS
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
    expect(workflow).toMatch(
      /if: \$\{\{ !cancelled\(\) && github\.event_name == 'pull_request' \}\}\n\s+run: npx factline check --base "origin\/\$\{\{ github\.base_ref \}\}" --results test-results\.xml .*--summary "\$GITHUB_STEP_SUMMARY"/,
    );
  });
});
