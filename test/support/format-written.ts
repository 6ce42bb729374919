/**
 * Files that tests rewrite under UPDATE=1 (a page's generated table, the
 * shipped config schema) are formatted as the lint expects right after the
 * write: an unformatted rewrite otherwise lands and fails `biome check` on main.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO } from './cli.ts';

export function formatWritten(path: string): void {
  execFileSync(join(REPO, 'node_modules', '.bin', 'biome'), ['format', '--write', path], {
    cwd: REPO,
    stdio: 'ignore',
  });
}
