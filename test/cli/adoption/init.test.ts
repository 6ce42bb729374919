/** `factline init` in real temp folders, then the gate on what it wrote. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli.ts';
import { tempDir } from '../../support/temp.ts';

const STARTER = [
  'factline.config.json',
  'specs/example.md',
  'src/greet.mjs',
  'test/greet.test.mjs',
  '.github/workflows/factline.yml',
];

describe('factline init', () => {
  // @verifies adoption#INIT-WRITES-STARTER
  // @verifies adoption#INIT-THEN-GREEN
  it('writes the starter files, names each, and the gate is green right after', async () => {
    const dir = tempDir('init');
    const init = await runInProcess(dir, ['init']);
    expect(init.code).toBe(0);
    for (const file of STARTER) {
      expect(existsSync(join(dir, file)), file).toBe(true);
      expect(init.stdout).toContain(`wrote ${file}\n`);
    }
    expect(init.stdout).toMatch(/pre-commit hook: .*`npx factline check --staged`/);
    const config = JSON.parse(readFileSync(join(dir, 'factline.config.json'), 'utf8'));
    expect(config.$schema).toBe('./node_modules/factline/schema/factline.config.schema.json');

    const facts = await runInProcess(dir, ['facts', '--json']);
    expect(JSON.parse(facts.stdout).facts.map((f: { address: string }) => f.address)).toEqual([
      'example#GREETING-NAMES-THE-PERSON',
      'example#GREETING-HAS-A-DEFAULT',
    ]);
    const check = await runInProcess(dir, ['check']);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('OK 2 facts, 2 required, 2 verified, 0 gap(s); 0 error(s), 0 warning(s)');
  });

  // @verifies adoption#INIT-THEN-GREEN
  it('the starter citations are what makes it green: without the test, both facts are gaps', async () => {
    const dir = tempDir('init');
    mkdirSync(join(dir, 'test'));
    writeFileSync(join(dir, 'test', 'greet.test.mjs'), '// no citations yet\n');
    await runInProcess(dir, ['init']);
    const check = await runInProcess(dir, ['check']);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/missing-verification.*example#GREETING-NAMES-THE-PERSON/);
    expect(check.stdout).toMatch(/missing-verification.*example#GREETING-HAS-A-DEFAULT/);
  });

  // @verifies adoption#INIT-NEVER-OVERWRITES
  it('keeps every file that exists, says which, and writes the rest', async () => {
    const dir = tempDir('init');
    mkdirSync(join(dir, 'specs'));
    const mine = '# Mine\n\n@fact:MINE-ALREADY my own fact. @status:idea/plan\n';
    writeFileSync(join(dir, 'specs', 'example.md'), mine);
    const first = await runInProcess(dir, ['init']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('kept specs/example.md (it exists; not overwritten)');
    expect(first.stdout).toContain('wrote factline.config.json');
    expect(readFileSync(join(dir, 'specs', 'example.md'), 'utf8')).toBe(mine);

    const again = await runInProcess(dir, ['init']);
    expect(again.code).toBe(0);
    for (const file of STARTER) expect(again.stdout).toContain(`kept ${file} (it exists; not overwritten)`);
    expect(again.stdout).not.toContain('wrote ');
  });

  // @verifies adoption#INIT-CI-SNIPPET
  it('the workflow installs, tests with results, gates with results, SARIF and JUnit, and uploads the SARIF', async () => {
    const dir = tempDir('init');
    await runInProcess(dir, ['init']);
    const workflow = readFileSync(join(dir, '.github', 'workflows', 'factline.yml'), 'utf8');
    const steps = workflow.split('\n').filter((l) => /^\s+(- )?(run|uses):/.test(l));
    const order = ['npm ci', 'test-results.xml', 'npx factline check', 'upload-sarif'];
    const at = order.map((needle) => steps.findIndex((s) => s.includes(needle)));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(workflow).toMatch(
      /npx factline check --results test-results\.xml --sarif factline\.sarif --junit factline-junit\.xml/,
    );
    expect(workflow).toMatch(/sarif_file: factline\.sarif/);
    expect(workflow).toMatch(/security-events: write/);
  });
});
