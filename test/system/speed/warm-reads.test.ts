/**
 * What a warm `factline check` reads, through the real CLI (a child process
 * of bin/factline.js with every whole-file read logged by
 * fixtures/read-log.mjs): no source or test file whose stat is unchanged,
 * and after an edit exactly the edited files, with the `--no-cache` output.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../../support/cli.ts';
import { tempDir } from '../../support/temp.ts';

const READ_LOG = join(import.meta.dirname, 'fixtures', 'read-log.mjs');
const FILES = 40;

/** A green project of FILES code files, each citing its own fact; every fifth a test. */
function project(): string {
  const dir = tempDir('warm-reads');
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write(
    'factline.config.json',
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
  const facts = Array.from(
    { length: FILES },
    (_, i) => `@fact:F-${i} @requires:${i % 5 === 0 ? 'verification' : 'implementation'} Case ${i}.\n`,
  );
  write('specs/app.md', `# App\n\n@status:impl/done\n\n${facts.join('\n')}`);
  for (let i = 0; i < FILES; i++) write(codeFile(i), codeText(i, `F-${i}`));
  return dir;
}

const codeFile = (i: number) => (i % 5 === 0 ? `test/m${i % 3}/f${i}.test.ts` : `src/m${i % 3}/f${i}.ts`);
const codeText = (i: number, fact: string) =>
  i % 5 === 0
    ? `it('case ${i}', () => {\n  // @verifies app#${fact}\n});\n`
    : `// @implements app#${fact}\nexport const f${i} = ${i};\n`;

/** `factline check --json` in `dir` (cached unless told); the code files (under `code`: src/, test/) it read. */
function check(dir: string, ...args: string[]): { code: number | null; stdout: string; read: string[] } {
  return checkReading(/^(?:src|test)\//, dir, ...args);
}

function checkReading(
  code: RegExp,
  dir: string,
  ...args: string[]
): { code: number | null; stdout: string; read: string[] } {
  const log = join(dir, 'reads.log');
  const run = spawnSync(process.execPath, ['--import', READ_LOG, BIN, 'check', '--json', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, FACTLINE_READ_LOG: log, NO_COLOR: '1' },
  });
  const read = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((path) => relative(dir, path).split('\\').join('/'))
    .filter((path) => code.test(path));
  return { code: run.status, stdout: run.stdout, read: [...new Set(read)].sort() };
}

/** Past the scan cache's racy window (engine#RACY-CLEAN): what was written before now is vouched for by its stat. */
const settle = () => new Promise((r) => setTimeout(r, 2_300));

describe('a warm check reads only what changed (real process)', () => {
  // @verifies engine#STAT-KEYED-SCAN-CACHE
  // @verifies engine#WARM-READS-ONLY-CHANGED-FILES
  it('reads no code file when nothing changed, and exactly the edited ones after an edit', async () => {
    const dir = project();
    await settle();
    const cold = check(dir, '--no-cache');
    expect(cold.code).toBe(0);
    expect(cold.read).toHaveLength(FILES); // the counter sees every read of an uncached run
    check(dir); // fills the cache
    const warm = check(dir);
    expect(warm.read).toEqual([]);
    expect(warm.stdout).toBe(cold.stdout);
    // Two edits: one cites a fact that does not exist, one a test moved to another fact.
    const edited = [codeFile(7), codeFile(10)];
    writeFileSync(join(dir, edited[0]!), codeText(7, 'NOPE'));
    writeFileSync(join(dir, edited[1]!), codeText(10, 'F-11'));
    const after = check(dir);
    expect(after.read).toEqual([...edited].sort());
    expect(after.stdout).toBe(check(dir, '--no-cache').stdout);
    expect(after.code).toBe(1);
    expect(JSON.parse(after.stdout).findings.map((f: { rule: string }) => f.rule)).toContain('unknown-fact');
  }, 60_000);

  // @verifies vibevm#ITEMS-CACHED-BY-CONTENT
  // @verifies vibevm#COMMITTED-MAP-CACHED
  it('under the vibevm profile reads no Rust file and no map when nothing changed, gated or not, scanned or not', async () => {
    const ns = 'org.example/demo';
    const create = `spec://${ns}/PROP-001#create`;
    const dir = tempDir('warm-reads-vibevm');
    const files: Record<string, string> = {
      'specmap.toml': `namespace = "${ns}"\nscan_roots = ["crates/*"]\nspec_roots = ["spec"]\n`,
      'spec/PROP-001-store.md':
        '# Store {#root}\n\n## Create {#create}\n\nCreating a store writes its folder.\n',
      // Lacks the test's edge: the freshness gate asks whether it stands in a macro call's body.
      'specmap.json': JSON.stringify({ spec_units: [], edges: [] }),
      'crates/store/src/lib.rs': `#[spec(implements = "${create}")]\npub fn create() {}\npub fn naked() {}\n`,
      'crates/store/src/plain.rs': 'pub struct Plain;\n',
      // Gated, and left out of the file listing (`**/fixtures/**`): the gates alone read it.
      'crates/store/src/fixtures/data.rs': 'pub fn fixture() {}\n',
      'crates/store/tests/props.rs': `proptest! {\n    #[test]\n    #[verifies("${create}")]\n    fn holds(x in 0..3u8) {}\n}\n`,
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    await settle();
    const rust = Object.keys(files)
      .filter((f) => f.endsWith('.rs'))
      .sort();
    const vv = (...args: string[]) =>
      checkReading(/^(?:crates\/|specmap\.json$)/, dir, '--config', 'specmap.toml', ...args);
    const cold = vv('--no-cache');
    expect(cold.read).toEqual([...rust, 'specmap.json']);
    expect(cold.code).toBe(1); // the orphans and the stale map
    vv(); // fills the caches
    const warm = vv();
    expect(warm.read).toEqual([]);
    expect(warm.stdout).toBe(cold.stdout);
    const edited = ['crates/store/src/fixtures/data.rs', 'crates/store/src/plain.rs'];
    writeFileSync(join(dir, edited[0]!), 'pub fn fixture() {}\npub fn more() {}\n');
    writeFileSync(join(dir, edited[1]!), 'pub struct Plain;\npub fn added() {}\n');
    const after = vv();
    expect(after.read).toEqual(edited);
    expect(after.stdout).toBe(vv('--no-cache').stdout);
    expect(after.stdout).toContain('`store::plain::added` (fn)');
    // An edited map is read again, and judged as the uncached run judges it (the edits above settled first).
    await settle();
    vv();
    const edge = { file: 'crates/store/src/lib.rs', line: 1, verb: 'implements', uri: create };
    writeFileSync(join(dir, 'specmap.json'), JSON.stringify({ spec_units: [], edges: [edge] }));
    const mapEdited = vv();
    expect(mapEdited.read).toEqual(['specmap.json']);
    expect(mapEdited.stdout).toBe(vv('--no-cache').stdout);
    expect(mapEdited.stdout).not.toBe(after.stdout);
  }, 60_000);
});
