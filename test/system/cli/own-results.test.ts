/**
 * This repository's CI gates with its own test results: `npm test` writes
 * vitest's JSON beside the default reporter, the file is git-ignored, and
 * .ci/run hands that same file to the gate.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, REPO, runInProcess } from '../../support/cli.ts';

const script = (
  JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts.test!;
const written = /--outputFile\.json=(\S+)/.exec(script)?.[1];

describe("the repository's own test results", () => {
  // @verifies results#RESULTS-OWN-CI
  it('npm test writes a git-ignored vitest JSON file that .ci/run passes to the gate', () => {
    expect(script).toMatch(/--reporter=default --reporter=json/);
    expect(written).toBeDefined();
    const ci = readFileSync(join(REPO, '.ci', 'run'), 'utf8');
    expect(ci).toContain(`node bin/factline.js check --results ${written}`);
    const ignored = spawnSync('git', ['check-ignore', '-q', written!], { cwd: REPO });
    expect(ignored.status).toBe(0);
  });

  // @verifies results#RESULTS-OWN-CI
  it("the test script's reporters, run for real on a fixture, write a file the gate joins", async () => {
    const dir = copyFixture('test-outcomes');
    try {
      symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
      writeFileSync(join(dir, 'vitest.config.mjs'), 'export default {};\n');
      const reporters = script.replace(/^vitest run /, '').split(' ');
      const run = spawnSync(join(REPO, 'node_modules', '.bin', 'vitest'), ['run', ...reporters], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, CI: '1' },
      });
      expect(run.status).toBe(1); // the fixture has a failing test
      const gate = await runInProcess(dir, ['check', '--no-cache', '--results', written!]);
      expect(gate.code).toBe(1);
      expect(gate.stdout).toContain(
        `test outcomes from ${written}: citing tests 1 passed, 1 failed, 1 not run`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
