/**
 * Requests to the client on stdio: a real server process on the generated
 * core asks the official v1 client to sample in the middle of a tool call.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CreateMessageRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { NODE_TSX } from '../../support/mcp.ts';

const SERVER = fileURLToPath(new URL('../../fixtures/stdio-peer-server.ts', import.meta.url));

describe('a peer on stdio', () => {
  // @verifies mcp-http#PEER-ON-ANY-LINE-TRANSPORT
  it('asks the client during a call, and the answer never reaches the loop as a request', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...NODE_TSX, SERVER],
      cwd: REPO,
      stderr: 'pipe',
    });
    let err = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const client = new Client({ name: 't', version: '0' }, { capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async () => ({
      role: 'assistant',
      model: 'test',
      content: { type: 'text', text: 'sampled' },
    }));
    await client.connect(transport);
    const logs: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(String(n.params.data));
    });
    const first = await client.callTool({ name: 'ask', arguments: {} });
    const second = await client.callTool({ name: 'ask', arguments: {} });
    for (const result of [first, second]) {
      expect((result.content as { text: string }[])[0]?.text).toBe('client said: sampled');
    }
    expect(logs).toEqual(['asking', 'asking']);
    expect(err).toBe('');
    await client.close();
  });
});
