/**
 * How often a vibevm-profile `check` lexes each Rust file, counted at the
 * Rust lexer itself (checks/scan/rust.ts `tokenize`, wrapped to count each
 * text it is given): the scan and the gates (orphan ratchet, freshness)
 * share one lexing per file, and a warm run, whose caches answer every
 * unchanged file, lexes none; its verdict is the uncached run's. A file
 * the scan pool's worker thread scanned is lexed there, once, and the gates
 * take what it read of it: this thread (whose lexer is the counted one)
 * lexes it not at all.
 */
import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { VibevmGateData } from '../../../checks/profiles/vibevm-gates.ts';
import { FileScanner } from '../../../checks/scan/dispatch.ts';
import { hashText } from '../../../engine/cache/citation-rows.ts';
import { loadConfig } from '../../../engine/config/load.ts';
import { listGateFiles } from '../../../engine/gate/files.ts';
import { startVibevmGates } from '../../../engine/gate/vibevm-gates.ts';
import { POOL_ENV, startScanPool } from '../../../engine/parallel/pool.ts';
import { runInProcess } from '../../support/cli.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const lexed = vi.hoisted(() => new Map<string, number>());
vi.mock('../../../checks/scan/rust.ts', async (original) => {
  const real = await original<typeof import('../../../checks/scan/rust.ts')>();
  return {
    ...real,
    tokenize: (text: string) => {
      lexed.set(text, (lexed.get(text) ?? 0) + 1);
      return real.tokenize(text);
    },
  };
});

const NS = 'org.example/demo';
const CREATE = `spec://${NS}/PROP-001#create`;

/** A vibevm-shaped project: every kind of Rust file the gates read, written a minute ago (settled for the caches). */
function project(): { dir: string; files: Record<string, string> } {
  const dir = tempDir('vibevm-lexed-once');
  const files: Record<string, string> = {
    'specmap.toml': `namespace = "${NS}"\nscan_roots = ["crates/*"]\nspec_roots = ["spec"]\n`,
    'spec/PROP-001-store.md':
      '# Store {#root}\n\n## Create {#create}\n\nCreating a store writes its folder.\n',
    // A committed map that lacks the test's edge: the freshness gate asks whether it stands in a macro body.
    'specmap.json': JSON.stringify({ spec_units: [], edges: [] }),
    // Gated, with a carrier: the scan lexes it.
    'crates/store/src/lib.rs': `#[spec(implements = "${CREATE}")]\npub fn create() {}\npub fn naked() {}\n`,
    // Gated, citing nothing: the scan never lexes it, the gates do.
    'crates/store/src/plain.rs': 'pub struct Plain;\nimpl Plain {}\n',
    // Gated, but under a folder the file listing leaves out (`**/fixtures/**`): no scan reads it.
    'crates/store/src/fixtures/data.rs': 'pub fn fixture() {}\n',
    // Not gated (tests/), citing from inside a macro call's body.
    'crates/store/tests/props.rs': `proptest! {\n    #[test]\n    #[verifies("${CREATE}")]\n    fn holds(x in 0..3u8) {}\n}\n`,
  };
  writeFiles(dir, files);
  const past = Date.now() / 1000 - 60;
  for (const path of Object.keys(files)) utimesSync(join(dir, path), past, past);
  return { dir, files };
}

const RUST = (files: Record<string, string>) => Object.keys(files).filter((f) => f.endsWith('.rs'));

/** `check --json --config specmap.toml ARGS` in this process; the times each Rust file's text was lexed. */
async function check(dir: string, files: Record<string, string>, ...args: string[]) {
  lexed.clear();
  const run = await runInProcess(dir, ['check', '--json', '--config', 'specmap.toml', ...args]);
  const counts = Object.fromEntries(RUST(files).map((f) => [f, lexed.get(files[f]!) ?? 0]));
  return { code: run.code, stdout: run.stdout, counts };
}

describe('the vibevm gates lex each Rust file once per run, and a warm run none', () => {
  // @verifies vibevm#ITEMS-LEXED-ONCE
  it('lexes every Rust file exactly once in an uncached run, gated or cited, scanned or not', async () => {
    const { dir, files } = project();
    const cold = await check(dir, files, '--no-cache');
    expect(cold.counts).toEqual(Object.fromEntries(RUST(files).map((f) => [f, 1])));
    const findings = JSON.parse(cold.stdout).findings as { rule: string; file: string; line: number }[];
    // The gates saw what the lexing gave: the untagged items, the fixture folder's included.
    expect(findings.filter((f) => f.rule === 'orphan-item').map((f) => `${f.file}:${f.line}`)).toEqual([
      'crates/store/src/fixtures/data.rs:1',
      'crates/store/src/lib.rs:3',
      'crates/store/src/plain.rs:1',
    ]);
    expect(cold.code).toBe(1);
  });

  // @verifies vibevm#ITEMS-CACHED-BY-CONTENT
  it('lexes nothing on a warm run, only an edited file after an edit, and answers as the uncached run', async () => {
    const { dir, files } = project();
    await check(dir, files); // fills the caches
    const warm = await check(dir, files);
    expect(warm.counts).toEqual(Object.fromEntries(RUST(files).map((f) => [f, 0])));
    expect(warm.stdout).toBe((await check(dir, files, '--no-cache')).stdout);

    // One gated file edited (a new untagged item), one the scan never reads, one the freshness gate reads.
    const edited = {
      ...files,
      'crates/store/src/plain.rs': 'pub struct Plain;\npub fn added() {}\n',
      'crates/store/src/fixtures/data.rs': 'pub fn fixture() {}\npub fn more() {}\n',
      'crates/store/tests/props.rs': `proptest! {\n\n    #[test]\n    #[verifies("${CREATE}")]\n    fn holds(x in 0..3u8) {}\n}\n`,
    };
    writeFiles(dir, edited);
    const after = await check(dir, edited);
    expect(after.counts).toEqual({
      'crates/store/src/lib.rs': 0,
      'crates/store/src/plain.rs': 1,
      'crates/store/src/fixtures/data.rs': 1,
      'crates/store/tests/props.rs': 1,
    });
    const uncached = await check(dir, edited, '--no-cache');
    expect(after.stdout).toBe(uncached.stdout);
    expect(after.stdout).toContain('`store::plain::added` (fn)');
    expect(after.stdout).toContain('`store::fixtures::data::more` (fn)');
  });
});

/** What the gates read, Sets as sorted arrays, and the macro-body answer for every line of every Rust file. */
function gateView(data: VibevmGateData, dir: string, rust: string[]) {
  const gated = data.gated.map((g) => ({ ...g, implAttributeLines: [...g.implAttributeLines].sort() }));
  const macro = rust.map((file) => {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n').length;
    return Array.from({ length: lines + 1 }, (_, line) => data.insideMacroBody(file, line));
  });
  return { gated, macro, map: data.map };
}

/** A vibevm-shaped project of `count` gated files in turn citing, plain, and citing from a macro body, plus a test file. */
function bigProject(count: number): { dir: string; files: Record<string, string> } {
  const dir = tempDir('vibevm-worker-items');
  const files: Record<string, string> = {
    'specmap.toml': `namespace = "${NS}"\nscan_roots = ["crates/*"]\nspec_roots = ["spec"]\n`,
    'spec/PROP-001-store.md':
      '# Store {#root}\n\n## Create {#create}\n\nCreating a store writes its folder.\n',
    'specmap.json': JSON.stringify({ spec_units: [], edges: [] }),
    'crates/store/tests/props.rs': `proptest! {\n    #[test]\n    #[verifies("${CREATE}")]\n    fn holds(x in 0..3u8) {}\n}\n`,
  };
  for (let i = 0; i < count; i++) {
    const crate = `c${i % 3}`;
    files[`crates/${crate}/src/m${i}.rs`] =
      i % 3 === 0
        ? `#[spec(implements = "${CREATE}")]\npub fn f${i}() {}\npub struct S${i};\n`
        : i % 3 === 1
          ? `pub fn plain${i}() {}\nimpl X {}\npub mod inner { pub enum E${i} {} }\n`
          : `quickcheck! {\n    // @implements ${CREATE}\n    fn p${i}() {}\n}\npub trait T${i} {}\n`;
  }
  writeFiles(dir, files);
  const past = Date.now() / 1000 - 60;
  for (const path of Object.keys(files)) utimesSync(join(dir, path), past, past);
  return { dir, files };
}

describe('the scan pool under the vibevm profile', () => {
  // @verifies vibevm#ITEMS-LEXED-ONCE
  // @verifies engine#WORKER-READS-GATE-ITEMS
  it('gives the gates what its worker read of each Rust file it scanned, and this thread lexes none of them', async () => {
    const { dir, files } = project();
    const rust = RUST(files);
    const config = loadConfig(dir, 'specmap.toml');
    const scanned = (await listGateFiles(config)).map((f) => f.file);
    expect(scanned).not.toContain('crates/store/src/fixtures/data.rs');

    // This thread scans every listed file: the gates hear its tokens.
    const here = (await startVibevmGates(config))!;
    const scanner = new FileScanner();
    scanner.rustListener = here.hear;
    for (const file of scanned) await scanner.scan(file, readFileSync(join(dir, file), 'utf8'));
    const alone = gateView(here.inputs(), dir, rust);

    // The worker scans every listed file (this thread claims none) and sends what the gates read.
    const gates = (await startVibevmGates(config))!;
    const pool = startScanPool(dir, scanned, undefined, {
      items: { modules: gates.modules, heard: gates.heardOnWorker },
    });
    await pool.sharedScanOf(scanned)!.done();
    pool.close();
    expect(pool.helped()).toBe(scanned.length);
    lexed.clear();
    const data = gates.inputs();
    // The freshness gate's question for the one line a citation stands on (the view below asks of every line).
    data.insideMacroBody('crates/store/tests/props.rs', 3);
    // Only the file no scan lists is lexed here, once; every file the worker scanned, not at all.
    expect(Object.fromEntries(rust.map((f) => [f, lexed.get(files[f]!) ?? 0]))).toEqual({
      'crates/store/src/lib.rs': 0,
      'crates/store/src/plain.rs': 0,
      'crates/store/src/fixtures/data.rs': 1,
      'crates/store/tests/props.rs': 0,
    });
    const withWorker = gateView(data, dir, rust);
    expect(withWorker).toEqual(alone);
    expect(withWorker.gated.map((g) => g.file)).toContain('crates/store/src/plain.rs');
  }, 60_000);

  // @verifies vibevm#ITEMS-CACHED-BY-CONTENT
  it('keeps what the worker read of each file under the hash of the text it read, so the next run lexes none', async () => {
    const { dir, files } = bigProject(30);
    const config = loadConfig(dir, 'specmap.toml');
    const cacheDir = tempDir('vibevm-worker-cache');
    const scanned = (await listGateFiles(config)).map((f) => f.file);
    const gates = (await startVibevmGates(config, cacheDir))!;
    // A cache-filling pool: the worker sends each file's content hash with its items.
    const pool = startScanPool(dir, scanned, undefined, {
      record: true,
      items: { modules: gates.modules, heard: gates.heardOnWorker },
    });
    await pool.sharedScanOf(scanned)!.done();
    pool.close();
    expect(pool.helped()).toBe(scanned.length);
    const first = gates.inputs();
    gates.save();
    // The next run knows each file's hash from its scan cache, and finds every file's items under it.
    const next = (await startVibevmGates(config, cacheDir))!;
    lexed.clear();
    const texts = new Map(scanned.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    const second = next.inputs((file) => (texts.has(file) ? hashText(texts.get(file)!) : undefined));
    second.insideMacroBody('crates/c2/src/m2.rs', 2);
    expect(Object.values(files).filter((text) => lexed.has(text))).toEqual([]);
    const rust = RUST(files);
    expect(gateView(second, dir, rust)).toEqual(gateView(first, dir, rust));
  }, 60_000);

  // @verifies engine#WORKER-READS-GATE-ITEMS
  // @verifies engine#SAME-JSON
  it('prints what the run without the worker prints: uncached, filling the cache, and warm without lexing', async () => {
    const { dir, files } = bigProject(240);
    const off = { [POOL_ENV]: 'off' };
    const always = { [POOL_ENV]: 'always' };
    const json = ['check', '--json', '--config', 'specmap.toml'];
    const alone = await runInProcess(dir, [...json, '--no-cache'], { env: off });
    expect(alone.stdout).toContain('orphan-item');
    const pooled = await runInProcess(dir, [...json, '--no-cache'], { env: always });
    expect([pooled.code, pooled.stdout, pooled.stderr]).toEqual([alone.code, alone.stdout, alone.stderr]);
    // The first cached run fills the caches from both threads; the next lexes nothing and answers the same.
    const filling = await runInProcess(dir, json, { env: always });
    expect([filling.code, filling.stdout]).toEqual([alone.code, alone.stdout]);
    const warm = await check(dir, files);
    expect([warm.code, warm.stdout]).toEqual([alone.code, alone.stdout]);
    expect(Object.values(warm.counts).every((n) => n === 0)).toBe(true);
  }, 120_000);
});
