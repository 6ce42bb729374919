/**
 * The capture guard with real processes: each scenario runs in a process of
 * its own, because the redirect is process-wide, and its tools start real
 * children that write to the inherited descriptors.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NODE_TSX, REPO, rawRun, req } from './process.ts';

const SCENARIOS = fileURLToPath(new URL('../fixtures/capture-scenarios.ts', import.meta.url));

function scenario(
  name: string,
): Promise<{ result: Record<string, unknown>; stderr: string; code: number | null }> {
  const child = spawn(process.execPath, [...NODE_TSX, SCENARIOS, name], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    err += c;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve({ result: JSON.parse(out), stderr: err, code });
      } catch {
        reject(new Error(`scenario ${name} printed no JSON (exit ${code}):\n${out}\n${err}`));
      }
    });
  });
}

describe('the capture guard', () => {
  // @verifies mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT
  it('a child writing 10 MB to stderr finishes without deadlock and the capture holds every byte, in order', async () => {
    const { result, stderr, code } = await scenario('flood');
    expect(code).toBe(0);
    expect(result).toMatchObject({
      outcome: { ok: true, value: 0 },
      bytes: 10 * 1024 * 1024,
      kept: 10 * 1024 * 1024,
    });
    expect(result.ordered).toBe(true);
    // None of it leaked to the real stderr.
    expect(stderr).toBe('');
  });

  // @verifies mcp-core#RESTORATION-RIDES-DROP
  // @verifies factline#CORE-CAPTURE-FILE-NEVER-LINGERS
  it('after a tool throws, stderr works again for the process and its children, and the next capture captures', async () => {
    const { result, stderr } = await scenario('throwing');
    expect(result.firstOk).toBe(false);
    expect(result.firstError).toBe('tool blew up');
    expect(result.firstOutput).toBe('during-throw\nchild-during-throw');
    expect(result.secondOutput).toBe('second-capture');
    expect(result.restored).toBe(true);
    expect(result.fdsLeaked).toBe(0);
    // The temp file is unlinked as soon as it is open: never visible, never left behind.
    expect(result.filesDuring).toEqual([]);
    expect(result.filesAfter).toEqual([]);
    expect(stderr).toBe('after-throw\nchild-after-throw\n');
  });

  // @verifies mcp-core#LAWS-CAPTURES-MUST-NOT-NEST-OR-RUN-CONCURRENTLY
  it('refuses a nested and an overlapping capture with the fact cited, and captures again afterwards', async () => {
    const { result } = await scenario('nested');
    expect(result.nested).toMatchObject({
      refused: true,
      kind: 'capture-nested',
      fact: 'mcp-core#LAWS-CAPTURES-MUST-NOT-NEST-OR-RUN-CONCURRENTLY',
    });
    expect((result.nested as { message: string }).message).toContain('fix:');
    expect(result.overlapping).toEqual({ refused: true, kind: 'capture-nested' });
    expect(result.first).toEqual({ ok: true, value: 'first done' });
    expect(result.afterwards).toEqual({ ok: true, value: 'works again' });
  });

  // @verifies mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT
  // @verifies factline#CORE-CAPTURE-COVERS-STDOUT-AND-STDIN
  it('a tool calling console.log (and a child writing stdout) leaves stdout holding protocol frames only', async () => {
    const run = await rawRun(
      `${req(1, 'tools/call', { name: 'chatty', arguments: {} })}\n${req(2, 'ping')}\n`,
    );
    // rawRun parses every stdout line as JSON: a stray log line would fail here.
    expect(run.frames).toEqual([
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'chatted' }], isError: false } },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    expect(run.stderr).toContain('console.log from a tool');
    expect(run.stderr).toContain('process.stdout.write from a tool');
    expect(run.stderr).toContain('child-stdout');
  });

  // @verifies mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT
  it('the server survives a tool whose child floods stderr, and reports how much it captured', async () => {
    const run = await rawRun(
      `${req(1, 'tools/call', { name: 'flood', arguments: {} })}\n${req(2, 'ping')}\n`,
      {
        env: { CAPTURE_SUMMARY: '1' },
      },
    );
    expect(run.frames).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'child exited 0' }], isError: false },
      },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    expect(run.stderr).toBe(`[captured flood: ${10 * 1024 * 1024} bytes]\n`);
  });
});
