/**
 * Every rule of the gate against a fixture project where it fires (exact
 * fact and place) and the clean fixture where none does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brief, checkJson, copyFixture, runInProcess } from '../../support/cli.ts';

describe('the clean fixture', () => {
  // @verifies trace#GATE-POLICY-TABLE
  it('passes with no finding: pending, service, void-uncited, requires-implementation and deviated facts all hold', async () => {
    const { code, result } = await checkJson(copyFixture('clean'));
    expect(result.findings).toEqual([]);
    expect(code).toBe(0);
    const state = Object.fromEntries(result.facts.map((f) => [f.id, f.state]));
    expect(state).toEqual({
      'WIRE-ONE': 'verified',
      'WIRE-TWO': 'verified',
      'WIRE-LATER': 'pending',
      'wire-note': 'service',
      'WIRE-GONE': 'void',
      'WIRE-CODE-ONLY': 'implemented',
      'WIRE-BENT': 'deviated',
    });
    const required = Object.fromEntries(result.facts.map((f) => [f.id, f.required]));
    expect(required['WIRE-CODE-ONLY']).toEqual(['implementation']);
    expect(required['WIRE-LATER']).toEqual([]);
  });

  // @verifies scanner#GATE-SCAN-OTHER-LANGUAGES
  it('counts Rust and Python comment citations but never their string contents', async () => {
    const { result } = await checkJson(copyFixture('clean'));
    const others = result.citations.filter((c) => !c.file.endsWith('.ts'));
    expect(others.map((c) => `${c.file}:${c.line} ${c.ref} ${c.symbol}`)).toEqual([
      'src/reader.rs:1 demo#WIRE-ONE crate::reader::read_line',
      'src/tool.py:1 demo#WIRE-TWO function write',
    ]);
    expect(result.citations.some((c) => c.id.startsWith('NOT-') || c.id.startsWith('NOR-'))).toBe(false);
  });

  it('under --strict a service unit needs evidence like a normative fact', async () => {
    const { code, result } = await checkJson(copyFixture('clean'), ['--strict']);
    expect(code).toBe(1);
    expect(brief(result)).toEqual([
      'specs/demo.md:13:1 missing-implementation demo#wire-note',
      'specs/demo.md:13:1 missing-verification demo#wire-note',
    ]);
  });
});

describe('missing evidence, both halves', () => {
  // @verifies trace#GATE-MISSING-VERIFICATION
  it('a fact implemented but not verified raises missing-verification only', async () => {
    const { code, result } = await checkJson(copyFixture('implemented-not-verified'));
    expect(code).toBe(1);
    expect(brief(result)).toEqual(['specs/demo.md:7:1 missing-verification demo#WIRE-ONE']);
    expect(result.facts.find((f) => f.id === 'WIRE-ONE')?.state).toBe('missing-verification');
  });

  // @verifies trace#GATE-MISSING-IMPLEMENTATION
  it('a fact verified but not implemented raises missing-implementation only', async () => {
    const { code, result } = await checkJson(copyFixture('verified-not-implemented'));
    expect(code).toBe(1);
    expect(brief(result)).toEqual(['specs/demo.md:7:1 missing-implementation demo#WIRE-ONE']);
    expect(result.facts.find((f) => f.id === 'WIRE-ONE')?.state).toBe('missing-implementation');
  });
});

describe('evidence citations cannot show', () => {
  // @verifies trace#GATE-POLICY-TABLE
  it('missing-evidence warns at a fact that @requires documentation, and the gate still passes', async () => {
    const { code, result } = await checkJson(copyFixture('missing-evidence'));
    expect(brief(result)).toEqual(['specs/demo.md:9:1 missing-evidence demo#WIRE-DOCS']);
    expect(result.findings[0]!.severity).toBe('warning');
    expect(result.findings[0]!.message).toContain('requires documentation');
    const docs = result.facts.find((f) => f.id === 'WIRE-DOCS')!;
    expect(docs.required).toEqual(['implementation', 'documentation']);
    expect(docs.state).toBe('implemented');
    expect(code).toBe(0);
  });

  // @verifies trace#GATE-POLICY-TABLE
  it('missing-evidence stays silent when @requires lists only traced evidence', async () => {
    const dir = copyFixture('missing-evidence');
    const spec = join(dir, 'specs/demo.md');
    writeFileSync(
      spec,
      readFileSync(spec, 'utf8').replace(
        '@requires:implementation,documentation',
        '@requires:implementation',
      ),
    );
    const { code, result } = await checkJson(dir);
    expect(result.findings).toEqual([]);
    expect(result.facts.find((f) => f.id === 'WIRE-DOCS')!.required).toEqual(['implementation']);
    expect(code).toBe(0);
  });
});

describe('citation rules', () => {
  // @verifies trace#GATE-UNKNOWN-AND-AMBIGUOUS
  it('unknown-fact names the citation place and suggests the nearest id', async () => {
    const { code, result } = await checkJson(copyFixture('unknown-fact'));
    expect(code).toBe(1);
    expect(brief(result)).toEqual(['src/wire.ts:11:4 unknown-fact -', 'src/wire.ts:14:4 unknown-fact -']);
    expect(result.findings[0]!.fix).toContain('did you mean `demo#WIRE-ONE`');
    expect(result.findings[1]!.message).toContain('no loaded spec is named `other`');
  });

  // @verifies trace#GATE-UNKNOWN-AND-AMBIGUOUS
  it('ambiguous-fact fires for a bare id defined twice and lists both addresses; the qualified one counts', async () => {
    const { code, result } = await checkJson(copyFixture('ambiguous-fact'));
    expect(code).toBe(1);
    expect(brief(result)).toEqual(['src/shared.ts:4:4 ambiguous-fact -']);
    expect(result.findings[0]!.fix).toContain('`a#SHARED` or `b#SHARED`');
    expect(result.facts.find((f) => f.address === 'a#SHARED')?.state).toBe('verified');
  });

  // @verifies trace#GATE-STALE-PIN-STOPS-COUNTING
  it('stale-citation fires for a wrong digest pin and an old revision pin, and the stale one stops counting', async () => {
    const { code, result } = await checkJson(copyFixture('stale-citation'));
    expect(code).toBe(1);
    expect(brief(result)).toEqual([
      'specs/demo.md:9:1 missing-implementation demo#WIRE-ONE',
      'src/wire.ts:1:4 stale-citation demo#WIRE-ONE',
      'src/wire.ts:7:6 stale-citation demo#WIRE-TWO',
    ]);
    expect(result.findings[1]!.message).toContain('The server reads one line at a time.');
    expect(result.findings[2]!.message).toContain('now ~r2');
    // The current r2 pin and the matching digest pin still count.
    expect(result.facts.find((f) => f.id === 'WIRE-TWO')?.state).toBe('verified');
  });

  // @verifies trace#GATE-MISPLACED-CITATION
  it('misplaced-citation fires for @verifies in a source and @implements in a test', async () => {
    const { code, result } = await checkJson(copyFixture('misplaced-citation'));
    expect(code).toBe(1);
    expect(brief(result)).toEqual([
      'src/wire.ts:11:4 misplaced-citation demo#WIRE-ONE',
      'test/wire.test.ts:9:4 misplaced-citation demo#WIRE-TWO',
    ]);
  });

  // @verifies trace#GATE-DEVIATION-NEEDS-REASON
  it('deviation-without-reason fires and the bare deviation does not stand in for the implementation', async () => {
    const { code, result } = await checkJson(copyFixture('deviation-without-reason'));
    expect(code).toBe(1);
    expect(brief(result)).toEqual([
      'specs/demo.md:9:1 missing-implementation demo#WIRE-TWO',
      'src/wire.ts:6:4 deviation-without-reason demo#WIRE-TWO',
    ]);
  });

  // @verifies trace#GATE-VOID-FACT-CITED
  it('void-fact-cited fires where the void fact is cited', async () => {
    const { code, result } = await checkJson(copyFixture('void-fact-cited'));
    expect(code).toBe(1);
    expect(brief(result)).toEqual(['src/wire.ts:11:4 void-fact-cited demo#WIRE-GONE']);
  });

  // @verifies trace#GATE-STATUS-BEHIND-EVIDENCE
  it('status-behind-evidence is an info finding at the fact and does not fail the gate', async () => {
    const { code, result } = await checkJson(copyFixture('status-behind-evidence'));
    expect(code).toBe(0);
    expect(brief(result)).toEqual(['specs/demo.md:11:1 status-behind-evidence demo#WIRE-LATER']);
    expect(result.findings[0]!.severity).toBe('info');
  });

  // @verifies trace#GATE-SPEC-DIAGNOSTICS-ARE-FINDINGS
  it("the reader's diagnostics become findings at their place", async () => {
    const dir = copyFixture('spec-diagnostic');
    const { code, result } = await checkJson(dir);
    expect(code).toBe(1);
    // The rule is the reader's own code, the one `factline lint` prints.
    expect(brief(result)).toEqual(['specs/demo.md:11:1 duplicate-id -']);
    expect(result.findings[0]!.message).not.toContain('[duplicate-id]');
    expect(result.findings[0]!.fix).toBeTruthy();
    const lint = await runInProcess(dir, ['lint']);
    expect(lint.stdout + lint.stderr).toContain('specs/demo.md:11:1: error duplicate-id');
    const human = await runInProcess(dir, ['check', '--no-cache']);
    expect(human.stdout).toContain('specs/demo.md:11:1: error duplicate-id ');
  });
});
