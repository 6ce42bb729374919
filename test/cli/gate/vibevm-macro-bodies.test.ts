/**
 * The freshness gate's macro-body question on gated files: a gated file
 * citing from inside a `proptest! { … }` body gives no drift for that edge
 * (vibevm's scanner cannot read there), one citing outside does, and a gated
 * file citing nothing (whose macro calls are not searched) changes nothing;
 * cold, filling the cache and warm alike.
 */
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const NS = 'org.example/demo';
const CREATE = `spec://${NS}/PROP-001#create`;

function project(): string {
  const dir = tempDir('vibevm-macro-bodies');
  const files: Record<string, string> = {
    'specmap.toml': `namespace = "${NS}"\nscan_roots = ["crates/*"]\nspec_roots = ["spec"]\n`,
    'spec/PROP-001-store.md':
      '# Store {#root}\n\n## Create {#create}\n\nCreating a store writes its folder.\n',
    'specmap.json': JSON.stringify({ spec_units: [], edges: [] }),
    // Gated: one citation outside any macro call (line 1), one inside a proptest! body (line 5).
    'crates/store/src/lib.rs': `#[spec(implements = "${CREATE}")]\npub fn create() {}\n\nproptest! {\n    #[verifies("${CREATE}")]\n    fn holds(x in 0..3u8) {}\n}\n`,
    // Gated, citing nothing, with a macro call over several lines.
    'crates/store/src/plain.rs': 'pub struct Plain;\nmacro_call! {\n    a,\n    b\n}\n',
  };
  writeFiles(dir, files);
  const past = Date.now() / 1000 - 60;
  for (const path of Object.keys(files)) utimesSync(join(dir, path), past, past);
  return dir;
}

async function staleMessage(dir: string, ...args: string[]): Promise<string> {
  const run = await runInProcess(dir, ['check', '--json', '--config', 'specmap.toml', ...args]);
  const findings = JSON.parse(run.stdout).findings as { rule: string; message: string }[];
  return findings.find((f) => f.rule === 'stale-specmap')?.message ?? '';
}

describe('macro-body lines of gated Rust files', () => {
  // @verifies vibevm#MACRO-BODIES-ONLY-WHERE-CITED
  it('leave an edge inside a macro body out of the drift, cold, filling the cache and warm', async () => {
    const dir = project();
    const cold = await staleMessage(dir, '--no-cache');
    expect(cold).toContain('crates/store/src/lib.rs:1 implements');
    expect(cold).not.toContain('crates/store/src/lib.rs:5');
    expect(cold).toContain('1 edge(s) the map lacks');
    expect(await staleMessage(dir)).toBe(cold);
    expect(await staleMessage(dir)).toBe(cold);
  });
});
