/**
 * Writers lose no byte: `gen` and `pin` stay inside the project root, see
 * hand edits behind symlinks, change only the pin's bytes, keep owner, mode
 * and hard links (or refuse with a reason) and clean up after killed runs.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli.ts';
import { GEN_CONFIG, tempDir, tempProject } from '../../support/temp.ts';

/** A project with a spec, two templates and the config that generates from them. */
function genProject(): string {
  return tempProject(
    {
      'specs/doc.md': '# Doc\n\n@fact:ONE One holds. @status:impl/done\n',
      'templates/one.ts.hbs': 'export const one = 1;\n',
      'templates/two.ts.hbs': 'export const two = 2;\n',
      'factline.config.json': GEN_CONFIG,
    },
    ['src', 'test'],
  );
}

/** A project whose one citation has a stale pin, in a Latin-1 source file. */
function pinProject(): { dir: string; file: string; before: Buffer } {
  const dir = tempProject(
    {
      'specs/doc.md': '# Doc\n\n@fact:ONE One holds. @status:impl/done\n',
      'test/a.test.ts': "it('a', () => {\n  // @verifies doc#ONE\n});\n",
      'factline.config.json': '{"sources": ["src/**/*"], "tests": ["test/**/*"]}',
    },
    ['src'],
  );
  const file = join(dir, 'src', 'a.ts');
  const before = Buffer.concat([
    Buffer.from('// caf\xe9 na\xefve \xff\xfe\r\n', 'latin1'),
    Buffer.from('// @implements doc#ONE~00000000\r\nexport const a = "\xe9";\r\n', 'latin1'),
  ]);
  writeFileSync(file, before);
  return { dir, file, before };
}

const pinBytes = (bytes: Buffer) => /~([0-9a-f]{8})/.exec(bytes.toString('latin1'))![1]!;

describe('gen', () => {
  // @verifies engine#WRITERS-FOLLOW-LINKS-WITHIN-ROOT
  it('sees a hand edit behind a symlinked output and refuses to overwrite it', async () => {
    const dir = genProject();
    expect((await runInProcess(dir, ['gen'])).code).toBe(0);
    mkdirSync(join(dir, 'kept'));
    writeFileSync(join(dir, 'kept', 'two.ts'), readFileSync(join(dir, 'generated', 'two.ts')));
    rmSync(join(dir, 'generated', 'two.ts'));
    symlinkSync('../kept/two.ts', join(dir, 'generated', 'two.ts'));
    writeFileSync(
      join(dir, 'kept', 'two.ts'),
      `${readFileSync(join(dir, 'kept', 'two.ts'), 'utf8')}// mine\n`,
    );
    const check = await runInProcess(dir, ['gen', '--check']);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('generated-hand-edit');
    expect(check.stdout).not.toContain('missing');
    const run = await runInProcess(dir, ['gen']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('was edited by hand');
    expect(readFileSync(join(dir, 'kept', 'two.ts'), 'utf8')).toContain('// mine');
  });

  // @verifies engine#WRITERS-REFUSE-OUTSIDE-ROOT
  it('refuses to write through a symlink out of the project root: exit 2, the outside file untouched', async () => {
    const dir = genProject();
    const outside = tempDir('outside');
    mkdirSync(join(dir, 'generated'));
    writeFileSync(join(outside, 'one.ts'), 'precious\n');
    symlinkSync(join(outside, 'one.ts'), join(dir, 'generated', 'one.ts'));
    const run = await runInProcess(dir, ['gen', '--force']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/generated\/one\.ts links to .*one\.ts, which is outside the project root/);
    expect(readFileSync(join(outside, 'one.ts'), 'utf8')).toBe('precious\n');
    expect(readdirSync(join(dir, 'generated'))).toEqual(['one.ts']);
  });

  // @verifies engine#WRITERS-CLEAN-STALE-TEMP
  it("removes a killed run's temp files, and leaves a running writer's alone", async () => {
    const dir = genProject();
    mkdirSync(join(dir, 'generated', 'sub'), { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const stale = [
      join(dir, 'generated', `.factline-gen-${dead}-0badf00d.tmp`),
      join(dir, 'generated', 'sub', `.factline-gen-${dead}-1badf00d.tmp`),
    ];
    const live = join(dir, 'generated', `.factline-gen-${process.pid}-2badf00d.tmp`);
    for (const f of [...stale, live]) writeFileSync(f, 'half a fi');
    expect((await runInProcess(dir, ['gen'])).code).toBe(0);
    expect(readdirSync(join(dir, 'generated'), { recursive: true }).sort()).toEqual([
      `.factline-gen-${process.pid}-2badf00d.tmp`,
      'one.ts',
      'sub',
      'two.ts',
    ]);
  });
});

describe('pin', () => {
  // @verifies engine#PIN-EDITS-BYTES-IN-PLACE
  it('changes only the pin bytes of a Latin-1 CRLF file; the gate is then green as uncached', async () => {
    const { dir, file, before } = pinProject();
    expect((await runInProcess(dir, ['check', '--no-cache'])).code).toBe(1);
    const run = await runInProcess(dir, ['pin']);
    expect(run.code).toBe(0);
    const after = readFileSync(file);
    const pin = pinBytes(after);
    expect(pin).not.toBe('00000000');
    expect(after.length).toBe(before.length);
    expect(Buffer.from(after.toString('latin1').replace(pin, '00000000'), 'latin1').equals(before)).toBe(
      true,
    );
    const cached = await runInProcess(dir, ['check', '--json']);
    expect(cached.code).toBe(0);
    expect(cached.stdout).toBe((await runInProcess(dir, ['check', '--json', '--no-cache'])).stdout);
  });

  // @verifies engine#WRITERS-REFUSE-OUTSIDE-ROOT
  it('refuses to re-pin a file outside the project root, exit 2, nothing written', async () => {
    const { dir } = pinProject();
    const outside = tempDir('outside');
    writeFileSync(join(outside, 'x.ts'), '// @implements doc#ONE~00000000\nexport const x = 1;\n');
    writeFileSync(
      join(dir, 'factline.config.json'),
      JSON.stringify({ sources: ['src/**/*', `${join(outside, '*.ts')}`], tests: ['test/**/*'] }),
    );
    const before = readFileSync(join(dir, 'src', 'a.ts'));
    const run = await runInProcess(dir, ['pin']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/x\.ts is outside the project root .*; refusing to write it; nothing written/);
    expect(readFileSync(join(outside, 'x.ts'), 'utf8')).toContain('~00000000');
    expect(readFileSync(join(dir, 'src', 'a.ts')).equals(before)).toBe(true);
  });

  // @verifies engine#WRITERS-KEEP-OWNER-MODE-LINKS
  it('keeps owner and mode, and refuses a hard-linked file with the reason', async () => {
    const { dir, file } = pinProject();
    chmodSync(file, 0o751);
    const root = process.getuid?.() === 0;
    if (root) chownSync(file, 1234, 2345);
    expect((await runInProcess(dir, ['pin'])).code).toBe(0);
    const st = statSync(file);
    expect(st.mode & 0o777).toBe(0o751);
    if (root) expect([st.uid, st.gid]).toEqual([1234, 2345]);

    const linked = pinProject();
    linkSync(linked.file, join(linked.dir, 'twin.ts'));
    const run = await runInProcess(linked.dir, ['pin']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('has 2 hard links; replacing it would split them');
    expect(readFileSync(linked.file).equals(linked.before)).toBe(true);
    expect(statSync(linked.file).ino).toBe(statSync(join(linked.dir, 'twin.ts')).ino);
  });
});
