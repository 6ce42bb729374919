// The manifest the package ships: package.json without its scripts. A clone and a
// git-URL install build through `prepare` (so the repository keeps it), but the
// tarball holds the build already, and a lifecycle script there would name files
// the tarball lacks. `npm pack`/`npm publish` run `prepack` (strip) before reading
// the manifest and `postpack` (restore) after; the original waits beside it, and a
// strip that finds a copy already waiting refuses, so a failed pack never loses it.
// Plain JavaScript: it runs under npm before anything is built.
// @implements adoption#PACKAGE-MANIFEST-WITHOUT-SCRIPTS
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = `${root}package.json`;
const kept = `${root}.package.json.unpacked`;
const mode = process.argv[2];

if (mode === 'strip') {
  if (existsSync(kept)) {
    console.error(
      `pack-manifest: ${kept} exists (a pack stopped before postpack); restore it first: node support/pack-manifest.mjs restore`,
    );
    process.exit(1);
  }
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  delete pkg.scripts;
  delete pkg.devDependencies;
  writeFileSync(kept, text);
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(kept)) {
    writeFileSync(manifest, readFileSync(kept));
    unlinkSync(kept);
  }
} else {
  console.error('usage: node support/pack-manifest.mjs strip|restore');
  process.exit(2);
}
