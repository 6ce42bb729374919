/**
 * Raw lines against the real server process: the wire rules a host relies
 * on, checked byte by byte on stdout.
 */
import { describe, expect, it } from 'vitest';
import { rawRun, req } from '../../support/mcp.ts';

const PARSE_ERROR = -32700;

describe('the wire, against the real process', () => {
  // @verifies mcp-core#MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP
  it('answers a non-JSON line and a frame without method with the parse error, then keeps serving', async () => {
    const run = await rawRun(
      [
        '{not json',
        JSON.stringify({ jsonrpc: '2.0', id: 7, params: {} }),
        JSON.stringify({ jsonrpc: '2.0' }),
        '[1,2]',
        req(1, 'ping'),
      ].join('\n') + '\n',
    );
    expect(run.frames).toHaveLength(5);
    expect(run.frames[0]).toMatchObject({ id: null, error: { code: PARSE_ERROR } });
    expect((run.frames[0] as { error: { message: string } }).error.message).toContain('not JSON');
    // A request without a method still gets its own id back.
    expect(run.frames[1]).toMatchObject({ id: 7, error: { code: PARSE_ERROR } });
    expect(run.frames[2]).toMatchObject({ id: null, error: { code: PARSE_ERROR } });
    // JSON that is no object is an invalid request (mcp-host).
    expect(run.frames[3]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(run.frames[4]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(run.code).toBe(0);
  });

  // @verifies mcp-core#FRAME-WITHOUT-ID-IS-A-NOTIFICATION
  it('never answers a notification, with the id absent or null', async () => {
    const run = await rawRun(
      [
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        JSON.stringify({ jsonrpc: '2.0', id: null, method: 'ping' }),
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'tools/call',
          params: { name: 'echo', arguments: { text: 'x' } },
        }),
        req(2, 'ping'),
      ].join('\n') + '\n',
    );
    expect(run.frames).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
  });

  // @verifies mcp-core#FRAME-WITH-ID-IS-A-REQUEST
  it('echoes id 0, string ids and unusual ids unchanged', async () => {
    const run = await rawRun(
      [req(0, 'ping'), req('abc', 'ping'), req('', 'ping'), req(-1.5, 'ping'), ''].join('\n'),
    );
    expect(run.frames.map((f) => f.id)).toEqual([0, 'abc', '', -1.5]);
  });

  // @verifies mcp-core#WIRE-IS-LINE-DELIMITED-JSON-RPC-OVER-STDIO
  it('tolerates blank lines and CRLF, and writes one compact JSON object per line', async () => {
    const run = await rawRun(`\r\n\n   \n${req(1, 'ping')}\r\n\r\n${req(2, 'tools/list')}\r\n`);
    expect(run.frames.map((f) => f.id)).toEqual([1, 2]);
    for (const line of run.lines) {
      expect(line).toBe(JSON.stringify(JSON.parse(line)));
      expect(line).not.toContain('\r');
    }
  });

  // @verifies mcp-core#FRAME-WITH-ID-IS-A-REQUEST
  it('answers 1,000 pipelined requests exactly once each, in order', async () => {
    const input = Array.from({ length: 1000 }, (_, i) =>
      req(i, 'tools/call', { name: 'echo', arguments: { text: `n${i}` } }),
    ).join('\n');
    const run = await rawRun(`${input}\n`);
    expect(run.frames).toHaveLength(1000);
    run.frames.forEach((frame, i) => {
      expect(frame).toEqual({
        jsonrpc: '2.0',
        id: i,
        result: { content: [{ type: 'text', text: `n${i}` }], isError: false },
      });
    });
  });

  // @verifies mcp-core#MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP
  it('exits 0 at end of input, answering a last line that has no newline', async () => {
    const run = await rawRun(req(5, 'ping'));
    expect(run.frames).toEqual([{ jsonrpc: '2.0', id: 5, result: {} }]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });

  // @verifies mcp-core#METHOD-ANYTHING-ELSE
  it('answers any other method with method not found, naming it', async () => {
    const run = await rawRun(`${req(1, 'resources/list')}\n${req(2, 'ping')}\n`);
    expect(run.frames[0]).toMatchObject({ id: 1, error: { code: -32601 } });
    expect((run.frames[0] as { error: { message: string } }).error.message).toContain('resources/list');
    expect(run.frames[1]).toMatchObject({ id: 2, result: {} });
  });

  // @verifies mcp-core#METHOD-TOOLS-CALL
  it('answers a tools/call without a name with invalid params', async () => {
    const run = await rawRun(
      `${req(1, 'tools/call', { arguments: {} })}\n${req(2, 'tools/call')}\n${req(3, 'tools/call', { name: 'echo', arguments: [1] })}\n`,
    );
    expect(run.frames.map((f) => (f as { error?: { code: number } }).error?.code)).toEqual([
      -32602, -32602, -32602,
    ]);
  });

  // @verifies mcp-core#NO-INTERACTIVE-CHANNEL-TOOLS-MUST-NOT-PROMPT
  it('a tool that tries to prompt reads end of input at once and eats no frame', async () => {
    const run = await rawRun(
      [req(1, 'tools/call', { name: 'prompt', arguments: {} }), req(2, 'ping'), req(3, 'ping')].join('\n') +
        '\n',
    );
    // Answers come as work completes (the pings while the tool runs): read them by id.
    run.frames.sort((a, b) => Number(a.id) - Number(b.id));
    expect(run.frames).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: 'child read: []' }], isError: false },
      },
      { jsonrpc: '2.0', id: 2, result: {} },
      { jsonrpc: '2.0', id: 3, result: {} },
    ]);
  });
});

describe('the protocol channel is private to the transport', () => {
  // @verifies serve#CORE-STDIO-CHANNEL-IS-PRIVATE
  it('outside tool runs too, console.log and children reach stderr, and a child reading stdin eats no frame', async () => {
    const run = await rawRun([req(1, 'test/noisy'), req(2, 'ping'), req(3, 'ping')].join('\n') + '\n');
    expect(run.frames).toEqual([
      { jsonrpc: '2.0', id: 1, result: { child: 0 } },
      { jsonrpc: '2.0', id: 2, result: {} },
      { jsonrpc: '2.0', id: 3, result: {} },
    ]);
    expect(run.stderr).toContain('console.log outside a tool run');
    expect(run.stderr).toContain('child-outside-stdout');
    expect(run.stderr).toContain('outside read: []');
  });
});
