/**
 * Vitest global setup: the gate's per-user cache home (engine/cache/location.ts)
 * points at a temp folder for the whole run, so the tests neither read the
 * caches of the person running them nor leave their temp projects' caches in
 * `~/.cache/factline`. Test processes and the CLIs they spawn inherit it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oncePerRun } from './once-per-run.ts';

export default function setup(): () => void {
  return oncePerRun('TEST_RUN_CACHE_HOME_OWNER', () => {
    const home = mkdtempSync(join(tmpdir(), 'factline-test-cache-home-'));
    process.env.XDG_CACHE_HOME = home;
    return () => rmSync(home, { recursive: true, force: true });
  });
}
