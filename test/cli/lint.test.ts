/** `factline lint` in-process through runCli, on real files in a temp dir. */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.ts';
import { tempDir } from '../support/temp.ts';

const fixtures = fileURLToPath(new URL('../unit/reader/fixtures/', import.meta.url));

const run = (cwd: string, ...args: string[]) => runInProcess(cwd, args);

let dir: string;
beforeEach(() => {
  dir = tempDir('lint');
  mkdirSync(join(dir, 'specs'));
});

describe('factline lint', () => {
  // @verifies reader#READ-LINT-CLI
  it('exit 0 and a one-line summary on clean specs', async () => {
    copyFileSync(join(fixtures, 'clean.md'), join(dir, 'specs/clean.md'));
    const r = await run(dir, 'lint');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok: \d+ facts in 1 spec, no problems\n$/);
  });

  // @verifies reader#READ-LINT-CLI
  it('exit 1 with every problem as file:line:col: error CODE message, then its fix', async () => {
    copyFileSync(join(fixtures, 'five-problems.md'), join(dir, 'specs/five.md'));
    const r = await run(dir, 'lint', 'specs/five.md');
    expect(r.code).toBe(1);
    const heads = r.stdout.split('\n').filter((l) => /^specs\/five\.md:\d+:\d+: error /.test(l));
    expect(heads.map((l) => l.split(' ').slice(0, 3).join(' '))).toEqual([
      'specs/five.md:8:32: error unknown-state',
      'specs/five.md:10:45: error marker-mid-unit',
      'specs/five.md:12:1: error stranded-marker',
      'specs/five.md:14:1: error duplicate-id',
      'specs/five.md:16:3: error empty-id',
    ]);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('  fix: '))).toHaveLength(5);
    expect(r.stdout).toMatch(/5 problems \(5 errors\) in 1 spec/);
  });

  it('a directory argument lints every .md beneath it', async () => {
    writeFileSync(join(dir, 'specs/one.md'), '@fact:A text @status:impl/done\n');
    mkdirSync(join(dir, 'specs/sub'));
    writeFileSync(join(dir, 'specs/sub/two.md'), 'prose @status:impl/done\n');
    const r = await run(dir, 'lint', 'specs');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('specs/sub/two.md:1:7: error marked-unit-without-anchor');
    expect(r.stdout).toMatch(/in 2 specs/);
  });

  it('exit 2 naming a missing path', async () => {
    const r = await run(dir, 'lint', 'specs/nowhere.md');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('specs/nowhere.md');
  });

  // Root reads any file whatever its mode, so unreadability comes from the path itself:
  // a file used as a directory fails with ENOTDIR for every user.
  it('exit 2 naming an unreadable path', async () => {
    writeFileSync(join(dir, 'specs/plain.md'), '@fact:A a\n');
    const r = await run(dir, 'lint', 'specs/plain.md/inner.md');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('specs/plain.md/inner.md');
    expect(r.stdout).toBe('');
  });

  it('--help lists the diagnostic codes', async () => {
    const r = await run(dir, 'lint', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('usage: factline lint');
    expect(r.stdout).toContain('swallowed-anchor');
  });
});
