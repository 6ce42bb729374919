/**
 * `factline scaffold` on a newcomer's project: ten facts implemented, no
 * test yet. It writes one stub per fact in the project's runner, each citing
 * its fact and marked todo; the real runner reports them as not run, and the
 * gate reading those results reports every fact as verification-skipped
 * (exit 1) until its test is written and passes. It never overwrites a file.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaffoldStubs } from '../../../../generator/render/scaffold.ts';
import { REPO, runInProcess } from '../../../support/cli.ts';
import { hasTool, PYTHON, RUSTC, run, TOOLS } from '../../../support/language-tools.ts';
import { tempDir, writeFiles } from '../../../support/temp.ts';

const FACTS = Array.from({ length: 10 }, (_, i) => i + 1);

function newcomer(): string {
  const dir = tempDir('scaffold');
  const files: Record<string, string> = {
    'package.json': JSON.stringify({
      name: 'newcomer',
      type: 'module',
      devDependencies: { vitest: '4.1.12' },
    }),
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
    }),
    'specs/shop.md': `# Shop {#root}\n\n@status:impl/done\n\n${FACTS.map((i) => `@fact:RULE-${i} Rule ${i} says "it's" fine.\n`).join('\n')}`,
    'src/shop.ts': FACTS.map((i) => `// @implements shop#RULE-${i}\nexport const rule${i} = ${i};\n`).join(
      '',
    ),
  };
  writeFiles(dir, files);
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const vitest = (dir: string) =>
  run(
    process.execPath,
    [
      join(REPO, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--reporter=json',
      '--outputFile.json=results.json',
    ],
    dir,
  );

describe('factline scaffold', () => {
  // @verifies generator#SCAFFOLD-STUBS-STAY-RED
  it('writes todo stubs the gate reports as verification-skipped until each test is written', async () => {
    const dir = newcomer();
    const scaffold = await runInProcess(dir, ['scaffold'], TOOLS);
    expect(scaffold.code).toBe(0);
    expect(scaffold.stdout.split('\n')[0]).toBe('wrote test/scaffold/shop.test.ts (10 stubs, vitest)');

    // Before any run: the gate reads the todo markers from the source.
    const unrun = await runInProcess(dir, ['check'], TOOLS);
    expect(unrun.code).toBe(1);
    expect(unrun.stdout.split('\n').filter((l) => l.includes(' error verification-skipped '))).toHaveLength(
      10,
    );

    vitest(dir);
    const gate = await runInProcess(dir, ['check', '--results', 'results.json'], TOOLS);
    expect(gate.code).toBe(1);
    const skipped = gate.stdout.split('\n').filter((l) => l.includes(' error verification-skipped '));
    expect(skipped).toHaveLength(10);
    expect(gate.stdout).not.toMatch(/^\s+verified/m);
    expect(gate.stdout).toContain('10 test skipped');

    // One test written and passing: that fact is verified, the nine others stay red.
    const stubs = join(dir, 'test/scaffold/shop.test.ts');
    writeFileSync(
      stubs,
      readFileSync(stubs, 'utf8')
        .replace(
          "import { describe, it } from 'vitest';",
          "import { describe, expect, it } from 'vitest';\nimport { rule1 } from '../../src/shop.ts';",
        )
        .replace(/it\.todo\(('RULE-1: [^']*(?:\\'[^']*)*')\);/, 'it($1, () => expect(rule1).toBe(1));'),
    );
    vitest(dir);
    const after = await runInProcess(dir, ['check', '--results', 'results.json'], TOOLS);
    expect(after.code).toBe(1);
    expect(after.stdout.split('\n').filter((l) => l.includes(' error verification-skipped '))).toHaveLength(
      9,
    );
    expect(after.stdout).toContain('1 verified');
  });

  // @verifies generator#SCAFFOLD-STUBS-STAY-RED
  it('never overwrites a file', async () => {
    const dir = newcomer();
    mkdirSync(join(dir, 'test/scaffold'), { recursive: true });
    writeFileSync(join(dir, 'test/scaffold/shop.test.ts'), '// mine\n');
    const scaffold = await runInProcess(dir, ['scaffold', '--runner', 'vitest'], TOOLS);
    expect(scaffold.code).toBe(0);
    expect(scaffold.stdout).toContain('kept test/scaffold/shop.test.ts (it exists; not overwritten)');
    expect(readFileSync(join(dir, 'test/scaffold/shop.test.ts'), 'utf8')).toBe('// mine\n');
    expect((await runInProcess(dir, ['scaffold', '--runner', 'mocha'], TOOLS)).code).toBe(2);
  });

  const facts = [
    {
      address: 'shop#RULE-1',
      doc: 'shop',
      id: 'RULE-1',
      file: 'specs/shop.md',
      summary: 'Rule "1" */ says it\'s fine \\ @implements x#Y.',
    },
    { address: 'shop#RULE-2', doc: 'shop', id: 'RULE-2', file: 'specs/shop.md', summary: 'Rule 2.' },
  ];

  it.skipIf(!PYTHON)('writes pytest stubs that compile and are skipped', () => {
    const [file] = scaffoldStubs(facts, 'pytest');
    expect(file!.path).toBe('tests/test_scaffold_shop.py');
    expect(file!.text).toContain(
      "@pytest.mark.skip(reason='todo: write the test that verifies shop#RULE-1')\ndef test_rule_1():",
    );
    const dir = tempDir('scaffold-py');
    writeFileSync(join(dir, 'stub.py'), file!.text);
    run('python3', ['-m', 'py_compile', 'stub.py'], dir);
    if (hasTool('python3', ['-m', 'pytest', '--version'])) {
      expect(run('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'stub.py'], dir)).toContain(
        '2 skipped',
      );
    } else console.warn('note: pytest is not installed: the stubs were compiled, not run');
  });

  it.skipIf(!RUSTC)('writes cargo stubs that compile and are ignored', () => {
    const [file] = scaffoldStubs(facts, 'cargo');
    const dir = tempDir('scaffold-rs');
    writeFileSync(join(dir, 'stub.rs'), file!.text);
    run('rustc', ['--edition=2021', '--test', '-o', join(dir, 'stub'), 'stub.rs'], dir);
    expect(run(join(dir, 'stub'), [], dir)).toContain('0 passed; 0 failed; 2 ignored');
  });

  it('writes node:test and jest stubs as todo tests with the citation right above', () => {
    const [node] = scaffoldStubs(facts, 'node');
    expect(node!.text).toContain("  // @verifies shop#RULE-2 — Rule 2.\n  it.todo('RULE-2: Rule 2.');");
    const dir = tempDir('scaffold-node');
    writeFileSync(join(dir, 'stub.test.mjs'), node!.text);
    expect(run(process.execPath, ['--test', 'stub.test.mjs'], dir)).toMatch(/# pass 0\n[\s\S]*# todo 2\n/);
    expect(scaffoldStubs(facts, 'jest')[0]!.text).toContain(
      "  // @verifies shop#RULE-2 — Rule 2.\n  it.todo('RULE-2: Rule 2.');",
    );
    // Prose in the comment cannot cite another fact.
    expect(scaffoldStubs(facts, 'jest')[0]!.text).toContain('\uff20implements x#Y');
  });
});
