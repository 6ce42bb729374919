/** `factline explain REF`: the fact and every citation of it. */
import { describe, expect, it } from 'vitest';
import { copyFixture, runInProcess } from '../support/cli.ts';

describe('factline explain', () => {
  // @verifies trace#GATE-EXPLAIN
  it('prints text, status, digest and every citation with file:line and enclosing symbol', async () => {
    const r = await runInProcess(copyFixture('clean'), ['explain', 'demo#WIRE-ONE']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('demo#WIRE-ONE');
    expect(r.stdout).toContain('specs/demo.md:7:1');
    expect(r.stdout).toContain('impl/done');
    expect(r.stdout).toContain('cite as demo#WIRE-ONE~dae7779d');
    expect(r.stdout).toContain('The server reads one line at a time.');
    expect(r.stdout).toContain('src/wire.ts:1:4  @implements ~dae7779d  function readLine  [counts]');
    expect(r.stdout).toContain('src/reader.rs:1:4  @implements  crate::reader::read_line  [counts]');
    expect(r.stdout).toContain(
      'test/wire.test.ts:2:6  @verifies ~dae7779d  describe "wire" > it "reads one line"',
    );
  });

  it('shows why a citation does not count', async () => {
    const r = await runInProcess(copyFixture('stale-citation'), ['explain', 'WIRE-ONE']);
    expect(r.stdout).toContain(
      'src/wire.ts:1:4  @implements ~00000000  function readLine  [does not count: stale-citation]',
    );
    expect(r.stdout).toMatch(/state\s+missing-implementation/);
  });

  // @verifies trace#GATE-EXPLAIN
  it('exits 2 with a did-you-mean for an unknown reference', async () => {
    const r = await runInProcess(copyFixture('clean'), ['explain', 'demo#WIRE-ONN']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown fact `demo#WIRE-ONN`');
    expect(r.stderr).toContain('did you mean demo#WIRE-ONE');
  });
});
