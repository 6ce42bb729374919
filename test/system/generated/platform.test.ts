/**
 * Where the capture guard cannot work (here: koffi absent, as dup2 is on
 * Windows), the core still serves: plainly with `capture: false`, and with the
 * default after one line on stderr.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { HANDSHAKE, req } from '../../support/mcp.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Serves a copy of the core from a directory without node_modules, so koffi cannot load. */
function serveWithoutKoffi(options: string) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-core-no-dup2-'));
  dirs.push(dir);
  cpSync(join(REPO, 'generated'), join(dir, 'core'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(
    join(dir, 'server.ts'),
    [
      "import { Server, ToolSet, serveStdio } from './core/index.ts';",
      'const tools = new ToolSet().register({',
      "  descriptor: { name: 'say', description: 'Says its text.', inputSchema: { type: 'object' } },",
      '  run: (args) => ({ report: String(args.text) }),',
      '});',
      `const end = await serveStdio(new Server('portable', '1.0.0', tools, ${options}));`,
      "process.exitCode = end.reason === 'end-of-input' ? 0 : 1;",
    ].join('\n'),
  );
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const run = spawnSync(process.execPath, ['--import', tsx, 'server.ts'], {
    cwd: dir,
    input: `${HANDSHAKE}\n${req(1, 'tools/call', { name: 'say', arguments: { text: 'still here' } })}\n`,
    env: { PATH: dirname(process.execPath), HOME: dir },
    encoding: 'utf8',
  });
  const frames = run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { frames, stderr: run.stderr, status: run.status };
}

describe('serving where dup2 is missing', () => {
  // @verifies mcp-lifecycle#NO-DUP2-STILL-SERVES
  it('capture: false serves normally and says nothing', () => {
    const run = serveWithoutKoffi('{ capture: false }');
    expect(run.stderr).toBe('');
    expect(run.frames[1]).toHaveProperty('result.content.0.text', 'still here');
    expect(run.status).toBe(0);
  });

  // @verifies mcp-lifecycle#NO-DUP2-STILL-SERVES
  it('the default capture degrades with one stderr line instead of refusing to start', () => {
    const run = serveWithoutKoffi('{}');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/serving without the capture guard: cannot load koffi/);
    expect(run.frames[1]).toHaveProperty('result.content.0.text', 'still here');
    expect(run.status).toBe(0);
  });
});
