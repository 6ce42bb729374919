// Whether, in a checkout, dist/cli-main.js (built by support/build-cli.ts) may
// run instead of the TypeScript sources: only while every source it was built
// from has the content it was built from (dist/cli-inputs.json holds each
// one's sha1, taken before the build read it). An edit, a checkout of other
// code or a deleted source sends the run back to the sources; content, not
// timestamps, decides, so a `touch` keeps the build.
// @implements cli#STALE-BUILD-NEVER-RUNS
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const DIST = new URL('../dist/', import.meta.url);
const ROOT = new URL('../', import.meta.url);

/** The bundle's URL when it is current, else undefined. */
export function freshCliBuild() {
  try {
    const manifest = JSON.parse(readFileSync(new URL('cli-inputs.json', DIST), 'utf8'));
    for (const [input, digest] of Object.entries(manifest.inputs)) {
      if (hash('sha1', readFileSync(new URL(input, ROOT)), 'base64') !== digest) return undefined;
    }
    return new URL(manifest.entry, DIST);
  } catch {
    // No build, a damaged manifest, or a source gone: the sources decide.
    return undefined;
  }
}
