/**
 * The loop over the scripted replay double: no process, no host.
 */
import { describe, expect, it } from 'vitest';
import {
  classifyLine,
  ERROR_KINDS,
  LineDecoder,
  McpCoreError,
  PROTOCOL_VERSION,
  ScriptedTransport,
  Server,
  type Tool,
  ToolSet,
  type Transport,
} from '../../../generated/index.ts';

import { HANDSHAKE, HANDSHAKE_ID, req } from '../../support/mcp.ts';

const tool = (name: string, run: Tool['run'], description = `the ${name} tool`): Tool => ({
  descriptor: { name, description, inputSchema: { type: 'object' } },
  run,
});

// The loop runs tools outside the capture guard here: descriptors belong to vitest's worker.
const serverWith = (...tools: Tool[]) =>
  new Server('scripted', '0.0.1', new ToolSet(tools), { capture: false });

/** Replays `lines` after the handshake (unless they start with their own); the handshake's answer is left out. */
async function replay(server: Server, lines: string[]) {
  const opening = !(lines[0] ?? '').includes('"initialize"');
  const transport = new ScriptedTransport(opening ? [HANDSHAKE, ...lines] : lines);
  const end = await server.serve(transport);
  const frames = transport.frames() as Record<string, unknown>[];
  return { end, frames: frames.filter((f) => f.id !== HANDSHAKE_ID) };
}

describe('the loop over a scripted transport', () => {
  // @verifies mcp-core#SERVER-IS-NAME-VERSION-TOOLSET-OVER-A-TRANSPORT-SEAM
  it('serves a whole session from a script and ends at end of input', async () => {
    const server = serverWith(tool('echo', (args) => ({ report: String(args.text) })));
    const { end, frames } = await replay(server, [
      req(1, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      req(2, 'tools/list'),
      req(3, 'tools/call', { name: 'echo', arguments: { text: 'hi' } }),
    ]);
    expect(end).toEqual({ reason: 'end-of-input' });
    expect(frames).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: PROTOCOL_VERSION,
          serverInfo: { name: 'scripted', version: '0.0.1' },
          capabilities: { tools: { listChanged: false } },
        },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        result: { tools: [{ name: 'echo', description: 'the echo tool', inputSchema: { type: 'object' } }] },
      },
      { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'hi' }], isError: false } },
    ]);
  });

  // @verifies mcp-core#METHOD-TOOLS-LIST
  it('lists descriptors sorted by name, whatever the registration order', async () => {
    const server = serverWith(
      tool('zeta', () => ({ report: '' })),
      tool('Alpha', () => ({ report: '' })),
      tool('beta', () => ({ report: '' })),
    );
    const { frames } = await replay(server, [req(1, 'tools/list')]);
    const names = (frames[0] as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
    expect(names).toEqual(['Alpha', 'beta', 'zeta']);
  });

  // @verifies mcp-core#REGISTRY-LAST-REGISTRATION-OF-A-NAME-WINS
  it('the last registration of a name wins', async () => {
    const tools = new ToolSet()
      .register(tool('same', () => ({ report: 'first' }), 'first'))
      .register(tool('same', () => ({ report: 'second' }), 'second'));
    expect(tools.size).toBe(1);
    const server = new Server('s', '1', tools, { capture: false });
    const { frames } = await replay(server, [req(1, 'tools/list'), req(2, 'tools/call', { name: 'same' })]);
    expect((frames[0] as { result: { tools: unknown[] } }).result.tools).toEqual([
      { name: 'same', description: 'second', inputSchema: { type: 'object' } },
    ]);
    expect(frames[1]).toMatchObject({ result: { content: [{ text: 'second' }] } });
  });

  // @verifies mcp-core#TOOL-IS-DESCRIPTOR-PLUS-RUN
  it('a tool is a descriptor plus run; a malformed one is refused at registration, naming the problems', () => {
    const bad = { descriptor: { name: '', description: 3, inputSchema: [] }, run: 'no' } as unknown as Tool;
    const error = (() => {
      try {
        new ToolSet().register(bad);
      } catch (e) {
        return e;
      }
    })() as McpCoreError;
    expect(error).toBeInstanceOf(McpCoreError);
    expect(error.kind).toBe('tool-invalid');
    expect(error.message).toContain('descriptor.name must be a non-empty string');
    expect(error.message).toContain('inputSchema must be a JSON schema object');
    expect(error.message).toContain('run must be a function');
  });

  // @verifies mcp-core#TOOL-FAILURE-IS-A-RESULT-NEVER-A-PROTOCOL-ERROR
  it('refusals, throws, rejections and bad outputs all answer isError results', async () => {
    const server = serverWith(
      tool('refuse', () => ({ report: 'refused: pass force=true to overwrite', isError: true })),
      tool('throws', () => {
        throw new TypeError('bad input shape');
      }),
      tool('rejects', async () => Promise.reject(new Error('async failure'))),
      tool('garbage', () => 42 as never),
    );
    const { frames } = await replay(
      server,
      ['refuse', 'throws', 'rejects', 'garbage'].map((name, i) =>
        req(i, 'tools/call', { name, arguments: {} }),
      ),
    );
    // Answers come as their runs complete: read them by id.
    const byId = [...frames].sort((a, b) => Number(a.id) - Number(b.id));
    const results = byId.map((f) => f.result as { isError: boolean; content: { text: string }[] });
    expect(frames.every((f) => f.error === undefined)).toBe(true);
    expect(results.map((r) => r.isError)).toEqual([true, true, true, true]);
    expect(results[0]?.content[0]?.text).toBe('refused: pass force=true to overwrite');
    expect(results[1]?.content[0]?.text).toContain('bad input shape');
    expect(results[2]?.content[0]?.text).toContain('async failure');
    expect(results[3]?.content[0]?.text).toContain('instead of a ToolOutput');
  });

  // @verifies mcp-core#RELATED-LAWS-LIVE-IN-THE-CONSUMING-REPO
  // @verifies mcp-core#REPORTS-SPEAK-THE-CLASS-F-REQ-CITING-GRAMMAR
  it('hands arguments to the tool and its report to the agent unchanged, whatever grammar it speaks', async () => {
    const report =
      'REQ-PLAN-7 violated\n  at spec://x/PROP-027#p3\nsrc/a.ts:1:2: error rule {"json":true} ✓\t';
    const args = { nested: { list: [1, null, 'x'] }, force: false, '': 0 };
    let seen: unknown;
    const server = serverWith(
      tool('wrap', (a) => {
        seen = a;
        return { report };
      }),
    );
    const { frames } = await replay(server, [req(1, 'tools/call', { name: 'wrap', arguments: args })]);
    expect(seen).toEqual(args);
    expect(frames[0]).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: report }], isError: false },
    });
  });

  // @verifies mcp-core#METHOD-TOOLS-CALL
  // @verifies mcp-host#UNKNOWN-TOOL-IS-INVALID-PARAMS
  it('tools/call: missing name is invalid params, an unknown name too, listing the known tools', async () => {
    const server = serverWith(tool('a', () => ({ report: '' })));
    const { frames } = await replay(server, [
      req(1, 'tools/call', {}),
      req(2, 'tools/call', { name: 7 }),
      req(3, 'tools/call', { name: 'b' }),
    ]);
    expect(frames.map((f) => (f.error as { code: number }).code)).toEqual([-32602, -32602, -32602]);
    expect(frames[2]).toMatchObject({
      error: { message: 'Invalid params: unknown tool `b`', data: { known: ['a'] } },
    });
  });

  // @verifies mcp-core#METHOD-PING
  // @verifies mcp-core#METHOD-ANYTHING-ELSE
  it('ping answers {} and any other method is method not found', async () => {
    const { frames } = await replay(serverWith(), [
      req(1, 'ping'),
      req(2, 'prompts/list'),
      req(3, 'initialized'),
    ]);
    expect(frames[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(frames[1]).toMatchObject({ id: 2, error: { code: -32601 } });
    expect(frames[2]).toMatchObject({ id: 3, error: { code: -32601 } });
  });

  // @verifies mcp-core#SERVER-IS-NAME-VERSION-TOOLSET-OVER-A-TRANSPORT-SEAM
  // @verifies serve#CORE-LOOP-EXTENSIBLE
  it('later specs slot in: extra method handlers and a line screen, without touching the loop', async () => {
    const server = new Server('s', '1', new ToolSet(), {
      capture: false,
      methods: { 'server/discover': () => ({ result: { supportedVersions: ['2026-07-28'] } }) },
      screenLine: (line) => (line.length > 200 ? { code: -32600, message: 'frame too large' } : undefined),
    });
    const { frames } = await replay(server, [
      req(1, 'server/discover'),
      req(2, 'ping', { pad: 'x'.repeat(300) }),
    ]);
    expect(frames[0]).toMatchObject({ id: 1, result: { supportedVersions: ['2026-07-28'] } });
    expect(frames[1]).toMatchObject({ id: null, error: { code: -32600, message: 'frame too large' } });
  });

  // @verifies mcp-core#TRANSPORT-FAILURE-IS-ONE-THISERROR-ENUM
  it('a dead channel ends the loop with one error class whose kind cites its fact and names a fix', async () => {
    const dead: Transport = {
      readLine: async () => req(1, 'ping'),
      writeLine: () => {
        throw new Error('EPIPE');
      },
    };
    const end = await serverWith().serve(dead);
    expect(end.reason).toBe('channel-failed');
    const error = (end as { error: McpCoreError }).error;
    expect(error).toBeInstanceOf(McpCoreError);
    expect(error.kind).toBe('output-closed');
    expect(error.message).toContain('EPIPE');
    const broken: Transport = { readLine: async () => Promise.reject(new Error('EIO')), writeLine: () => {} };
    const readEnd = await serverWith().serve(broken);
    expect(readEnd).toMatchObject({ reason: 'channel-failed', error: { kind: 'input-failed' } });
    for (const [kind, { fact, fix }] of Object.entries(ERROR_KINDS)) {
      expect(fact, kind).toMatch(/^mcp-core#[A-Z][A-Z0-9-]+$/);
      expect(fix.length, kind).toBeGreaterThan(20);
    }
  });

  // @verifies mcp-core#MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP
  it('a broken method handler still gets exactly one answer (internal error) and the loop goes on', async () => {
    const server = new Server('s', '1', new ToolSet(), {
      capture: false,
      methods: {
        broken: () => {
          throw new Error('handler bug');
        },
      },
    });
    const { frames } = await replay(server, [req(1, 'broken'), '{', req(2, 'ping')]);
    expect(frames.map((f) => [f.id, (f.error as { code?: number } | undefined)?.code])).toEqual([
      [1, -32603],
      [null, -32700],
      [2, undefined],
    ]);
  });
});

describe('line framing and classification (pure)', () => {
  // @verifies mcp-core#WIRE-IS-LINE-DELIMITED-JSON-RPC-OVER-STDIO
  it('splits chunks into lines, drops CR before LF, reassembles UTF-8 split across chunks', () => {
    const decoder = new LineDecoder();
    const bytes = Buffer.from('{"a":"é"}\r\n\n{"b":1}\n{"c"');
    const lines = [...decoder.push(bytes.subarray(0, 7)), ...decoder.push(bytes.subarray(7))];
    expect(lines).toEqual(['{"a":"é"}', '', '{"b":1}']);
    expect(decoder.pending).toBe(4);
    expect(decoder.push(':2}\r')).toEqual([]);
    expect(decoder.end()).toEqual(['{"c":2}']);
  });

  // @verifies mcp-core#FRAME-WITH-ID-IS-A-REQUEST
  // @verifies mcp-core#FRAME-WITHOUT-ID-IS-A-NOTIFICATION
  it('classifies by id: present and non-null is a request, absent or null a notification', () => {
    expect(classifyLine('{"id":0,"method":"m"}')).toMatchObject({ kind: 'request', id: 0 });
    expect(classifyLine('{"id":"","method":"m"}')).toMatchObject({ kind: 'request', id: '' });
    expect(classifyLine('{"method":"m"}')).toMatchObject({ kind: 'notification' });
    expect(classifyLine('{"id":null,"method":"m"}')).toMatchObject({ kind: 'notification' });
    expect(classifyLine('{"id":1}')).toMatchObject({ kind: 'malformed', id: 1 });
    expect(classifyLine('nul')).toMatchObject({ kind: 'malformed', id: null });
  });
});
