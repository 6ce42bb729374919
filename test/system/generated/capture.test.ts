/**
 * The capture guard with real processes: each scenario runs in a process of
 * its own, because the redirect is process-wide, and its tools start real
 * children that write to the inherited descriptors.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectOutput, REPO } from '../../support/cli.ts';
import { NODE_TSX, rawRun, req } from '../../support/mcp.ts';

const SCENARIOS = fileURLToPath(new URL('../../fixtures/capture-scenarios.ts', import.meta.url));

function scenario(
  name: string,
): Promise<{ result: Record<string, unknown>; stderr: string; code: number | null }> {
  const child = spawn(process.execPath, [...NODE_TSX, SCENARIOS, name], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collectOutput(child).then(({ stdout, stderr, code }) => {
    try {
      return { result: JSON.parse(stdout), stderr, code };
    } catch {
      throw new Error(`scenario ${name} printed no JSON (exit ${code}):\n${stdout}\n${stderr}`);
    }
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
  // @verifies serve#CORE-CAPTURE-FILE-NEVER-LINGERS
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
  // @verifies serve#CORE-CAPTURE-COVERS-STDOUT-AND-STDIN
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
    // The ping is answered while the flood still runs.
    expect(run.frames).toEqual([
      { jsonrpc: '2.0', id: 2, result: {} },
      {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'child exited 0' }], isError: false },
      },
    ]);
    expect(run.stderr).toBe(`[captured flood: ${10 * 1024 * 1024} bytes]\n`);
  });

  // @verifies mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT
  // @verifies mcp-core#RESTORATION-RIDES-DROP
  // @verifies mcp-core#LAWS-CAPTURES-MUST-NOT-NEST-OR-RUN-CONCURRENTLY
  it('a held redirect captures each run on its own, refuses nesting, and gives the descriptors back on release', async () => {
    const { result, stderr, code } = await scenario('held');
    expect(code).toBe(0);
    expect(result).toMatchObject({
      sync: true,
      first: { value: { ok: true, value: 1 }, bytes: 4, output: 'one\n' },
      heldBetween: true,
      second: { value: { ok: true, value: 2 }, bytes: 3, output: 'two' },
      // What was written between two held runs counts with the next one.
      nested: { value: { ok: true, value: 'capture-nested' }, output: 'between\n' },
      nestedSync: { ok: true, value: 'capture-nested' },
      thrown: 'held run threw',
      after: 'three',
      restoredByRun: true,
      restored: true,
      capturing: false,
      filesAfter: [],
    });
    expect(result.fdsLeaked).toBeLessThanOrEqual(0);
    // Nothing a held run wrote leaks out, the gap after the last one does, and a replayAll release replays in order.
    expect(stderr).toBe('gap\nfour\nfive\nsix\n');
  });

  // @verifies mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT
  // @verifies serve#CORE-CAPTURE-COVERS-STDOUT-AND-STDIN
  // @verifies serve#CORE-CAPTURE-HOLDS-ACROSS-A-BURST
  it('a burst of pipelined tool calls: each run captured and replayed once, in order; other requests see the real descriptors', async () => {
    const calls: string[] = [];
    for (let n = 1; n <= 300; n++) {
      calls.push(req(n, 'tools/call', { name: 'note', arguments: { n, child: n % 50 === 0 } }));
      if (n === 150) calls.push(req('fds', 'test/fds'));
    }
    const run = await rawRun(`${calls.join('\n')}\n`);
    expect(run.code).toBe(0);
    expect(run.frames.map((f) => f.id)).toEqual([
      ...Array.from({ length: 150 }, (_, i) => i + 1),
      'fds',
      ...Array.from({ length: 150 }, (_, i) => i + 151),
    ]);
    for (const frame of run.frames) {
      if (frame.id === 'fds') {
        // Outside a run: fd 0 on /dev/null, fd 1 following fd 2, the host's stderr (a socket here).
        expect(frame.result).toEqual({ fds: 'char socket socket' });
        continue;
      }
      // Inside every run: fd 0 on /dev/null, fd 1 and fd 2 on the capture file.
      expect(frame.result).toEqual({
        content: [{ type: 'text', text: `note ${frame.id}: char file file` }],
        isError: false,
      });
    }
    const expected = Array.from({ length: 300 }, (_, i) => {
      const n = i + 1;
      return `note ${n} stderr\nnote ${n} stdout\n${n % 50 === 0 ? `note ${n} child\n` : ''}`;
    }).join('');
    expect(run.stderr).toBe(expected);
  });

  // @verifies mcp-core#RESTORATION-RIDES-DROP
  // @verifies mcp-core#LAWS-CAPTURES-MUST-NOT-NEST-OR-RUN-CONCURRENTLY
  it('inside a burst, a throwing tool and a tool starting its own capture answer isError and the next runs are still captured', async () => {
    const run = await rawRun(
      `${[
        req(1, 'tools/call', { name: 'note', arguments: { n: 1 } }),
        req(2, 'tools/call', { name: 'note', arguments: { n: 2, child: true, throw: true } }),
        req(3, 'tools/call', { name: 'nest', arguments: {} }),
        req(4, 'tools/call', { name: 'note', arguments: { n: 4 } }),
      ].join('\n')}\n`,
    );
    // Answers come as their runs complete (the nesting tool is async): read them by id.
    const frames = [...run.frames].sort((a, b) => Number(a.id) - Number(b.id));
    expect(frames[1]).toMatchObject({
      id: 2,
      result: { content: [{ text: 'tool `note` threw: note 2 threw' }], isError: true },
    });
    const nested = frames[2] as { result: { content: { text: string }[]; isError: boolean } };
    expect(nested.result.isError).toBe(true);
    expect(nested.result.content[0]?.text).toContain(
      'mcp-core#LAWS-CAPTURES-MUST-NOT-NEST-OR-RUN-CONCURRENTLY',
    );
    expect(frames[3]).toMatchObject({ id: 4, result: { content: [{ text: 'note 4: char file file' }] } });
    expect(run.stderr).toBe(
      'note 1 stderr\nnote 1 stdout\nnote 2 stderr\nnote 2 stdout\nnote 2 child\nnote 4 stderr\nnote 4 stdout\n',
    );
  });
});
