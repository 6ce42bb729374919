/**
 * vibevm's `.xml` specs against their Markdown sources, on real files: vibevm
 * materialises packages in its XML dialect (`vibedeps/<group>.<name>/<v>/`,
 * `.vibe-derived.toml` says `output_format = "xml"`), converted from the
 * Markdown of `packages/<group>/<name>/v<v>/`. vibevm's XML reader promises
 * the units its Markdown reader gives the same document, so for each such
 * package this runs `factline check --config specmap.toml --json` on the
 * `spec/` tree of both forms (one namespace, no code) and prints, side by
 * side, the unit uris and revisions each form mints and where they differ.
 *
 *   node --import tsx bench/vibevm-xml-twins.ts --git VIBEVM.git [COMMIT]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFactline } from './vibevm-compare-core.ts';

const args = process.argv.slice(2);
if (args[0] !== '--git' || args[1] === undefined) {
  console.log('usage: node --import tsx bench/vibevm-xml-twins.ts --git VIBEVM.git [COMMIT]');
  process.exit(2);
}
const git = args[1];
const commit = args[2] ?? 'HEAD';
const run = (...a: string[]) => spawnSync('git', ['-C', git, ...a], { encoding: 'utf8', maxBuffer: 1 << 28 });

/** The `spec/` tree of `path` at the commit, written under `out` with a one-namespace specmap.toml. */
function extract(path: string, out: string): boolean {
  mkdirSync(out, { recursive: true });
  const archive = spawnSync('git', ['-C', git, 'archive', commit, `${path}/spec`], { maxBuffer: 1 << 28 });
  if (archive.status !== 0) return false;
  spawnSync('tar', ['-x', '-C', out, `--strip-components=${path.split('/').length}`], {
    input: archive.stdout,
  });
  writeFileSync(join(out, 'specmap.toml'), 'namespace = "twin"\nscan_roots = []\nspec_roots = ["spec"]\n');
  return true;
}

const slots = run('ls-tree', '-d', '--name-only', commit, 'vibedeps/')
  .stdout.split('\n')
  .filter(Boolean)
  .flatMap((d) => run('ls-tree', '-d', '--name-only', commit, `${d}/`).stdout.split('\n').filter(Boolean))
  .filter((slot) => /output_format = "xml"/.test(run('show', `${commit}:${slot}/.vibe-derived.toml`).stdout));

const work = mkdtempSync(join(tmpdir(), 'vibevm-xml-twins-'));
const total = { xml: 0, md: 0, both: 0, onlyXml: 0, onlyMd: 0, revXml: 0, revMd: 0 };
console.log(`vibevm ${commit}: ${slots.length} packages materialised as .xml`);
console.log(
  '  package                                        xml units  md units    both  only-xml  only-md  revisions xml/md',
);
try {
  for (const slot of slots) {
    const [, coordinate, version] = slot.split('/') as [string, string, string];
    const dot = coordinate.lastIndexOf('.', coordinate.lastIndexOf('.') - 1);
    const group = coordinate.slice(0, coordinate.indexOf('.', dot + 1));
    const name = coordinate.slice(group.length + 1);
    const source = `packages/${group}/${name}/v${version}`;
    const x = join(work, `${coordinate}-xml`);
    const m = join(work, `${coordinate}-md`);
    if (!extract(slot, x) || !extract(source, m)) {
      console.log(`  ${coordinate.padEnd(46)} (no spec/ in ${slot} or ${source})`);
      continue;
    }
    const units = (dir: string) => {
      const { json } = runFactline(dir);
      const minted = (json.units ?? []).filter((u) => u.uri !== undefined);
      return {
        uris: new Set(minted.map((u) => u.uri!)),
        revisions: minted.filter((u) => u.revision !== undefined).length,
      };
    };
    const ux = units(x);
    const um = units(m);
    const both = [...ux.uris].filter((u) => um.uris.has(u)).length;
    const row = {
      xml: ux.uris.size,
      md: um.uris.size,
      both,
      onlyXml: ux.uris.size - both,
      onlyMd: um.uris.size - both,
      revXml: ux.revisions,
      revMd: um.revisions,
    };
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += row[k];
    console.log(
      `  ${coordinate.padEnd(46)} ${String(row.xml).padStart(9)} ${String(row.md).padStart(9)} ${String(both).padStart(7)} ${String(row.onlyXml).padStart(9)} ${String(row.onlyMd).padStart(8)} ${`${row.revXml}/${row.revMd}`.padStart(17)}`,
    );
    for (const u of [...um.uris].filter((u) => !ux.uris.has(u)).slice(0, 3))
      console.log(`      only md: ${u}`);
    for (const u of [...ux.uris].filter((u) => !um.uris.has(u)).slice(0, 3))
      console.log(`      only xml: ${u}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(
  `  ${'all'.padEnd(46)} ${String(total.xml).padStart(9)} ${String(total.md).padStart(9)} ${String(total.both).padStart(7)} ${String(total.onlyXml).padStart(9)} ${String(total.onlyMd).padStart(8)} ${`${total.revXml}/${total.revMd}`.padStart(17)}`,
);
