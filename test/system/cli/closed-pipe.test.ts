/**
 * `factline … | head`: the reader closes the pipe after a few bytes. The real
 * bin runs with a pipe for stdout whose read end is destroyed after the first
 * chunk.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../../support/cli.ts';
import { tempDir } from '../../support/temp.ts';

/** A green project whose `check --json` runs to megabytes: far past one pipe buffer. */
function bigGreenProject(): string {
  const dir = tempDir('closed-pipe');
  for (const sub of ['specs', 'src', 'test']) mkdirSync(join(dir, sub));
  const ids = Array.from({ length: 3000 }, (_, i) => `CASE-${i}`);
  writeFileSync(
    join(dir, 'specs', 'big.md'),
    `# Big\n\n@status:impl/done\n\n${ids.map((id) => `@fact:${id} Case ${id} is handled.\n`).join('\n')}`,
  );
  writeFileSync(join(dir, 'src', 'all.js'), ids.map((id) => `// @implements big#${id}\n`).join(''));
  writeFileSync(
    join(dir, 'test', 'all.test.js'),
    ids.map((id) => `// @verifies big#${id}\nit('${id}', () => {});\n`).join(''),
  );
  writeFileSync(
    join(dir, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/*.md'], sources: ['src/**/*.js'], tests: ['test/**/*.js'] }),
  );
  return dir;
}

/** Runs the bin, reads one chunk of stdout, then closes the pipe like `head -c` would. */
function readOneChunk(
  cwd: string,
  argv: string[],
): Promise<{ code: number | null; stderr: string; got: number }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let got = 0;
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
    });
    child.stdout.once('data', (b: Buffer) => {
      got = b.length;
      child.stdout.destroy();
    });
    child.on('close', (code) => done({ code, stderr, got }));
  });
}

describe('a reader that stops early', () => {
  // @verifies cli#CLI-CLOSED-PIPE-QUIET
  it('check --json | head: no EPIPE on stderr, and the exit code is the gate verdict', async () => {
    const run = await readOneChunk(bigGreenProject(), ['check', '--json']);
    expect(run.got).toBeGreaterThan(0);
    expect(run.stderr).not.toMatch(/EPIPE|Unhandled|at .*\(node:/);
    expect(run.code).toBe(0);
  }, 60_000);
});
