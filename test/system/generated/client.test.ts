/**
 * The official MCP client against the real server process: what a host sees.
 */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../generated/index.ts';
import { connect, ECHO_SERVER, NODE_TSX } from '../../support/mcp.ts';

describe('the official client against the echo server', () => {
  let session: Awaited<ReturnType<typeof connect>>;
  beforeAll(async () => {
    session = await connect([...NODE_TSX, ECHO_SERVER]);
  });
  afterAll(async () => {
    await session?.close();
  });

  // @verifies mcp-core#METHOD-INITIALIZE
  // @verifies mcp-core#ANSWERED-PROTOCOL-REVISION
  it('connects: initialize answers the spec revision, server info and tool capability', () => {
    expect(session.client.getServerVersion()).toEqual({ name: 'echo-server', version: '1.2.3' });
    expect(session.client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    expect(PROTOCOL_VERSION).toBe('2024-11-05');
  });

  // @verifies mcp-core#METHOD-TOOLS-LIST
  it('lists the tools sorted by name with their descriptors', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'chatty',
      'echo',
      'fail',
      'flood',
      'nest',
      'note',
      'prompt',
      'throw',
    ]);
    expect(tools.find((t) => t.name === 'echo')).toEqual({
      name: 'echo',
      description: 'Answers its text.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    });
  });

  // @verifies mcp-core#METHOD-TOOLS-CALL
  // @verifies mcp-core#TRANSPORT-EVERY-MCP-KIND-SERVER-BUILDS-ON
  it('calls a tool and gets its report back', async () => {
    const result = await session.client.callTool({ name: 'echo', arguments: { text: 'héllo ✓' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'héllo ✓' }], isError: false });
  });

  // @verifies mcp-core#TOOL-FAILURE-IS-A-RESULT-NEVER-A-PROTOCOL-ERROR
  it('a failing tool and a throwing tool both resolve as isError results', async () => {
    const failed = await session.client.callTool({ name: 'fail', arguments: {} });
    expect(failed.isError).toBe(true);
    expect(failed.content).toEqual([
      { type: 'text', text: 'src/a.ts:3:1: error missing-implementation mcp-core#X' },
    ]);
    const threw = await session.client.callTool({ name: 'throw', arguments: {} });
    expect(threw.isError).toBe(true);
    expect((threw.content as { text: string }[])[0]?.text).toContain('boom from a tool');
  });

  // @verifies mcp-core#METHOD-PING
  it('answers ping', async () => {
    await expect(session.client.ping()).resolves.toEqual({});
  });

  // @verifies mcp-core#METHOD-TOOLS-CALL
  // @verifies mcp-host#UNKNOWN-TOOL-IS-INVALID-PARAMS
  it('rejects an unknown tool with McpError invalid params, as the MCP specification says', async () => {
    const error = await session.client.callTool({ name: 'nope', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toContain('nope');
  });

  // @verifies mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT
  it('a chatty tool (console.log, a child on stdout) does not disturb the client, and its output reaches stderr', async () => {
    const result = await session.client.callTool({ name: 'chatty', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'chatted' }]);
    await expect(session.client.ping()).resolves.toEqual({});
    expect(session.stderr()).toContain('console.log from a tool');
    expect(session.stderr()).toContain('child-stdout');
  });
});
