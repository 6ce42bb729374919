#!/usr/bin/env node
// The comparison for .ci/conformance.sh: the conformance suite's fixtures on
// the official TypeScript SDK (v1, a devDependency), served over its own
// Streamable HTTP transport at http://127.0.0.1:$PORT/mcp. The same tools,
// resources and prompts as examples/conformance-server.mjs, so both servers
// face the suite with the same fixtures and differ only in their core.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CreateMessageResultSchema,
  ElicitResultSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const PORT = Number(process.env.PORT ?? 3001);
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA==';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const text = (t) => ({ content: [{ type: 'text', text: t }] });

function build() {
  const mcp = new McpServer(
    { name: 'sdk-conformance-server', version: '1.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
    },
  );
  const subscribed = new Set();
  const log = (level, data, extra) => mcp.server.sendLoggingMessage({ level, data }, extra.sessionId);
  const elicit = (extra, message, requestedSchema) =>
    extra.sendRequest(
      { method: 'elicitation/create', params: { message, requestedSchema } },
      ElicitResultSchema,
    );
  const elicited = (r) =>
    text(`Elicitation completed: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`);

  mcp.registerTool('test_simple_text', { description: 'Returns simple text' }, () =>
    text('This is a simple text response for testing.'),
  );
  mcp.registerTool('test_image_content', { description: 'Returns an image' }, () => ({
    content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
  }));
  mcp.registerTool('test_audio_content', { description: 'Returns audio' }, () => ({
    content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }],
  }));
  mcp.registerTool('test_embedded_resource', { description: 'Returns an embedded resource' }, () => ({
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  }));
  mcp.registerTool(
    'test_multiple_content_types',
    { description: 'Returns text, an image and a resource' },
    () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    }),
  );
  mcp.registerTool(
    'test_tool_with_logging',
    { description: 'Logs three lines', inputSchema: {} },
    async (_a, extra) => {
      await log('info', 'Tool execution started', extra);
      await sleep(50);
      await log('info', 'Tool processing data', extra);
      await sleep(50);
      await log('info', 'Tool execution completed', extra);
      return text('Logging test completed');
    },
  );
  mcp.registerTool(
    'test_tool_with_progress',
    { description: 'Reports progress', inputSchema: {} },
    async (_a, extra) => {
      const progressToken = extra._meta?.progressToken;
      for (const progress of [0, 50, 100]) {
        if (progressToken !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress, total: 100 },
          });
        }
        if (progress < 100) await sleep(50);
      }
      return text('Progress test completed');
    },
  );
  mcp.registerTool('test_error_handling', { description: 'Always fails' }, () => ({
    isError: true,
    content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
  }));
  mcp.registerTool(
    'test_sampling',
    { description: 'Asks the client to sample', inputSchema: { prompt: z.string() } },
    async ({ prompt }, extra) => {
      const r = await extra.sendRequest(
        {
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 },
        },
        CreateMessageResultSchema,
      );
      return text(`LLM response: ${r.content?.text ?? JSON.stringify(r.content)}`);
    },
  );
  mcp.registerTool(
    'test_elicitation',
    { description: 'Asks the user for input', inputSchema: { message: z.string() } },
    async ({ message }, extra) => {
      const r = await elicit(extra, message, {
        type: 'object',
        properties: {
          username: { type: 'string', description: "User's response" },
          email: { type: 'string', description: "User's email address" },
        },
        required: ['username', 'email'],
      });
      return text(`User response: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`);
    },
  );
  mcp.registerTool(
    'test_elicitation_sep1034_defaults',
    { description: 'Elicits with defaults', inputSchema: {} },
    async (_a, extra) =>
      elicited(
        await elicit(extra, 'Please review and update the form fields with defaults', {
          type: 'object',
          properties: {
            name: { type: 'string', default: 'John Doe' },
            age: { type: 'integer', default: 30 },
            score: { type: 'number', default: 95.5 },
            status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
            verified: { type: 'boolean', default: true },
          },
        }),
      ),
  );
  mcp.registerTool(
    'test_elicitation_sep1330_enums',
    { description: 'Elicits with every enum variant', inputSchema: {} },
    async (_a, extra) => {
      const titled = (prefix, words) =>
        words.map((w, i) => ({ const: `value${i + 1}`, title: `${w} ${prefix}` }));
      return elicited(
        await elicit(extra, 'Please select options from the enum fields', {
          type: 'object',
          properties: {
            untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            titledSingle: { type: 'string', oneOf: titled('Option', ['First', 'Second', 'Third']) },
            legacyEnum: {
              type: 'string',
              enum: ['opt1', 'opt2', 'opt3'],
              enumNames: ['Option One', 'Option Two', 'Option Three'],
            },
            untitledMulti: {
              type: 'array',
              items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            },
            titledMulti: { type: 'array', items: { anyOf: titled('Choice', ['First', 'Second', 'Third']) } },
          },
        }),
      );
    },
  );

  const plain = (uri, mimeType, body) => ({ contents: [{ uri: uri.href, mimeType, ...body }] });
  mcp.registerResource(
    'static-text',
    'test://static-text',
    { description: 'Static text', mimeType: 'text/plain' },
    (uri) => plain(uri, 'text/plain', { text: 'This is the content of the static text resource.' }),
  );
  mcp.registerResource(
    'static-binary',
    'test://static-binary',
    { description: 'Static binary', mimeType: 'image/png' },
    (uri) => plain(uri, 'image/png', { blob: PNG }),
  );
  mcp.registerResource(
    'watched-resource',
    'test://watched-resource',
    { description: 'Watched', mimeType: 'text/plain' },
    (uri) => plain(uri, 'text/plain', { text: 'Watched resource content' }),
  );
  mcp.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { description: 'Template resource', mimeType: 'application/json' },
    (uri, { id }) =>
      plain(uri, 'application/json', {
        text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
      }),
  );
  mcp.server.setRequestHandler(SubscribeRequestSchema, (req) => {
    subscribed.add(req.params.uri);
    return {};
  });
  mcp.server.setRequestHandler(UnsubscribeRequestSchema, (req) => {
    subscribed.delete(req.params.uri);
    return {};
  });

  const user = (content) => ({ role: 'user', content });
  mcp.registerPrompt('test_simple_prompt', { description: 'A simple prompt' }, () => ({
    messages: [user({ type: 'text', text: 'This is a simple prompt for testing.' })],
  }));
  mcp.registerPrompt(
    'test_prompt_with_arguments',
    {
      description: 'A prompt with two arguments',
      argsSchema: {
        arg1: completable(z.string().describe('First test argument'), (v) =>
          ['paris', 'park', 'party'].filter((x) => x.startsWith(v)),
        ),
        arg2: z.string().describe('Second test argument'),
      },
    },
    ({ arg1, arg2 }) => ({
      messages: [user({ type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` })],
    }),
  );
  mcp.registerPrompt(
    'test_prompt_with_embedded_resource',
    { description: 'A prompt embedding a resource', argsSchema: { resourceUri: z.string() } },
    ({ resourceUri }) => ({
      messages: [
        user({
          type: 'resource',
          resource: {
            uri: resourceUri,
            mimeType: 'text/plain',
            text: 'Embedded resource content for testing.',
          },
        }),
        user({ type: 'text', text: 'Please process the embedded resource above.' }),
      ],
    }),
  );
  mcp.registerPrompt('test_prompt_with_image', { description: 'A prompt with an image' }, () => ({
    messages: [
      user({ type: 'image', data: PNG, mimeType: 'image/png' }),
      user({ type: 'text', text: 'Please analyze the image above.' }),
    ],
  }));
  return mcp;
}

const transports = new Map();
// Loopback names, bare and with the port listened on (known once listening: PORT may be 0).
const hosts = () => ['127.0.0.1', 'localhost', '[::1]'].flatMap((h) => [h, `${h}:${http.address().port}`]);
const http = createServer(async (req, res) => {
  if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  const sid = req.headers['mcp-session-id'];
  let transport = typeof sid === 'string' ? transports.get(sid) : undefined;
  if (transport === undefined) {
    if (sid !== undefined) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }),
      );
      return;
    }
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableDnsRebindingProtection: true,
      allowedHosts: hosts(),
      allowedOrigins: hosts().map((h) => `http://${h}`),
      onsessioninitialized: (id) => transports.set(id, transport),
      onsessionclosed: (id) => transports.delete(id),
    });
    await build().connect(transport);
  }
  await transport.handleRequest(req, res);
});
http.listen(PORT, '127.0.0.1', () => {
  process.stderr.write(`sdk conformance server listening on http://127.0.0.1:${http.address().port}/mcp\n`);
});
const stop = () => http.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
