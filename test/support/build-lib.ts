/**
 * Vitest global setup: the compiled library (dist/mcp-core, what
 * `factline/mcp-core` resolves to) is rebuilt before the tests only when its
 * inputs changed since the last build, so an unchanged tree does not pay for
 * a TypeScript compile on every `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(REPO, 'dist', 'mcp-core');
/** Written beside the build: the hash of the inputs it was built from. */
const STAMP = join(OUT, '.inputs.sha256');

/** Everything the build reads: the sources, its tsconfig and the compiler's version. */
function inputsHash(): string {
  const hash = createHash('sha256');
  const generated = join(REPO, 'generated');
  for (const name of readdirSync(generated).sort()) {
    if (name.endsWith('.ts')) hash.update(name).update(readFileSync(join(generated, name)));
  }
  hash.update(readFileSync(join(REPO, 'tsconfig.lib.json')));
  hash.update(readFileSync(join(REPO, 'node_modules', 'typescript', 'package.json')));
  return hash.digest('hex');
}

export default function setup(): void {
  const want = inputsHash();
  const built =
    existsSync(join(OUT, 'index.js')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === want;
  if (built) return;
  execFileSync(
    process.execPath,
    [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.lib.json'],
    {
      cwd: REPO,
      stdio: 'inherit',
    },
  );
  writeFileSync(STAMP, want);
}
