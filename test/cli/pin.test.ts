/** Editing a cited fact makes pinned citations stale; `factline pin` re-stamps them after review. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkJson, copyFixture, runInProcess } from '../support/cli.ts';

describe('pins after a fact changes', () => {
  // @verifies trace#GATE-STALE-PIN-STOPS-COUNTING
  // @verifies trace#GATE-PIN-RESTAMPS
  it('pinned citations go stale and stop counting, unpinned keep counting, pin clears them', async () => {
    const dir = copyFixture('clean');
    const spec = join(dir, 'specs/demo.md');
    writeFileSync(
      spec,
      readFileSync(spec, 'utf8').replace('reads one line at a time', 'reads one framed line at a time'),
    );

    const before = await checkJson(dir);
    expect(before.code).toBe(1);
    expect(before.result.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      'specs/demo.md:7 missing-verification',
      'src/wire.ts:1 stale-citation',
      'test/wire.test.ts:2 stale-citation',
    ]);
    expect(before.result.findings[1]!.message).toContain('reads one framed line at a time');
    const one = before.result.facts.find((f) => f.id === 'WIRE-ONE')!;
    // The unpinned Rust citation still implements it; the only test was pinned, so verification is gone.
    expect(one.state).toBe('missing-verification');
    expect(
      before.result.citations.filter((c) => c.resolved === 'demo#WIRE-ONE' && c.counted).map((c) => c.file),
    ).toEqual(['src/reader.rs']);

    const pinned = await runInProcess(dir, ['pin']);
    expect(pinned.code).toBe(0);
    const digest = one.digest.slice(0, 8);
    expect(pinned.stdout).toContain(`src/wire.ts:1:4: demo#WIRE-ONE ~dae7779d -> ~${digest}`);
    expect(pinned.stdout).toContain(`test/wire.test.ts:2:6: demo#WIRE-ONE ~dae7779d -> ~${digest}`);
    expect(readFileSync(join(dir, 'src/wire.ts'), 'utf8').split('\n')[0]).toBe(
      `// @implements demo#WIRE-ONE~${digest}`,
    );

    const after = await checkJson(dir);
    expect(after.result.findings).toEqual([]);
    expect(after.code).toBe(0);
    expect((await runInProcess(dir, ['pin'])).stdout).toBe('no stale pins\n');
  });

  // @verifies trace#GATE-PIN-RESTAMPS
  it('re-stamps only the named facts, revision pins as revisions, and refuses unknown refs', async () => {
    const dir = copyFixture('stale-citation');
    const onlyTwo = await runInProcess(dir, ['pin', 'demo#WIRE-TWO']);
    expect(onlyTwo.stdout).toBe('src/wire.ts:7:6: demo#WIRE-TWO ~r1 -> ~r2\nre-pinned 1 citation(s)\n');
    const text = readFileSync(join(dir, 'src/wire.ts'), 'utf8');
    expect(text).toContain('// @implements demo#WIRE-ONE~00000000');
    expect(text).toContain('// @implements demo#WIRE-TWO~r2\n  write()');
    const unknown = await runInProcess(dir, ['pin', 'demo#NOPE']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown fact');
  });

  // @verifies trace#GATE-PIN-RESTAMPS
  it('turns a revision pin into a digest pin when no kind line governs the fact', async () => {
    const dir = copyFixture('clean');
    const src = join(dir, 'src/wire.ts');
    writeFileSync(
      src,
      readFileSync(src, 'utf8').replace('// @implements WIRE-TWO', '// @implements WIRE-TWO~r1'),
    );
    const before = await checkJson(dir);
    expect(before.code).toBe(1);
    const stale = before.result.findings.filter((f) => f.rule === 'stale-citation');
    expect(stale.map((f) => `${f.file}:${f.line}`)).toEqual(['src/wire.ts:9']);
    const digest = before.result.facts.find((f) => f.id === 'WIRE-TWO')!.digest.slice(0, 8);
    expect(stale[0]!.fix).toContain(`digest pin ~${digest}`);

    const pinned = await runInProcess(dir, ['pin']);
    expect(pinned.code).toBe(0);
    expect(pinned.stdout).toBe(`src/wire.ts:9:6: demo#WIRE-TWO ~r1 -> ~${digest}\nre-pinned 1 citation(s)\n`);
    expect(readFileSync(src, 'utf8')).toContain(`// @implements WIRE-TWO~${digest}\n`);
    const after = await checkJson(dir);
    expect(after.result.findings).toEqual([]);
    expect(after.code).toBe(0);
  });

  it('never stamps a citation of an unknown fact', async () => {
    const dir = copyFixture('unknown-fact');
    const src = join(dir, 'src/wire.ts');
    writeFileSync(src, `${readFileSync(src, 'utf8')}// @implements demo#WIRE-ONN~12345678\n`);
    const before = readFileSync(src, 'utf8');
    expect((await runInProcess(dir, ['pin'])).stdout).toBe('no stale pins\n');
    expect(readFileSync(src, 'utf8')).toBe(before);
  });
});
