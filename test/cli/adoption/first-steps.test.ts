/**
 * What a new team meets in its first hour, through the real CLI on temp
 * projects: hints written in its own files' comment syntax, the workflow's
 * summary flag run locally, the top-level help naming both transports of
 * `serve`, and the pages saying what the commands do.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runInProcess } from '../../support/cli.ts';
import { tempProject } from '../../support/temp.ts';

const SPEC = '# Greeter {#root}\n\n@fact:GREET-BY-NAME greets by name. @status:impl/done\n';
const CONFIG = JSON.stringify({
  specs: ['specs/**/*.md'],
  sources: ['src/**/*'],
  tests: ['tests/**/*', 'test/**/*'],
});

describe('first steps', () => {
  // @verifies trace#HINTS-IN-FILE-SYNTAX
  it("a missing citation's fix is written in the project's comment syntax: # in Python, // in Rust, both named when they mix", async () => {
    const python = tempProject({
      'factline.config.json': CONFIG,
      'specs/greeter.md': SPEC,
      'src/greet.py': 'def greet(name):\n    return name\n',
      'tests/test_greet.py': 'def test_greet():\n    pass\n',
    });
    const py = await runInProcess(python, ['check']);
    expect(py.stdout).toContain(
      'fix: add `# @implements greeter#GREET-BY-NAME` next to the code that does it',
    );
    expect(py.stdout).toContain(
      'fix: add `# @verifies greeter#GREET-BY-NAME` inside or right above the test',
    );

    const rust = tempProject({
      'factline.config.json': CONFIG,
      'specs/greeter.md': SPEC,
      'src/lib.rs': 'pub fn greet() {}\n',
      'tests/greet.rs': '#[test]\nfn greets() {}\n',
    });
    expect((await runInProcess(rust, ['check'])).stdout).toContain(
      'fix: add `// @verifies greeter#GREET-BY-NAME`',
    );

    const mixed = tempProject({
      'factline.config.json': CONFIG,
      'specs/greeter.md': SPEC,
      'src/greet.ts': 'export const greet = 1;\n',
      'tests/a.test.ts': '\n',
      'tests/b.test.ts': '\n',
      'tests/test_c.py': '\n',
    });
    expect((await runInProcess(mixed, ['check'])).stdout).toContain(
      'fix: add `// @verifies greeter#GREET-BY-NAME` (`# @verifies greeter#GREET-BY-NAME` in .py files) inside or right above',
    );
  });

  // @verifies cli#EMPTY-SUMMARY-IS-A-NOTE
  it('check --summary "" (GITHUB_STEP_SUMMARY unset, run locally) writes nothing, says so, and judges as without it', async () => {
    const dir = tempProject({});
    await runInProcess(dir, ['init']);
    const plain = await runInProcess(dir, ['check']);
    const local = await runInProcess(dir, [
      'check',
      '--sarif',
      'f.sarif',
      '--summary',
      '',
      '--junit',
      'j.xml',
    ]);
    expect(local.code).toBe(0);
    expect(local.stdout).toBe(plain.stdout);
    expect(local.stderr).toBe(
      'factline check: --summary is empty (GITHUB_STEP_SUMMARY is set only in GitHub Actions): no summary written\n',
    );
    // Any other option still needs its value.
    expect((await runInProcess(dir, ['check', '--sarif', ''])).code).toBe(2);
  });

  it("factline --help names serve's HTTP transport beside stdio; the policy page says baseline takes --results", async () => {
    const help = await runInProcess(REPO, ['--help']);
    expect(help.stdout).toMatch(
      /serve\s+MCP server exposing factline's own tools, on stdio or \(--http PORT\) Streamable HTTP/,
    );
    const baseline = await runInProcess(REPO, ['baseline', '--help']);
    expect(baseline.stdout).toContain('--results FILE…');
    const policy = readFileSync(join(REPO, 'docs/policy.md'), 'utf8');
    expect(policy).toContain('`baseline` takes `--results FILE…` as `check` does');
    expect(policy).not.toContain('takes no `--results`');
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    expect(readme).toContain('Pre-commit: `npx factline check --staged`');
  });
});
