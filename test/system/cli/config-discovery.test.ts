/**
 * The config is found from a subfolder, read with comments, and sets rule
 * severities; each through the real CLI on a temp git repository.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripJsonComments } from '../../../engine/config/jsonc.ts';
import { runFactline, runInProcess } from '../../support/cli.ts';
import { git, gitProject } from '../../support/git-project.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const SPEC = `# greeter {#root}

@fact:GREETS-BY-NAME It greets by name. @status:impl/done

@fact:WAVES It waves. @status:impl/done
`;

/** A project with a config at its root and code deep below it: one fact lacks its test. */
function project(config: string, name = 'factline.config.json'): string {
  return gitProject({
    [name]: config,
    'specs/greeter.md': SPEC,
    'src/deep/greet.ts':
      '// @implements greeter#GREETS-BY-NAME\n// @implements greeter#WAVES\nexport const greet = 1;\n',
    'test/greet.test.ts': "// @verifies greeter#GREETS-BY-NAME\nit('greets', () => {});\n",
  });
}

const CONFIG = '{"sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]}\n';

describe('config discovery', () => {
  // @verifies engine#CONFIG-FOUND-UPWARD
  it('a run from a subfolder gives the verdict of a run from the root, and --verbose names the config', async () => {
    const root = project(CONFIG);
    const fromRoot = await runFactline(['check'], root);
    const fromSub = await runFactline(['check', '--verbose'], join(root, 'src/deep'));
    expect(fromRoot.code).toBe(1);
    expect(fromSub.code).toBe(1);
    expect(fromSub.stdout).toBe(fromRoot.stdout);
    expect(fromSub.stdout).toContain('missing-verification');
    expect(fromSub.stderr).toContain(`factline: config ${join(root, 'factline.config.json')}`);
  });

  // @verifies engine#CONFIG-FOUND-UPWARD
  it('outside a work tree looks only in the working directory; inside one, up to its root and no further', async () => {
    const outer = tempDir('outer');
    writeFiles(outer, { 'factline.config.json': '{"strict": "not a boolean"}' });
    const inner = join(outer, 'repo');
    mkdirSync(inner);
    // Not a git repository: the broken config above is never read.
    const plain = await runInProcess(inner, ['check', '--verbose']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('no factline.config.json and no spec');
    expect(plain.stderr).toContain(`the defaults apply in ${inner}`);
    // Made a repository: the search climbs to its root and stops there, below the broken config.
    git(inner, 'init', '-q');
    writeFiles(inner, { 'specs/greeter.md': SPEC });
    const inRepo = await runInProcess(join(inner, 'specs'), ['check', '--verbose']);
    expect(inRepo.stderr).toContain(`the defaults apply in ${join(inner, 'specs')}`);
    expect(inRepo.stderr).not.toContain('not a boolean');
  });

  // @verifies engine#CONFIG-FOUND-UPWARD
  it('two config files in one folder are an error naming both', async () => {
    const root = project(CONFIG);
    writeFiles(root, { 'factline.config.jsonc': CONFIG });
    const r = await runInProcess(join(root, 'src'), ['check']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('factline.config.jsonc and');
    expect(r.stderr).toContain('both exist');
  });
});

describe('comments in the config', () => {
  const JSONC = `{
  // where the code is
  "sources": ["src/**/*.ts"], /* and the tests: */
  "tests": ["test/**/*.ts"],
  "rules": { "missing-verification": "warning", },
}
`;

  // @verifies engine#CONFIG-JSONC
  it('factline.config.jsonc with comments and trailing commas works through the real CLI', async () => {
    const root = project(JSONC, 'factline.config.jsonc');
    const r = await runFactline(['check'], join(root, 'test'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('warning missing-verification');
  });

  // @verifies engine#CONFIG-JSONC
  it('keeps strings whole and places an error where the file shows it', async () => {
    expect(JSON.parse(stripJsonComments('{"a": "// not a comment", "b": "/* nor */",}'))).toEqual({
      a: '// not a comment',
      b: '/* nor */',
    });
    expect(JSON.parse(stripJsonComments('[1, 2, /* c */ ]'))).toEqual([1, 2]);
    const root = project('{\n  // a comment\n  "specs": [oops]\n}\n');
    const r = await runInProcess(root, ['check']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('factline.config.json:3:13: invalid JSON');
  });
});

describe('rules in the config', () => {
  // @verifies trace#CONFIG-RULE-SEVERITY
  it('turns a rule off or down, and says so in the report', async () => {
    const root = project(
      '{"sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"], "rules": {"missing-verification": "off"}}',
    );
    const r = await runInProcess(root, ['check']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('missing-verification greeter');
    expect(r.stdout).toContain('rules set by the config: missing-verification off');
    const json = JSON.parse((await runInProcess(root, ['check', '--json'])).stdout);
    expect(json.findings.filter((f: { rule: string }) => f.rule === 'missing-verification')).toEqual([]);
    expect(json.ruleSettings).toEqual([{ rule: 'missing-verification', setting: 'off' }]);
  });

  // @verifies trace#CONFIG-RULE-SEVERITY
  it('raises a warning to an error', async () => {
    const root = project(
      '{"sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"], "rules": {"missing-verification": "off", "document-uncited": "error"}}',
    );
    writeFiles(root, { 'specs/other.md': '# other\n\n@fact:LONELY Alone. @status:impl/done\n' });
    const r = await runInProcess(root, ['check']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('error document-uncited');
  });

  // @verifies trace#CONFIG-RULE-SEVERITY
  it('refuses an unknown rule with a did-you-mean and a wrong value naming the accepted ones', async () => {
    const root = project('{"rules": {"missing-verfication": "off"}}');
    const r = await runInProcess(root, ['check']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '`rules.missing-verfication` is not a rule; did you mean `missing-verification`?',
    );
    writeFiles(root, { 'factline.config.json': '{"rules": {"missing-verification": "warn"}}' });
    const bad = await runInProcess(root, ['check']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('`rules["missing-verification"]` must be one of "error", "warning", "off"');
  });
});

describe('nothing-cited without a config', () => {
  // @verifies trace#NOTHING-CITED-NAMES-A-REAL-FILE
  it('stands at the first spec and says the default globs were searched', async () => {
    const root = gitProject({ 'specs/greeter.md': SPEC });
    const r = await runInProcess(root, ['check']);
    expect(r.stdout).toContain('specs/greeter.md:1:1: warning nothing-cited');
    expect(r.stdout).toContain('searched the default globs (no config file)');
    expect(r.stdout).not.toContain('factline.config.json:1:1');
  });
});
