/**
 * examples/conformance-server.mjs, the conformance suite's fixtures on the
 * generated core, as a real process driven by the official v1 client over
 * Streamable HTTP (CI runs the suite itself against it: .ci/conformance.sh).
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { type HttpProcess, startHttp } from '../../support/http.ts';

let server: HttpProcess;
beforeAll(async () => {
  server = await startHttp([join(REPO, 'examples/conformance-server.mjs')], { env: { PORT: '0' } });
});
afterAll(async () => {
  await server?.stop();
});

async function connect(capabilities: Record<string, unknown> = {}) {
  const client = new Client({ name: 't', version: '0' }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  return client;
}

describe('the conformance example server', () => {
  // @verifies mcp-features#FEATURES-ARE-DECLARED
  // @verifies mcp-features#TOOL-RESULT-CARRIES-ANY-CONTENT
  it('declares every feature and answers mixed content', async () => {
    const client = await connect();
    expect(Object.keys(client.getServerCapabilities() ?? {}).sort()).toEqual([
      'completions',
      'extensions',
      'logging',
      'prompts',
      'resources',
      'tools',
    ]);
    const mixed = await client.callTool({ name: 'test_multiple_content_types', arguments: {} });
    expect((mixed.content as { type: string }[]).map((c) => c.type)).toEqual(['text', 'image', 'resource']);
    await client.close();
  });

  // @verifies mcp-features#RESOURCES-READ
  // @verifies mcp-features#PROMPTS-GET
  // @verifies mcp-features#COMPLETION-COMPLETE
  it('reads a templated resource, fills a prompt and completes its argument', async () => {
    const client = await connect();
    const read = await client.readResource({ uri: 'test://template/123/data' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual({
      id: '123',
      templateTest: true,
      data: 'Data for ID: 123',
    });
    const prompt = await client.getPrompt({
      name: 'test_prompt_with_arguments',
      arguments: { arg1: 'a', arg2: 'b' },
    });
    expect(prompt.messages[0]?.content).toEqual({
      type: 'text',
      text: "Prompt with arguments: arg1='a', arg2='b'",
    });
    const done = await client.complete({
      ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
      argument: { name: 'arg1', value: 'par' },
    });
    expect(done.completion.values).toEqual(['paris', 'park', 'party']);
    await client.close();
  });

  // @verifies mcp-features#LOGGING-SET-LEVEL
  // @verifies mcp-features#LOG-LINES-ARE-NOTIFICATIONS
  it('logs during a call at the level the client set', async () => {
    const client = await connect();
    const lines: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      lines.push(String(n.params.data));
    });
    await client.setLoggingLevel('warning');
    await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
    expect(lines).toEqual([]);
    await client.setLoggingLevel('info');
    await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
    expect(lines).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
    await client.close();
  });

  // @verifies mcp-http#PEER-REQUESTS-ARE-ANSWERED-OR-TIME-OUT
  it('elicits from a client that declared elicitation, and fails the call for one that did not', async () => {
    const client = await connect({ elicitation: {} });
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { username: 'u', email: 'e' },
    }));
    const done = await client.callTool({ name: 'test_elicitation', arguments: { message: 'who?' } });
    expect((done.content as { text: string }[])[0]?.text).toBe(
      'User response: action=accept, content={"username":"u","email":"e"}',
    );
    await client.close();
    const plain = await connect();
    const refused = await plain.callTool({ name: 'test_elicitation', arguments: { message: 'who?' } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('did not declare the `elicitation` capability');
    await plain.close();
  });
});
