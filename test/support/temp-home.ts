/**
 * Vitest global setup: the OS temp folder (TMPDIR) points at a fresh folder
 * for the whole run, which test processes and the CLIs, browsers and tools
 * they spawn inherit. When the run ends, anything left in it but the caches
 * kept there on purpose (factline's TypeScript code cache,
 * engine/cache/code-cache.ts, tsx's and jest's) fails the run, naming it: every test removes
 * what it made (test/support/temp.ts), and a leak shows here rather than as
 * folders piling up in the user's /tmp. The folder is removed either way.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_CACHE_DIR_NAME } from '../../engine/cache/code-cache.ts';
import { oncePerRun } from './once-per-run.ts';

/** Caches kept in the temp folder by design: factline's TypeScript code cache, tsx's (the CLI run from its sources) and jest's (its runner's tests). */
const KEPT_ON_PURPOSE = [CODE_CACHE_DIR_NAME, 'tsx-', 'jest_'];

export default function setup(): () => void {
  return oncePerRun('TEST_RUN_TMPDIR_OWNER', () => {
    const home = mkdtempSync(join(tmpdir(), 'factline-test-tmp-'));
    process.env.TMPDIR = home;
    return () => {
      const left = readdirSync(home).filter((name) => !KEPT_ON_PURPOSE.some((kept) => name.startsWith(kept)));
      rmSync(home, { recursive: true, force: true });
      if (left.length === 0) return;
      // A teardown's error is printed but leaves vitest's exit code 0: the code is set here.
      process.exitCode = 1;
      console.error(
        `FAIL the tests left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} in the temp folder: ${left.slice(0, 20).join(', ')}; remove each where it is made (test/support/temp.ts tempDir)`,
      );
    };
  });
}
