/** The real executable (bin/factline.js) as a user runs it: help, version and the exit code of each kind of outcome. */
import { closeSync, ftruncateSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, runFactline, runFactlineSync, runInProcess } from '../../support/cli.ts';

describe('the executable (real child process)', () => {
  // @verifies cli#CLI-VERSION
  // @verifies cli#CLI-IO-ONLY
  it('prints the top-level help, a command help and the version, exit 0; no command is exit 2', async () => {
    const [top, command, version, none] = await Promise.all([
      runFactline(['--help']),
      runFactline(['lint', '--help']),
      runFactline(['--version']),
      runFactline([]),
    ]);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/^factline — spec-to-code traceability\n\nusage: factline <command>/);
    expect(command.code).toBe(0);
    expect(command.stdout).toContain('usage: factline lint [SPEC…] [--config FILE]');
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^factline \d+\.\d+\.\d+\n$/) });
    expect(none.code).toBe(2);
  });
});

describe('factline check (real child processes)', () => {
  // @verifies trace#GATE-EXIT-CODES
  // The bin wrapper's own exit codes, one real child process per code (run side by side).
  it('exits 0 on a clean project, 1 with error findings, 2 on a bad config or missing spec', async () => {
    const dir = copyFixture('clean');
    writeFileSync(join(dir, 'factline.config.json'), '{"sources": "src"}');
    const [clean, failing, bad] = await Promise.all([
      runFactline(['check'], copyFixture('clean')),
      runFactline(['check'], copyFixture('verified-not-implemented')),
      runFactline(['check'], dir),
    ]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('OK 7 facts');
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('specs/demo.md:7:1: error missing-implementation demo#WIRE-ONE');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('`sources` must be an array');
    const missing = await runInProcess(copyFixture('clean'), ['check', '--specs', 'specs/nope.md']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('specs/nope.md');
    const usage = await runInProcess(copyFixture('clean'), ['check', '--frobnicate']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('unknown option `--frobnicate`');
  });

  // @verifies trace#GATE-EXIT-CODES
  it('exits 2 naming a source file it cannot read, instead of skipping its citations (real child process)', async () => {
    const dir = copyFixture('clean');
    // Root reads any file whatever its mode, so unreadability comes from the file itself:
    // a sparse 513 MiB source is longer than V8 can hold as one string, for every user.
    const huge = join(dir, 'src/huge.ts');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 2 ** 29 + 2 ** 20);
    closeSync(fd);
    const r = runFactlineSync(dir, ['check', '--no-cache']);
    expect(r.stderr).toContain('cannot read src/huge.ts');
    expect(r.stderr).toContain('add it to `ignore`');
    expect(r.code).toBe(2);
    const locked = huge;
    // A file that is merely gone is still nothing to cite: the same tree without it passes.
    rmSync(locked);
    expect((await runInProcess(dir, ['check', '--no-cache'])).code).toBe(0);
  });
});
