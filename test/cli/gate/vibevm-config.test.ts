/**
 * A vibevm-style project on disk (fixtures/vibevm-mini): its own
 * specmap.toml as the config, the vibevm policy, baseline and ratchet; and a
 * project whose globs reach no code (fixtures/nothing-cited).
 */
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { brief, checkJson, copyFixture, runInProcess } from '../../support/cli.ts';

const dirs: string[] = [];
function fixture(name: string): string {
  const dir = copyFixture(name);
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('--config specmap.toml', () => {
  // @verifies engine#SPECMAP-CONFIG
  // @verifies trace#POLICY-AS-CONFIG
  it('reads the namespace, roots, excludes and external specs, and applies the vibevm policy', async () => {
    const dir = fixture('vibevm-mini');
    const { code, result } = await checkJson(dir, ['--config', 'specmap.toml']);
    // vibevm's gates raise none of these: a pin into a fact, and status against evidence, are notes.
    expect(code).toBe(0);
    // WRITES-ARE-ATOMIC is still shown missing its test, but vibevm holds no fact to evidence: no gap.
    expect(result.facts.find((f) => f.id === 'WRITES-ARE-ATOMIC')?.state).toBe('missing-verification');
    expect(result.summary.gaps).toBe(0);
    expect(result.citations.map((c) => `${c.file}:${c.line} ${c.verb} ${c.symbol} ${c.counted}`)).toEqual([
      'crates/idx-core/src/lib.rs:2 scope idx_core true',
      'crates/idx-core/src/lib.rs:6 implements idx_core::flat true',
      'schemas/layout.jtd.json:1 implements layout true',
    ]);
    // spec/WAL.md is excluded; spec/GONE.md matches nothing and says so at its config line.
    expect(result.units?.some((u) => u.file === 'spec/WAL.md')).toBe(false);
    expect(result.units?.map((u) => u.uri)).toContain('spec://org.example/mini/modules/idx/PROP-005#layout');
    expect(brief(result)).toEqual([
      'crates/idx-core/src/lib.rs:6:1 pin-into-unmarked-unit modules/idx/PROP-005-index#LAYOUT-IS-FLAT',
      'spec/modules/idx/PROP-005-index.md:9:1 status-against-evidence modules/idx/PROP-005-index#WRITES-ARE-ATOMIC',
      // No specmap.json is committed: vibevm's `specmap --check` would stop there (a warning here).
      'specmap.toml:1:1 stale-specmap -',
      'specmap.toml:6:1 stale-exclude -',
    ]);
  });

  it('names file, line and column of broken TOML and exits 2', async () => {
    const dir = fixture('vibevm-mini');
    writeFileSync(join(dir, 'specmap.toml'), 'namespace = "a"\nscan_roots = [\n');
    const r = await runInProcess(dir, ['check', '--config', 'specmap.toml', '--no-cache']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/specmap\.toml:\d+:\d+: invalid TOML/);
  });
});

describe('factline.config.json with a namespace and a policy table', () => {
  // @verifies scanner#JSDOC-SPEC-TAG
  // @verifies trace#POLICY-AS-CONFIG
  // @verifies trace#UNITS-CARRY-URI
  it('JSDoc @spec citations resolve by canonical short id; describe/it in a source file is test code', async () => {
    const { code, result } = await checkJson(fixture('jsdoc-namespace'));
    expect(code).toBe(0);
    expect(
      result.citations.map((c) => `${c.verb} ${c.uri} ${c.pin ?? '-'} ${c.inTest} ${c.counted}`),
    ).toEqual([
      'implements spec://org.example/web/FEAT-012#SESSION-EXPIRES r2 false true',
      'verifies spec://org.example/web/FEAT-012#LOGOUT-CLEARS - true true',
    ]);
    // The table asks only an implementation of impl/done and only a verification of test/done.
    expect(result.facts.map((f) => `${f.id} ${f.required.join('+') || '-'} ${f.state}`)).toEqual([
      'req-sessions - service',
      'SESSION-EXPIRES implementation implemented',
      'LOGOUT-CLEARS verification verified',
    ]);
    expect(result.units?.map((u) => u.uri)).toContain('spec://org.example/web/FEAT-012#sessions');
  });

  it('a policy that is neither a preset nor a table is a config error naming the presets', async () => {
    const dir = fixture('jsdoc-namespace');
    const path = join(dir, 'factline.config.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/"policy": \{[^}]*\}/, '"policy": "strictest"'));
    const r = await runInProcess(dir, ['check', '--no-cache']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '`policy` must be one of "factline", "vibevm" or an object, not the string "strictest"',
    );
  });
});

describe('baseline and ratchet', () => {
  // @verifies trace#BASELINE-RATCHET
  it('check --baseline fails only on new findings and reports a baselined one that is gone', async () => {
    const dir = fixture('vibevm-mini');
    const written = await runInProcess(dir, [
      'baseline',
      '--config',
      'specmap.toml',
      '--out',
      'base.json',
      '--no-cache',
    ]);
    expect(written.code).toBe(0);
    expect(written.stdout).toContain('wrote 3 finding(s) to base.json');
    expect(existsSync(join(dir, 'base.json'))).toBe(true);

    const args = ['--config', 'specmap.toml', '--baseline', 'base.json'];
    const same = await checkJson(dir, args);
    expect(same.code).toBe(0);
    // Infos are never baselined: vibevm's status against evidence stays on every run.
    const gated = (r: Parameters<typeof brief>[0]) =>
      brief(r).filter((l) => !l.includes('status-against-evidence'));
    expect(gated(same.result)).toEqual([]);

    // A new problem fails the run, and only it is reported.
    const lib = join(dir, 'crates/idx-core/src/lib.rs');
    appendFileSync(
      lib,
      '\n#[spec(implements = "spec://org.example/mini/modules/idx/PROP-005#NO-SUCH")]\npub fn more() {}\n',
    );
    const worse = await checkJson(dir, args);
    expect(worse.code).toBe(1);
    expect(gated(worse.result)).toEqual(['crates/idx-core/src/lib.rs:14:1 unknown-fact -']);

    // Fixing a baselined finding passes and says the baseline can shrink.
    writeFileSync(
      lib,
      readFileSync(lib, 'utf8').split(
        '\n#[spec(implements = "spec://org.example/mini/modules/idx/PROP-005#NO-SUCH")]',
      )[0]!,
    );
    writeFileSync(lib, readFileSync(lib, 'utf8').replace(',\n    r = 1\n', '\n'));
    const better = await checkJson(dir, args);
    expect(better.code).toBe(0);
    expect(
      better.result.findings
        .filter((f) => f.rule !== 'status-against-evidence')
        .map((f) => `${f.rule} ${f.severity} ${f.fact ?? '-'}`),
    ).toEqual(['baseline-gone info modules/idx/PROP-005-index#LAYOUT-IS-FLAT']);
  });

  it('a file that is not a baseline is a usage error naming it', async () => {
    const dir = fixture('vibevm-mini');
    writeFileSync(join(dir, 'base.json'), '{"findings": 3}');
    const r = await runInProcess(dir, [
      'check',
      '--config',
      'specmap.toml',
      '--baseline',
      'base.json',
      '--no-cache',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('base.json: not a factline baseline');
  });
});

describe('no silent green', () => {
  // @verifies trace#NO-SILENT-GREEN
  it('globs that reach no code give a warning naming them, not a quiet pass', async () => {
    const { result } = await checkJson(fixture('nothing-cited'));
    const warning = result.findings.find((f) => f.rule === 'nothing-cited');
    expect(warning).toMatchObject({ severity: 'warning', file: 'factline.config.json' });
    expect(warning?.message).toContain('scr/**/*.ts, tset/**/*.ts');
  });
});
