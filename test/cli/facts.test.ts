/** `factline facts` in-process through runCli, on real files in a temp dir. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPO, runInProcess } from '../support/cli.ts';
import { tempDir } from '../support/temp.ts';

const run = (cwd: string, ...args: string[]) => runInProcess(cwd, args);

let dir: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
};

beforeEach(() => {
  dir = tempDir('facts');
});

describe('factline facts', () => {
  // @verifies reader#READ-FACTS-JSON
  it('--json lists facts of the config specs in path order with the contract fields', async () => {
    write('specs/b.md', '# B\n\n@status:impl/done\n\n[p01] @fact:B-ONE First of b. @status:test/done\n');
    write('specs/a/inner.md', '# A\n\n@fact:a-one `req r1`\n\n@fact:A-TWO Second. @status:impl/work\n');
    const r = await run(dir, 'facts', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.diagnostics).toEqual([]);
    expect(out.facts.map((f: { address: string }) => f.address)).toEqual([
      'a/inner#a-one',
      'a/inner#A-TWO',
      'b#B-ONE',
    ]);
    const b = out.facts[2];
    expect(b).toMatchObject({
      id: 'B-ONE',
      doc: 'b',
      file: 'specs/b.md',
      line: 5,
      label: 'p01',
      status: { stage: 'test', state: 'done' },
      text: 'First of b.',
    });
    expect(b.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(out.facts[0].label).toBeUndefined();
    // Deterministic: a second run prints the same bytes.
    expect((await run(dir, 'facts', '--json')).stdout).toBe(r.stdout);
  });

  // @verifies reader#READ-FACTS-JSON
  it('prints a readable table by default', async () => {
    write('specs/s.md', '# S\n\n@fact:ONLY-FACT Text. @status:impl/done\n');
    const r = await run(dir, 'facts');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^LOCATION\s+ADDRESS\s+STATUS/);
    expect(r.stdout).toMatch(/specs\/s\.md:3\s+s#ONLY-FACT\s+impl\/done/);
    expect(r.stdout).toMatch(/1 fact in 1 spec/);
  });

  // @verifies reader#READ-LOAD-SPECS
  it('a directory argument reads every .md beneath it, sorted', async () => {
    write('docs/z.md', '@fact:Z z');
    write('docs/deep/er/y.md', '@fact:Y y');
    write('docs/note.txt', '@fact:NOT-MARKDOWN t');
    const out = JSON.parse((await run(dir, 'facts', '--json', 'docs')).stdout);
    expect(out.facts.map((f: { file: string; id: string }) => `${f.file}:${f.id}`)).toEqual([
      'docs/deep/er/y.md:Y',
      'docs/z.md:Z',
    ]);
  });

  // @verifies reader#READ-LOAD-SPECS
  it('exit 2 naming a missing file', async () => {
    write('specs/ok.md', '@fact:OK ok');
    const r = await run(dir, 'facts', 'specs/ok.md', 'specs/missing.md');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('specs/missing.md');
    expect(r.stdout).toBe('');
  });

  // @verifies reader#READ-FACTS-JSON
  it('prints diagnostics on stderr and exits 1 when a spec has errors', async () => {
    write('specs/bad.md', '# Bad\n\n@fact:X text @status:impl/dnoe\n');
    const r = await run(dir, 'facts', '--json');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('specs/bad.md:3:27: error unknown-state unknown state `dnoe`');
    expect(r.stderr).toContain('did you mean `done`?');
    expect(JSON.parse(r.stdout).diagnostics).toMatchObject([{ code: 'unknown-state', line: 3, column: 27 }]);
  });

  // @verifies reader#READ-LOAD-SPECS
  // @verifies adoption#NO-CONFIG-NO-SPEC
  it('with no config and no spec exits 2 in one line naming init, never reading the bundled spec', async () => {
    const r = await run(dir, 'facts', '--json');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /no factline\.config\.json and no spec matches specs\/\*\*\/\*\.md .*`npx factline init`/,
    );
    expect(r.stderr).not.toContain('mcp-core');
  });

  // @verifies adoption#NO-CONFIG-NO-SPEC
  it('reads the bundled spec when asked for it by path', async () => {
    const r = await run(dir, 'facts', '--json', join(REPO, 'specs', 'mcp-core.md'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).facts).toHaveLength(34);
  });

  it('--help explains the command; unknown options are usage errors', async () => {
    const help = await run(dir, 'facts', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/usage: factline facts \[SPEC…\] \[--json\]/);
    const bad = await run(dir, 'facts', '--jsno');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--jsno');
  });
});
