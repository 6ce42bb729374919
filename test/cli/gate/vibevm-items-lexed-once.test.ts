/**
 * How often a vibevm-profile `check` lexes each Rust file, counted at the
 * Rust lexer itself (checks/scan/rust.ts `tokenize`, wrapped to count each
 * text it is given): the scan and the gates (orphan ratchet, freshness)
 * share one lexing per file, and a warm run, whose caches answer every
 * unchanged file, lexes none; its verdict is the uncached run's.
 */
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
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
