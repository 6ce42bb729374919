/**
 * The gate as a GitHub Action and as a pre-commit hook, exercised as their
 * runners run them: the action's shell step with a fake GITHUB_* environment
 * in a temp project set up by `init`; the hook through pre-commit itself
 * (Debian's), from a hook repository holding this `.pre-commit-hooks.yaml`,
 * on real commits.
 */
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO, runFactline } from '../../support/cli.ts';
import { commitAll, git, gitProject } from '../../support/git-project.ts';
import { hasToolchain } from '../../support/runner-tools.ts';
import { tempDir } from '../../support/temp.ts';

const NODE_TESTS =
  'node --test --test-reporter=./scripts/junit-with-files.mjs --test-reporter-destination=test-results.xml';

function installFactline(root: string): void {
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(REPO, join(root, 'node_modules', 'factline'), 'dir');
  symlinkSync('../factline/bin/factline.js', join(root, 'node_modules', '.bin', 'factline'));
}

async function initProject(): Promise<string> {
  const root = gitProject({ '.gitignore': 'node_modules/\n' });
  installFactline(root);
  expect((await runFactline(['init'], root)).code).toBe(0);
  commitAll(root, 'init');
  return root;
}

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  if?: string;
}

/** The action's shell step, run as the runner runs it: its env with the inputs filled in, in the working directory. */
function runAction(root: string, inputs: Record<string, string>, github: Record<string, string>) {
  const action = parse(readFileSync(join(REPO, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default: string }>;
    runs: { using: string; steps: Step[] };
  };
  const step = action.runs.steps.find((s) => s.run !== undefined)!;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(step.env ?? {})) {
    env[key] = value.replace(
      /\$\{\{ inputs\.([\w-]+) \}\}/g,
      (_, name: string) => inputs[name] ?? action.inputs[name]!.default,
    );
  }
  const run = spawnSync('bash', ['-c', step.run!], {
    cwd: root,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NO_COLOR: '1',
      GITHUB_ACTION_PATH: REPO,
      ...github,
      ...env,
    },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('action.yml', () => {
  // @verifies adoption#ACTION-RUNS-THE-GATE
  it('runs check with the results, writes SARIF, JUnit and the job summary, and turns red on a failing test', async () => {
    const action = parse(readFileSync(join(REPO, 'action.yml'), 'utf8')) as {
      runs: { using: string; steps: Step[] };
    };
    expect(action.runs.using).toBe('composite');
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, written as the action file holds it
    expect(upload?.with?.sarif_file).toContain('${{ inputs.sarif }}');

    const root = await initProject();
    execSync(NODE_TESTS, { cwd: root, stdio: 'pipe' });
    const summary = join(root, 'summary.md');
    const github = { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'push', GITHUB_STEP_SUMMARY: summary };
    const green = runAction(root, { results: 'test-results.xml' }, github);
    expect(green.stdout, green.stderr).toContain('OK 2 facts, 2 required, 2 verified');
    expect(green.stdout).toContain('test outcomes from test-results.xml: citing tests 2 passed, 0 failed');
    expect(green.code).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'factline.sarif'), 'utf8')).runs[0].results).toEqual([]);
    expect(existsSync(join(root, 'factline-junit.xml'))).toBe(true);
    expect(readFileSync(summary, 'utf8')).toMatch(/factline/i);

    const source = join(root, 'src/greet.mjs');
    writeFileSync(source, readFileSync(source, 'utf8').replace('Hello, ', 'Goodbye, '));
    spawnSync('bash', ['-c', NODE_TESTS], { cwd: root });
    const red = runAction(root, { results: 'test-results.xml' }, github);
    expect(red.code).toBe(1);
    expect(red.stdout).toMatch(/::error file=test\/greet\.test\.mjs,line=\d+.*verification-failed/);
    const sarif = JSON.parse(readFileSync(join(root, 'factline.sarif'), 'utf8'));
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toContain('verification-failed');

    // Outside a job: no GITHUB_STEP_SUMMARY, and no exit 2 for it.
    const local = runAction(
      root,
      { results: 'test-results.xml', 'upload-sarif': 'false' },
      { GITHUB_EVENT_NAME: 'push' },
    );
    expect(local.code).toBe(1);
    expect(local.stderr).toContain('--summary is empty');
  }, 300_000);

  // @verifies adoption#ACTION-RUNS-THE-GATE
  it('on a pull request judges against the base branch: only what the pull request broke fails', async () => {
    const root = await initProject();
    git(root, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
    git(root, 'checkout', '-q', '-b', 'feature');
    const pr = {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_BASE_REF: 'main',
      GITHUB_STEP_SUMMARY: join(root, 's.md'),
    };
    const same = runAction(root, {}, pr);
    expect(same.stdout, same.stderr).toMatch(/new since origin\/main: 0/);
    expect(same.code).toBe(0);
    // The pull request drops a test's citation: new since main, red.
    const test = join(root, 'test/greet.test.mjs');
    writeFileSync(
      test,
      readFileSync(test, 'utf8').replace('// @verifies example#GREETING-HAS-A-DEFAULT\n', ''),
    );
    commitAll(root, 'drop a citation');
    const broke = runAction(root, {}, pr);
    expect(broke.stdout).toMatch(/new since origin\/main: 1/);
    expect(broke.stdout).toContain('missing-verification');
    expect(broke.code).toBe(1);
    expect(readFileSync(join(root, 's.md'), 'utf8')).toContain('GREETING-HAS-A-DEFAULT');
  }, 300_000);
});

const PRE_COMMIT = hasToolchain({
  name: 'pre-commit',
  command: 'pre-commit',
  args: ['--version'],
  install: 'pre-commit',
});
if (!PRE_COMMIT) {
  if (process.env.CI) throw new Error('pre-commit is required in CI (apt-get install -y pre-commit)');
  console.warn('note: pre-commit is not installed: the hook test skips (apt-get install -y pre-commit)');
}

describe('.pre-commit-hooks.yaml', () => {
  // @verifies adoption#PRE-COMMIT-HOOK-STAGED
  it.skipIf(!PRE_COMMIT)(
    'pre-commit runs check --staged: a commit whose staged tree lacks a citation is refused, its fix goes through',
    async () => {
      // A hook repository holding this .pre-commit-hooks.yaml, as `repo:` names it.
      const hooks = gitProject({
        '.pre-commit-hooks.yaml': readFileSync(join(REPO, '.pre-commit-hooks.yaml'), 'utf8'),
      });
      const rev = git(hooks, 'rev-parse', 'HEAD').trim();
      const root = await initProject();
      writeFileSync(
        join(root, '.pre-commit-config.yaml'),
        `repos:\n  - repo: ${hooks}\n    rev: ${rev}\n    hooks:\n      - id: factline\n`,
      );
      commitAll(root, 'hook config');
      const env = { ...process.env, PRE_COMMIT_HOME: tempDir('pre-commit-home'), NO_COLOR: '1' };
      const commit = () =>
        spawnSync('pre-commit', ['run', '--hook-stage', 'commit'], { cwd: root, env, encoding: 'utf8' });
      // The working tree keeps the citation; only the staged copy drops it.
      const test = join(root, 'test/greet.test.mjs');
      const text = readFileSync(test, 'utf8');
      writeFileSync(test, text.replace('// @verifies example#GREETING-HAS-A-DEFAULT\n', ''));
      execFileSync('git', ['add', 'test/greet.test.mjs'], { cwd: root });
      writeFileSync(test, text);
      const refused = commit();
      expect(refused.stdout).toContain('factline check --staged');
      expect(refused.stdout).toMatch(/missing-verification example#GREETING-HAS-A-DEFAULT/);
      expect(refused.status).toBe(1);
      execFileSync('git', ['add', 'test/greet.test.mjs'], { cwd: root });
      const passed = commit();
      expect(passed.stdout, passed.stderr).toMatch(/factline check --staged\.+Passed/);
      expect(passed.status).toBe(0);
    },
    300_000,
  );
});
