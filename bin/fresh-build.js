// Whether dist/cli-main.js (built by support/build-cli.ts) may run instead of
// the TypeScript sources: only when it and its list of inputs exist and no
// input is newer than it. An edit, a `git checkout` or a deleted source all
// make a dev checkout fall back to the sources through tsx, so it never runs
// stale compiled code. An installed package unpacks every file with one
// timestamp, so its shipped build counts as fresh. Costs one stat per source
// (~120), well under a millisecond each.
// @implements speed-start#STALE-BUILD-NEVER-RUNS
import { readFileSync, statSync } from 'node:fs';

const DIST = new URL('../dist/', import.meta.url);
const ROOT = new URL('../', import.meta.url);

/** The bundle's URL when it is fresh, else undefined. */
export function freshCliBuild() {
  try {
    const manifest = JSON.parse(readFileSync(new URL('cli-inputs.json', DIST), 'utf8'));
    const bundle = new URL(manifest.entry, DIST);
    const built = statSync(bundle).mtimeMs;
    for (const input of manifest.inputs) {
      if (statSync(new URL(input, ROOT)).mtimeMs > built) return undefined;
    }
    return bundle;
  } catch {
    // No build, a damaged manifest, or a source gone: the sources decide.
    return undefined;
  }
}
