/**
 * A command started with no config, from any folder (`/` included), as a
 * host or a shell may start it: exit 2 at once, never a walk of the folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, collectOutput } from '../../support/cli.ts';

const empty = mkdtempSync(join(tmpdir(), 'factline-no-config-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

/** Runs factline in `cwd` with stdin left open (a host keeps it open), until it exits by itself. */
async function run(cwd: string, args: string[]) {
  const env = { ...process.env };
  delete env.FACTLINE_CONFIG;
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}\n');
  const out = await collectOutput(child);
  child.stdin.destroy();
  return out;
}

describe('no config, no spec', () => {
  for (const cwd of ['/', empty]) {
    for (const args of [['check'], ['serve'], ['serve', '--http', '0']]) {
      // @verifies adoption#NO-CONFIG-EXITS-AT-ONCE
      // @verifies adoption#NO-CONFIG-NO-SPEC
      it(`factline ${args.join(' ')} from ${cwd === '/' ? '/' : 'an empty folder'} exits 2 with one line naming init`, async () => {
        const { code, stdout, stderr } = await run(cwd, args);
        expect(code).toBe(2);
        expect(stdout).toBe('');
        expect(stderr.trim().split('\n')).toHaveLength(1);
        expect(stderr).toContain('no factline.config.json and no spec matches specs/**/*.md');
        expect(stderr).toContain('factline init');
      });
    }
  }
});
