/**
 * `check --base REF --results HEAD --base-results BASE` through the real CLI
 * on a temp git repository whose test results come from real vitest runs at
 * each commit: a test already failing on main does not fail a pull request
 * that never touched it, a pull request that breaks a test is red, and
 * without the base's results an outcome finding is unknown on the base.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runFactline } from '../../support/cli.ts';
import { commitAll, git, gitProject } from '../../support/git-project.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const SPEC = '# Demo\n\n@status:impl/done\n\n@fact:A A holds.\n\n@fact:B B holds.\n';
const CONFIG = '{"sources": ["src/**/*.js"], "tests": ["test/**/*.js"]}\n';
/** Test a fails on main already; test b checks src/b.js. */
const TEST = [
  "import { b } from '../src/b.js';",
  '// @verifies demo#A',
  "it('a', () => { expect(1).toBe(2); });",
  '// @verifies demo#B',
  "it('b', () => { expect(b).toBe(1); });",
  '',
].join('\n');
const SOURCE_A = '// @implements demo#A\nexport const a = 1;\n';
const SOURCE_B = (value: number) => `// @implements demo#B\nexport const b = ${value};\n`;

/** The outcomes of the checkout as it stands: vitest's JSON report, written outside the repository. */
function vitestResults(root: string, name: string): string {
  const out = join(tempDir('results'), `${name}.json`);
  spawnSync(
    process.execPath,
    [
      join(REPO, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      root,
      '--globals',
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CI: '1' } },
  );
  const report = JSON.parse(readFileSync(out, 'utf8')) as { numFailedTests: number };
  expect(report.numFailedTests).toBeGreaterThan(0); // test a fails on every side
  return out;
}

function project(): { root: string; base: string } {
  const root = gitProject({
    'factline.config.json': CONFIG,
    'specs/demo.md': SPEC,
    'src/a.js': SOURCE_A,
    'src/b.js': SOURCE_B(1),
    'test/a.test.js': TEST,
  });
  return { root, base: vitestResults(root, 'main') };
}

describe('check --base with test results on both sides', () => {
  // @verifies engine#BASE-RESULTS
  it('a test already failing on main does not fail a pull request that never touched it', async () => {
    const { root, base } = project();
    git(root, 'checkout', '-q', '-b', 'docs');
    writeFiles(root, { 'README.md': 'A readme.\n' });
    commitAll(root, 'docs only');
    const head = vitestResults(root, 'head');
    const plain = await runFactline(['check', '--results', head], root);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain('verification-failed');
    const judged = await runFactline(
      ['check', '--base', 'main', '--results', head, '--base-results', base],
      root,
    );
    expect(judged.stdout).toContain('new since main: 0');
    expect(judged.stdout).not.toContain('unknown on base');
    expect(judged.stdout).toContain('OK no new error since main');
    expect(judged.code).toBe(0);
  }, 300_000);

  // @verifies engine#BASE-RESULTS
  it('a pull request that breaks a test is red, the broken test named as new', async () => {
    const { root, base } = project();
    git(root, 'checkout', '-q', '-b', 'breaks');
    writeFiles(root, { 'src/b.js': SOURCE_B(2) });
    commitAll(root, 'b changes');
    const head = vitestResults(root, 'head');
    const summary = join(tempDir('summary'), 'summary.md');
    const r = await runFactline(
      ['check', '--base', 'main', '--results', head, '--base-results', base, '--summary', summary],
      root,
    );
    expect(r.code).toBe(1);
    const [added] = r.stdout.split('fixed since main');
    expect(added).toContain('new since main: 1');
    expect(added).toMatch(/error verification-failed test "b" .*failed.*demo#B/);
    expect(added).not.toMatch(/test "a"/);
    expect(readFileSync(summary, 'utf8')).toContain('❌ 1 new error(s) since `main`');
  }, 300_000);

  // @verifies engine#BASE-RESULTS
  it('without the base’s results an outcome finding is reported unknown on the base, not new', async () => {
    const { root } = project();
    git(root, 'checkout', '-q', '-b', 'breaks');
    writeFiles(root, { 'src/b.js': SOURCE_B(2) });
    commitAll(root, 'b changes');
    const head = vitestResults(root, 'head');
    const summary = join(tempDir('summary'), 'summary.md');
    const r = await runFactline(['check', '--base', 'main', '--results', head, '--summary', summary], root);
    expect(r.stdout).toContain('new since main: 0');
    const unknown = r.stdout.slice(
      r.stdout.indexOf('unknown on base: 2'),
      r.stdout.indexOf('fixed since main'),
    );
    expect(unknown).toMatch(/pass --base-results/);
    expect(unknown).toMatch(/verification-failed test "a"/);
    expect(unknown).toMatch(/verification-failed test "b"/);
    expect(r.code).toBe(0);
    expect(readFileSync(summary, 'utf8')).toMatch(/### Unknown on the base .*\(2\)/);
    const json = JSON.parse(
      (await runFactline(['check', '--base', 'main', '--results', head, '--json'], root)).stdout,
    ) as { added: unknown[]; unknownOnBase: { rule: string; fact: string }[] };
    expect(json.added).toEqual([]);
    expect(json.unknownOnBase.map((f) => `${f.rule} ${f.fact}`).sort()).toEqual([
      'verification-failed demo#A',
      'verification-failed demo#B',
    ]);
    const alone = await runFactline(['check', '--base-results', head], root);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain(
      '--base-results gives the base commit’s test results, and there is no --base',
    );
  }, 300_000);
});
