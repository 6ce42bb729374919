/**
 * vibevm's gates beyond resolve and the progress lints, through the CLI on a
 * small vibevm-shaped project: the orphan ratchet, the freshness of the
 * committed specmap.json, the checks that follow the engine the tree builds,
 * and `spec://` arguments resolved in the config's namespace.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTree, writeBeyondPathLimit } from '../../../support/adversarial-cases.ts';
import { checkJson, runFactlineSync, runInProcess } from '../../support/cli.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-vibevm-gates-'));
  dirs.push(dir);
  write(dir, files);
  return dir;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const NS = 'org.example/demo';
const SPECMAP = `namespace = "${NS}"\nscan_roots = ["crates/*"]\nspec_roots = ["spec"]\n`;
const SPEC = '# Store {#root}\n\n## Create {#create}\n\nCreating a store writes its folder.\n';
const CREATE = `spec://${NS}/PROP-001#create`;

/** The map vibevm's specmap writes for the store project below (its one edge, its two units). */
const FRESH_MAP = {
  edges: [
    {
      file: 'crates/store/src/lib.rs',
      from_symbol: 'store::create',
      line: 1,
      uri: CREATE,
      verb: 'implements',
    },
  ],
  spec_units: [
    { anchor: 'root', file: 'spec/PROP-001-store.md', line: 1, uri: `spec://${NS}/PROP-001#root` },
    { anchor: 'create', file: 'spec/PROP-001-store.md', line: 3, uri: CREATE },
  ],
};

const rules = (result: Awaited<ReturnType<typeof checkJson>>['result'], rule: string) =>
  result.findings.filter((f) => f.rule === rule).map((f) => `${f.file}:${f.line} ${f.severity} ${f.message}`);

describe("vibevm's orphan ratchet", () => {
  // @verifies vibevm#ORPHAN-RATCHET
  it('fails on each untagged public item of a gated crate, and not on what the ratchet leaves alone', async () => {
    const lib = [
      `#[spec(implements = "${CREATE}")]`,
      'pub fn create() {}',
      'pub fn naked() {}',
      'pub(crate) fn internal() {}',
      'fn private() {}',
      'pub struct Store;',
      `#[spec(implements = "${CREATE}")]`,
      'impl Store { pub fn open() {} }',
      '#[cfg(test)]',
      'pub mod tests { pub fn helper() {} }',
      'pub mod inner {',
      '    pub enum Mode { A }',
      '}',
      'pub const LIMIT: u32 = 3;',
      'macro_rules! m { () => { pub fn hidden() {} } }',
      '',
    ].join('\n');
    const dir = project({
      'specmap.toml': SPECMAP,
      'spec/PROP-001-store.md': SPEC,
      'crates/store/src/lib.rs': lib,
      'crates/store/src/generated/wire.rs': 'pub struct Wire;\n',
      'crates/store/tests/it.rs': 'pub fn not_gated() {}\n',
      'crates/other/src/lib.rs': `specmark::scope!("${CREATE}");\npub fn covered() {}\n`,
    });
    const { code, result } = await checkJson(dir, ['--config', 'specmap.toml']);
    expect(rules(result, 'orphan-item')).toEqual([
      "crates/store/src/lib.rs:3 error `store::naked` (fn) is a public item of gated crate `store` with no spec edge (vibevm's orphan ratchet)",
      // The citation on the impl names the impl: the struct is still untagged.
      "crates/store/src/lib.rs:6 error `store::Store` (struct) is a public item of gated crate `store` with no spec edge (vibevm's orphan ratchet)",
      "crates/store/src/lib.rs:12 error `store::inner::Mode` (enum) is a public item of gated crate `store` with no spec edge (vibevm's orphan ratchet)",
    ]);
    expect(code).toBe(1);

    // An exempt crate is not gated; a dispositioned orphan is reported and does not fail.
    write(dir, {
      'specmap.toml': `${SPECMAP}exempt = ["other"]\ndispositioned = [\n  { symbol = "store::naked", debt = "DBT-1" },\n  { symbol = "store::Store", debt = "DBT-2" },\n  { symbol = "store::inner::Mode", debt = "DBT-3" },\n]\n`,
    });
    const allowed = await checkJson(dir, ['--config', 'specmap.toml']);
    expect(rules(allowed.result, 'orphan-item').map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'crates/store/src/lib.rs:3 info',
      'crates/store/src/lib.rs:6 info',
      'crates/store/src/lib.rs:12 info',
    ]);
    expect(allowed.code).toBe(0);
  });
});

describe("the ratchet's gated files", () => {
  // @verifies engine#UNREADABLE-FILES-ARE-NOT-SILENT
  it('stop the run, naming the folder, when a folder of a gated crate cannot be listed, even one the scan skips', () => {
    const lib = `#[spec(implements = "${CREATE}")]\npub fn create() {}\n`;
    const dir = project({
      // The scan leaves the deep folder alone; the ratchet still gates every file under src/.
      'specmap.toml': `${SPECMAP}spec_exclude = ["crates/store/src/d*/**"]\n`,
      [`spec/PROP-001-store.md`]: SPEC,
      'crates/store/src/lib.rs': lib,
    });
    const green = runFactlineSync(dir, ['check', '--no-cache', '--config', 'specmap.toml']);
    expect(green.stderr).not.toContain('cannot list');
    expect(green.code).toBe(0);
    // An untagged public item under a path past the OS limit.
    writeBeyondPathLimit(join(dir, 'crates/store/src'), 'deep.rs', 'pub fn naked() {}\n');
    const run = runFactlineSync(dir, ['check', '--no-cache', '--config', 'specmap.toml']);
    expect(run.stderr).toMatch(
      /^factline check: cannot list \/.*\/crates\/store\/src\/d{250}\/.*ENAMETOOLONG.*or add its crate to `exempt` in the config\n$/s,
    );
    expect(run.code).toBe(2);
    removeTree(dir);
  });
});

describe("vibevm's freshness gate (the committed specmap.json)", () => {
  // @verifies vibevm#MAP-FRESHNESS
  it('passes while the map holds the units and edges, fails once the spec moves, and reads no proptest! edge as drift', async () => {
    const map = { ...FRESH_MAP, warnings: [] };
    const dir = project({
      'specmap.toml': SPECMAP,
      'specmap.json': JSON.stringify(map, null, 2),
      'spec/PROP-001-store.md': SPEC,
      'crates/store/src/lib.rs': `#[spec(implements = "${CREATE}")]\npub fn create() {}\n`,
      // vibevm's scanner does not parse a macro call's body: an edge there is factline's alone, not drift.
      'crates/store/tests/props.rs': `proptest! {\n    #[test]\n    #[verifies("${CREATE}")]\n    fn holds(x in 0u8..) {}\n}\n`,
    });
    const fresh = await checkJson(dir, ['--config', 'specmap.toml']);
    expect(rules(fresh.result, 'stale-specmap')).toEqual([]);
    expect(fresh.code).toBe(0);

    write(dir, { 'spec/PROP-001-store.md': SPEC.replace('## Create', 'Intro.\n\n## Create') });
    const moved = await checkJson(dir, ['--config', 'specmap.toml']);
    expect(rules(moved.result, 'stale-specmap')).toEqual([
      `specmap.json:1 error specmap.json is out of date relative to the tree: 1 unit(s) the map lacks, 1 unit(s) the tree no longer has there, 0 edge(s) the map lacks, 0 edge(s) the tree no longer has (+unit ${CREATE} @spec/PROP-001-store.md:5; -unit ${CREATE} @spec/PROP-001-store.md:3)`,
    ]);
    expect(moved.code).toBe(1);
  });
});

describe("vibevm's freshness gate on a map it cannot read", () => {
  const map = FRESH_MAP;
  const text = JSON.stringify(map, null, 2);
  const tree = () =>
    project({
      'specmap.toml': SPECMAP,
      'specmap.json': text,
      'spec/PROP-001-store.md': SPEC,
      'crates/store/src/lib.rs': `#[spec(implements = "${CREATE}")]\npub fn create() {}\n`,
    });
  const check = (dir: string) => runInProcess(dir, ['check', '--no-cache', '--config', 'specmap.toml']);

  // @verifies vibevm#MAP-UNREADABLE-STOPS
  it('stops the run at every cut of the map JSON.parse rejects, naming the line and column, and judges every cut it accepts', async () => {
    const dir = tree();
    let rejected = 0;
    // Every fifth cut of the map's text, and the whole: JSON.parse is the oracle of which ones are JSON at all.
    for (
      let cut = 0;
      cut <= text.length;
      cut += cut + 5 > text.length && cut < text.length ? text.length - cut : 5
    ) {
      const piece = text.slice(0, cut);
      write(dir, { 'specmap.json': piece });
      let json = true;
      try {
        JSON.parse(piece);
      } catch {
        json = false;
      }
      const run = await check(dir);
      if (json) {
        expect(run.code, `cut ${cut}`).not.toBe(2);
        continue;
      }
      rejected++;
      expect(run.code, `cut ${cut}`).toBe(2);
      const place =
        /^factline check: specmap\.json:(\d+):(\d+): not valid JSON: .*; write it again with vibevm's specmap engine/.exec(
          run.stderr,
        );
      expect(place, `cut ${cut}: ${run.stderr}`).not.toBeNull();
      // The place lies inside the text, or just past its end where the text stops short.
      const lines = piece.split('\n');
      const line = Number(place![1]);
      expect(line).toBeLessThanOrEqual(lines.length);
      expect(Number(place![2])).toBeLessThanOrEqual(lines[line - 1]!.length + 1);
    }
    expect(rejected).toBeGreaterThan(20);
  });

  // @verifies vibevm#MAP-UNREADABLE-STOPS
  it('stops the run naming the field when a field the gate compares has another type, and on a map that is no file', async () => {
    const dir = tree();
    const wrongs: [string, (m: typeof map) => unknown][] = [
      ['specmap.json must be an object', () => [map]],
      ['specmap.json.spec_units must be an array', (m) => ({ ...m, spec_units: {} })],
      ['specmap.json.edges must be an array', (m) => ({ ...m, edges: 'none' })],
      [
        'specmap.json.spec_units[0].line must be an integer',
        (m) => ({ ...m, spec_units: [{ ...m.spec_units[0], line: '3' }] }),
      ],
      [
        'specmap.json.spec_units[0].uri must be a string',
        (m) => ({ ...m, spec_units: [{ ...m.spec_units[0], uri: 7 }] }),
      ],
      [
        'specmap.json.edges[0].verb must be a string',
        (m) => ({ ...m, edges: [{ ...m.edges[0], verb: null }] }),
      ],
      [
        'specmap.json.edges[0].pinned_r must be an integer',
        (m) => ({ ...m, edges: [{ ...m.edges[0], pinned_r: 1.5 }] }),
      ],
    ];
    for (const [message, make] of wrongs) {
      write(dir, { 'specmap.json': JSON.stringify(make(map)) });
      const run = await check(dir);
      expect(run.stderr, message).toContain(`factline check: ${message}`);
      expect(run.code, message).toBe(2);
    }
    // The untouched map: fields vibevm writes beyond those compared are left alone.
    write(dir, { 'specmap.json': text });
    expect((await check(dir)).code).toBe(0);

    rmSync(join(dir, 'specmap.json'));
    mkdirSync(join(dir, 'specmap.json'));
    const folder = runFactlineSync(dir, ['check', '--no-cache', '--config', 'specmap.toml']);
    expect(folder.stderr).toMatch(
      /^factline check: cannot read specmap\.json: EISDIR.*; make it a readable file/,
    );
    expect(folder.code).toBe(2);
    // No map at all is what vibevm's own check also stops on, and factline cannot write one: a warning.
    rmSync(join(dir, 'specmap.json'), { recursive: true });
    const absent = await checkJson(dir, ['--config', 'specmap.toml']);
    expect(rules(absent.result, 'stale-specmap')).toEqual([
      "specmap.toml:1 warning no specmap.json is committed beside it: vibevm's `specmap --check` fails until one is written",
    ]);
    expect(absent.code).toBe(0);
  });

  // @verifies engine#UNREADABLE-FILES-ARE-NOT-SILENT
  it('stops the run when a scan_roots folder of crates cannot be listed, and lists none where there is no such folder', async () => {
    const dir = tree();
    write(dir, {
      'specmap.toml': `${SPECMAP.replace('scan_roots = ["crates/*"]', `scan_roots = ["crates/*", "${'x'.repeat(5000)}/*", "absent/*"]`)}`,
    });
    const run = await check(dir);
    expect(run.stderr).toMatch(
      /^factline check: cannot list x{5000} \(a scan_roots entry\): ENAMETOOLONG.*; make it readable, or change scan_roots\n$/s,
    );
    expect(run.code).toBe(2);
    write(dir, {
      'specmap.toml': `${SPECMAP.replace('scan_roots = ["crates/*"]', 'scan_roots = ["crates/*", "absent/*"]')}`,
    });
    expect((await check(dir)).code).toBe(0);
  });
});

describe('checks that follow the engine the tree builds', () => {
  const long = Array.from({ length: 130 }, (_, i) => `Line ${i}.`).join('\n');
  const files = (engineHasCheck: boolean) => ({
    'specmap.toml': SPECMAP,
    'spec/PROP-001-store.md': `${SPEC}\n## Long {#long}\n\n${long}\n`,
    'Cargo.toml': '[workspace.dependencies]\nspecmap-core = { path = "engine/specmap" }\n',
    'engine/specmap/src/config.rs': engineHasCheck
      ? 'pub struct Config { pub max_section_lines: usize }\n'
      : 'pub struct Config { pub exempt: Vec<String> }\n',
    'spec/data.xml': '<other/>\n',
  });

  // @verifies vibevm#LONG-SECTION-BY-ENGINE
  it('raises long-section and xml-dialect only when the tree’s own specmap engine has them', async () => {
    const older = await checkJson(project(files(false)), ['--config', 'specmap.toml']);
    expect(rules(older.result, 'long-section')).toEqual([]);
    expect(rules(older.result, 'xml-dialect')).toEqual([]);

    const today = project({ ...files(true), 'engine/specmap/src/xmlspec.rs': '// reads XML\n' });
    const newer = await checkJson(today, ['--config', 'specmap.toml']);
    expect(rules(newer.result, 'long-section').map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'spec/PROP-001-store.md:7 warning',
    ]);
    expect(rules(newer.result, 'xml-dialect')).toHaveLength(1);

    // specmap.toml's max_section_lines sets the threshold; 0 turns the check off.
    write(today, { 'specmap.toml': `${SPECMAP}max_section_lines = 0\n` });
    const off = await checkJson(today, ['--config', 'specmap.toml']);
    expect(rules(off.result, 'long-section')).toEqual([]);
  });

  // @verifies vibevm#RESOLVE-GATE-BY-DRIVER
  it('fails on an unresolved citation into its own namespace only when the tree’s driver has the resolve gate', async () => {
    const base = {
      'specmap.toml': SPECMAP,
      'spec/PROP-001-store.md': SPEC,
      'crates/store/src/lib.rs': `#[spec(implements = "spec://${NS}/PROP-001#gone")]\npub fn create() {}\n`,
    };
    const before = await checkJson(
      project({ ...base, 'xtask/src/specmap.rs': 'pub fn run_specmap() {}\n' }),
      ['--config', 'specmap.toml'],
    );
    expect(rules(before.result, 'unknown-fact').map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'crates/store/src/lib.rs:1 warning',
    ]);
    expect(before.code).toBe(0);
    const after = await checkJson(
      project({ ...base, 'xtask/src/specmap.rs': 'fn run_resolve_gate() {}\npub fn run_specmap() {}\n' }),
      ['--config', 'specmap.toml'],
    );
    expect(after.code).toBe(1);
  });
});

describe('spec:// arguments in the config’s namespace', () => {
  // @verifies vibevm#REF-ARGUMENTS-IN-NAMESPACE
  it('explain and impact take a spec:// address of the project’s namespace, the default one too', async () => {
    const dir = project({
      'specmap.toml': SPECMAP,
      'spec/PROP-001-store.md': `${SPEC}\n@fact:WRITES Creating writes a folder.\n`,
      'crates/store/src/lib.rs': `#[spec(implements = "spec://${NS}/PROP-001#WRITES")]\npub fn create() {}\n`,
    });
    const explained = await runInProcess(dir, [
      'explain',
      `spec://${NS}/PROP-001#WRITES`,
      '--config',
      'specmap.toml',
    ]);
    expect(explained.stderr).toBe('');
    expect(explained.stdout.split('\n')[0]).toBe('PROP-001-store#WRITES');
    expect(explained.code).toBe(0);
    const impact = await runInProcess(dir, [
      'impact',
      `spec://${NS}/PROP-001#WRITES`,
      '--config',
      'specmap.toml',
    ]);
    expect(impact.code).toBe(0);
    expect(impact.stdout).toContain('crates/store/src/lib.rs');

    // A specmap.toml without `namespace` mints under spec://vibevm/…: so does the argument.
    write(dir, { 'specmap.toml': 'scan_roots = ["crates/*"]\nspec_roots = ["spec"]\n' });
    const byDefault = await runInProcess(dir, [
      'explain',
      'spec://vibevm/PROP-001#WRITES',
      '--config',
      'specmap.toml',
    ]);
    expect(byDefault.code).toBe(0);
    const unknown = await runInProcess(dir, [
      'explain',
      'spec://vibevm/PROP-009#WRITES',
      '--config',
      'specmap.toml',
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no loaded spec is named `PROP-009` in namespace `vibevm`');
  });
});
