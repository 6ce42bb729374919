/**
 * `check --base REF` and `--summary FILE` through the real CLI on a temp git
 * repository: a branch that adds one gap and fixes another.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDirOf, runFactline, runInProcess } from '../../support/cli.ts';
import { commitAll, git, gitProject } from '../../support/git-project.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const SPEC = `# greeter {#root}

@fact:GREETS-BY-NAME It greets by name. @status:impl/done

@fact:WAVES It waves. @status:impl/done
`;

const SOURCE =
  '// @implements greeter#GREETS-BY-NAME\n// @implements greeter#WAVES\nexport const greet = 1;\n';
const TEST_GREETS = "// @verifies greeter#GREETS-BY-NAME\nit('greets', () => {});\n";
const TEST_WAVES = "// @verifies greeter#WAVES\nit('waves', () => {});\n";

/** main: WAVES has no test. The branch: WAVES gets one, GREETS-BY-NAME loses its own. */
function branchWithOneNewGapAndOneFix(): string {
  const root = gitProject({
    'factline.config.json': '{"sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]}\n',
    'specs/greeter.md': SPEC,
    'src/greet.ts': SOURCE,
    'test/greets.test.ts': TEST_GREETS,
  });
  git(root, 'checkout', '-q', '-b', 'feature');
  writeFiles(root, { 'test/waves.test.ts': TEST_WAVES });
  rmSync(join(root, 'test/greets.test.ts'));
  commitAll(root, 'feature');
  return root;
}

describe('check --base', () => {
  // @verifies engine#BASE-NEW-AND-FIXED
  // @verifies cli#SUMMARY-MARKDOWN
  it('exits 1 naming only the new gap, and the summary has both the new and the fixed one', async () => {
    const root = branchWithOneNewGapAndOneFix();
    const summary = join(tempDir('summary'), 'summary.md');
    const r = await runFactline(['check', '--base', 'main', '--summary', summary], root);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const [newPart, fixedPart] = r.stdout.split('fixed since main');
    expect(newPart).toContain('new since main: 1');
    expect(newPart).toContain('missing-verification greeter#GREETS-BY-NAME');
    expect(newPart).not.toContain('greeter#WAVES');
    expect(fixedPart).toContain(': 1');
    expect(fixedPart).toContain('missing-verification greeter#WAVES');
    expect(r.stdout).toContain('FAIL 1 new error(s) since main');
    expect(r.stdout).toContain('verified 1 → 1 (0)');
    const md = readFileSync(summary, 'utf8');
    expect(md).toContain('## factline: ❌ 1 new error(s) since `main`');
    expect(md).toContain('### New findings (1)');
    expect(md).toContain('### Fixed findings (1)');
    expect(md).toMatch(/New findings[\s\S]*GREETS-BY-NAME[\s\S]*Fixed findings[\s\S]*WAVES/);
    expect(md).toContain('| gaps | 1 | 1 | 0 |');
  });

  // @verifies cli#SUMMARY-MARKDOWN
  it('without --base the summary holds the verdict, the counts and the findings', async () => {
    const root = branchWithOneNewGapAndOneFix();
    const summary = join(tempDir('summary'), 'plain.md');
    const r = await runInProcess(root, ['check', '--summary', summary]);
    expect(r.code).toBe(1);
    const md = readFileSync(summary, 'utf8');
    expect(md).toContain('## factline: ❌ 1 error(s)');
    expect(md).toContain('| 2 | 1 | 1 | 1 | 0 |');
    expect(md).toMatch(/- \*\*error\*\* `missing-verification` `specs\/greeter\.md:3`: .*GREETS-BY-NAME/);
  });

  // @verifies trace#CONFIG-RULE-SEVERITY
  it('a branch that turns a rule off is named beside the verdict it shapes, in the console and the summary', async () => {
    const root = branchWithOneNewGapAndOneFix();
    writeFiles(root, {
      'factline.config.json':
        '{"sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"], "rules": {"missing-verification": "off"}}\n',
    });
    const summary = join(tempDir('summary'), 'rules.md');
    const r = await runInProcess(root, ['check', '--base', 'main', '--summary', summary]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('rules set by the config: missing-verification off');
    expect(readFileSync(summary, 'utf8')).toContain('Rules set by the config: `missing-verification` off');
  });

  // @verifies engine#BASE-NEW-AND-FIXED
  it('an error the base already had does not fail the run; fixing the new gap makes it pass', async () => {
    const root = branchWithOneNewGapAndOneFix();
    writeFiles(root, { 'test/greets.test.ts': TEST_GREETS });
    rmSync(join(root, 'test/waves.test.ts'));
    // Back to main's state: the old gap is not new.
    const r = await runInProcess(root, ['check', '--base', 'main']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('new since main: 0');
    expect(r.stdout).toContain('OK no new error since main (1 error(s) the base already had)');
  });

  // @verifies cli#SUMMARY-MARKDOWN
  it('links each finding to its file and line on the forge in GitHub Actions, and appends to an existing file', async () => {
    const root = branchWithOneNewGapAndOneFix();
    const summary = join(tempDir('summary'), 'step.md');
    writeFileSync(summary, '# earlier step\n');
    const env = {
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_REPOSITORY: 'acme/greeter',
      GITHUB_SHA: 'abc123',
    };
    const r = await runInProcess(root, ['check', '--base', 'main', '--summary', summary], { env });
    expect(r.code).toBe(1);
    const md = readFileSync(summary, 'utf8');
    expect(md.startsWith('# earlier step\n## factline')).toBe(true);
    expect(md).toContain('](https://github.example/acme/greeter/blob/abc123/specs/greeter.md#L3)');
  });

  // @verifies engine#BASE-FROM-A-WORKTREE
  it('leaves no worktree behind, and a second run reads the base from the cache', async () => {
    const root = branchWithOneNewGapAndOneFix();
    const first = await runInProcess(root, ['check', '--base', 'main', '--json']);
    expect(git(root, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
    const stored = readdirSync(cacheDirOf(root)!).filter((f) => f.startsWith('base-'));
    expect(stored).toHaveLength(1);
    expect(existsSync(join(root, '.factline-cache'))).toBe(false);
    // Prove the second run reads the store: doctor it, and the doctored base is what the run compares with.
    const path = join(cacheDirOf(root)!, stored[0]!);
    const data = JSON.parse(readFileSync(path, 'utf8'));
    data.findings = [];
    writeFileSync(path, JSON.stringify(data));
    const second = JSON.parse((await runInProcess(root, ['check', '--base', 'main', '--json'])).stdout);
    expect(JSON.parse(first.stdout).fixed).toHaveLength(1);
    expect(second.fixed).toHaveLength(0);
    expect(second.added.map((f: { fact: string }) => f.fact)).toEqual(['greeter#GREETS-BY-NAME']);
    // --no-cache reads no stored base: the checkout runs again and the doctored store is not seen.
    const fresh = JSON.parse(
      (await runInProcess(root, ['check', '--base', 'main', '--json', '--no-cache'])).stdout,
    );
    expect(fresh.fixed).toHaveLength(1);
  });

  // @verifies engine#BASE-FROM-A-WORKTREE
  it('a ref git cannot resolve, or no repository, is exit 2 naming the ref', async () => {
    const root = branchWithOneNewGapAndOneFix();
    const r = await runInProcess(root, ['check', '--base', 'no-such-branch']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--base no-such-branch: git knows no commit by that name');
    const plain = tempDir('plain');
    writeFiles(plain, { 'specs/greeter.md': SPEC });
    const outside = await runInProcess(plain, ['check', '--base', 'main']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('is not inside a git work tree');
    expect(existsSync(join(plain, '.factline-cache'))).toBe(false);
  });

  // @verifies engine#BASE-FROM-A-WORKTREE
  it('a base with no config counts every finding as new', async () => {
    const root = gitProject({ 'README.md': 'nothing yet\n' });
    git(root, 'checkout', '-q', '-b', 'adopt');
    writeFiles(root, {
      'factline.config.json': '{"sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]}\n',
      'specs/greeter.md': SPEC,
      'src/greet.ts': SOURCE,
      'test/greets.test.ts': TEST_GREETS,
    });
    const r = await runInProcess(root, ['check', '--base', 'main']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('main has no factline.config.json');
    expect(r.stdout).toContain('new since main: 1');
  });
});
