/** `factline explain REF`: the fact and every citation of it; `explain RULE`: the rule as its unit declares it. */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_UNITS, type RuleUnit } from '../../checks/rules/index.ts';
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

describe('factline explain RULE', () => {
  // @verifies trace#EXPLAIN-RULE
  it('prints every registered rule as its unit declares it (--json), exit 0', async () => {
    const project = copyFixture('clean');
    for (const unit of RULE_UNITS as readonly RuleUnit[]) {
      const r = await runInProcess(project, ['explain', unit.id, '--json']);
      expect(r.code, unit.id).toBe(0);
      const m = unit.meta;
      expect(JSON.parse(r.stdout), unit.id).toEqual({
        rule: unit.id,
        severity: m.severity,
        description: m.description,
        help: m.help,
        fix: m.fix,
        scope: m.scope,
        optIn: m.optIn === true,
        retired: m.retired === true,
        options: m.options ?? {},
      });
    }
  });

  // @verifies trace#EXPLAIN-RULE
  it('says what --changed judges, the options with the config entry that sets them, and the fix', async () => {
    const project = copyFixture('clean');
    const many = await runInProcess(project, ['explain', 'too-many-implementations']);
    expect(many.code).toBe(0);
    expect(many.stdout).toMatch(/severity +warning by default/);
    expect(many.stdout).toMatch(/opt-in +runs only when the config's "rules" names it/);
    expect(many.stdout).toMatch(
      /judged +needs every file: `check --changed` leaves it to the full `factline check`/,
    );
    expect(many.stdout).toMatch(
      /options +max: integer ≥ 1, default 1; the most implementing sites a fact may have/,
    );
    expect(many.stdout).toContain('"rules": {"too-many-implementations": ["error", {"max": 2}]}');
    const stale = await runInProcess(project, ['explain', 'stale-citation']);
    expect(stale.stdout).toMatch(
      /judged +one citation at a time: `check --changed` judges it in the files it scans/,
    );
    expect(stale.stdout).toMatch(/options +none/);
    expect(stale.stdout).toContain(
      'fix: review the code against the fact as it now reads, then run `factline pin DOC#ID`',
    );
  });

  // @verifies trace#EXPLAIN-RULE
  it("shows the fact when a fact has the rule's id, and names the nearest rule for a near miss", async () => {
    const project = copyFixture('clean');
    appendFileSync(
      join(project, 'specs', 'demo.md'),
      '\n@fact:stale-citation A service unit that happens to share a rule id.\n',
    );
    const fact = await runInProcess(project, ['explain', 'stale-citation']);
    expect(fact.code).toBe(0);
    expect(fact.stdout).toContain('demo#stale-citation');
    expect(fact.stdout).not.toContain('(rule)');
    const near = await runInProcess(project, ['explain', 'nothing-citd']);
    expect(near.code).toBe(2);
    expect(near.stderr).toContain('unknown fact `nothing-citd`');
    expect(near.stderr).toContain('`factline explain nothing-cited`');
  });
});
