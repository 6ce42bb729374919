/**
 * Vitest global setup: the gate's per-user cache home (engine/cache/location.ts)
 * points at a temp folder for the whole run, so the tests neither read the
 * caches of the person running them nor leave their temp projects' caches in
 * `~/.cache/factline`. Test processes and the CLIs they spawn inherit it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Set while the run's cache home is in place: each project runs the global setups, and only the first makes one. */
const OWNED = 'TEST_RUN_CACHE_HOME_OWNER';

export default function setup(): () => void {
  if (process.env[OWNED] !== undefined) return () => {};
  const home = mkdtempSync(join(tmpdir(), 'factline-test-cache-home-'));
  process.env[OWNED] = home;
  process.env.XDG_CACHE_HOME = home;
  return () => {
    delete process.env[OWNED];
    rmSync(home, { recursive: true, force: true });
  };
}
