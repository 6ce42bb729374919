/**
 * The server features over the scripted replay double: each method as a
 * client sends it, the notifications a session gets, and what is refused.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  content,
  Features,
  featureServer,
  LOG_LEVELS,
  RESOURCE_NOT_FOUND,
  ScriptedTransport,
  schemaProblems,
  ToolSet,
  toolContent,
  toolResult,
  unsupportedKeywords,
  useSchemaValidator,
} from '../../../generated/index.ts';

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
});

function rig(options: ConstructorParameters<typeof Features>[0] = {}) {
  const sent: { method: string; params?: Record<string, unknown> }[] = [];
  const features = new Features({ ...options, notify: (method, params) => sent.push({ method, params }) });
  const server = featureServer('f', '1', new ToolSet(), features, { capture: false });
  let next = 1;
  /** Answers one request after the handshake. */
  const ask = async (method: string, params?: unknown) => {
    const id = next++;
    const transport = new ScriptedTransport([JSON.stringify({ jsonrpc: '2.0', id, method, params })]);
    await server.serve(transport);
    return transport.frames().at(-1) as {
      result?: Record<string, unknown>;
      error?: { code: number; message: string; data?: unknown };
    };
  };
  return { features, server, sent, ask, init: () => server.serve(new ScriptedTransport([INIT])) };
}

const read = (text: string) => (uri: string) => [{ uri, mimeType: 'text/plain', text }];

describe('declaring features', () => {
  // @verifies mcp-features#FEATURES-ARE-DECLARED
  it('declares what it was given and finds no method of what it was not', async () => {
    const { ask, init, server } = rig({
      resources: [{ uri: 'a://x', name: 'x', read: read('x') }],
      logging: false,
    });
    const transport = new ScriptedTransport([INIT]);
    await server.serve(transport);
    const caps = (transport.frames()[0] as { result: { capabilities: Record<string, unknown> } }).result
      .capabilities;
    expect(caps).toEqual({
      tools: { listChanged: false },
      resources: { subscribe: true, listChanged: true },
    });
    void init;
    expect((await ask('prompts/list')).error?.code).toBe(-32601);
    expect((await ask('logging/setLevel', { level: 'info' })).error?.code).toBe(-32601);
  });
});

describe('resources', () => {
  const resources = [
    { uri: 'a://one', name: 'one', description: 'first', mimeType: 'text/plain', read: read('1') },
    { uri: 'a://two', name: 'two', read: read('2') },
  ];
  const resourceTemplates = [
    {
      uriTemplate: 'a://items/{id}/data',
      name: 'items',
      read: (uri: string, v: Record<string, string>) => [{ uri, text: `item ${v.id}` }],
      complete: { id: (value: string) => ['10', '11', '20'].filter((x) => x.startsWith(value)) },
    },
  ];

  // @verifies mcp-features#RESOURCES-LIST
  it('lists resources in order and templates apart', async () => {
    const { ask, init } = rig({ resources, resourceTemplates });
    await init();
    expect((await ask('resources/list')).result).toEqual({
      resources: [
        { uri: 'a://one', name: 'one', description: 'first', mimeType: 'text/plain' },
        { uri: 'a://two', name: 'two' },
      ],
    });
    expect((await ask('resources/templates/list')).result).toEqual({
      resourceTemplates: [{ uriTemplate: 'a://items/{id}/data', name: 'items' }],
    });
  });

  // @verifies mcp-features#RESOURCES-READ
  it('reads a direct resource, a template with its variables, and refuses what nothing names', async () => {
    const { ask, init } = rig({
      resources: [...resources, { uri: 'a://bad', name: 'bad', read: () => [{ uri: 'a://bad' } as never] }],
      resourceTemplates,
    });
    await init();
    expect((await ask('resources/read', { uri: 'a://two' })).result).toEqual({
      contents: [{ uri: 'a://two', mimeType: 'text/plain', text: '2' }],
    });
    expect((await ask('resources/read', { uri: 'a://items/42/data' })).result).toEqual({
      contents: [{ uri: 'a://items/42/data', text: 'item 42' }],
    });
    const missing = await ask('resources/read', { uri: 'a://nothing' });
    expect(missing.error?.code).toBe(RESOURCE_NOT_FOUND);
    expect(missing.error?.code).toBe(-32002);
    expect(missing.error?.data).toEqual({ uri: 'a://nothing' });
    const bad = await ask('resources/read', { uri: 'a://bad' });
    expect(bad.error?.message).toContain('exactly one of `text` and `blob`');
  });

  // @verifies mcp-features#RESOURCES-SUBSCRIBE
  it('tells a subscribed URI it changed, and an unsubscribed one nothing', async () => {
    const { ask, init, features, sent } = rig({ resources });
    await init();
    expect((await ask('resources/subscribe', { uri: 'a://one' })).result).toEqual({});
    features.resourceUpdated('a://one');
    features.resourceUpdated('a://two');
    expect(sent).toEqual([{ method: 'notifications/resources/updated', params: { uri: 'a://one' } }]);
    expect((await ask('resources/unsubscribe', { uri: 'a://one' })).result).toEqual({});
    features.resourceUpdated('a://one');
    expect(sent).toHaveLength(1);
  });

  // @verifies mcp-features#LIST-CHANGED-IS-NOTIFIED
  // @verifies mcp-features#FEATURES-ARE-DECLARED
  it('declares a tool list that may change, and tells the client when it did', async () => {
    const quiet = rig();
    quiet.features.toolsChanged();
    expect(quiet.sent).toEqual([]);
    const { features, sent, server } = rig({ toolsListChanged: true });
    const transport = new ScriptedTransport([INIT]);
    await server.serve(transport);
    const caps = (transport.frames()[0] as { result: { capabilities: Record<string, unknown> } }).result
      .capabilities;
    expect(caps.tools).toEqual({ listChanged: true });
    features.toolsChanged();
    expect(sent).toEqual([{ method: 'notifications/tools/list_changed', params: undefined }]);
  });

  // @verifies mcp-features#LIST-CHANGED-IS-NOTIFIED
  it('notifies list changes of resources and prompts', () => {
    const { features, sent } = rig({ resources });
    features.addResource({ uri: 'a://three', name: 'three', read: read('3') });
    features.removeResource('a://one');
    features.addPrompt({ name: 'p', get: () => ({ messages: [] }) });
    expect(sent.map((s) => s.method)).toEqual([
      'notifications/resources/list_changed',
      'notifications/resources/list_changed',
      'notifications/prompts/list_changed',
    ]);
  });
});

describe('prompts and completion', () => {
  const prompts = [
    {
      name: 'greet',
      description: 'Greets',
      arguments: [{ name: 'who', required: true }],
      get: (args: Record<string, string>) => ({
        messages: [{ role: 'user' as const, content: content.text(`hello ${args.who}`) }],
      }),
      complete: { who: (value: string) => Array.from({ length: 150 }, (_, i) => `${value}${i}`) },
    },
  ];

  // @verifies mcp-features#PROMPTS-LIST
  // @verifies mcp-features#PROMPTS-GET
  it('lists prompts and fills them in, refusing a missing argument or an unknown prompt', async () => {
    const { ask, init } = rig({ prompts });
    await init();
    expect((await ask('prompts/list')).result).toEqual({
      prompts: [{ name: 'greet', description: 'Greets', arguments: [{ name: 'who', required: true }] }],
    });
    expect((await ask('prompts/get', { name: 'greet', arguments: { who: 'you' } })).result).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'hello you' } }],
    });
    const missing = await ask('prompts/get', { name: 'greet' });
    expect(missing.error?.code).toBe(-32602);
    expect(missing.error?.message).toContain('who');
    expect((await ask('prompts/get', { name: 'nope' })).error?.code).toBe(-32602);
  });

  // @verifies mcp-features#COMPLETION-COMPLETE
  it('completes an argument with at most 100 values, saying there are more', async () => {
    const { ask, init } = rig({ prompts });
    await init();
    const done = await ask('completion/complete', {
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'who', value: 'x' },
    });
    const completion = done.result?.completion as { values: string[]; total: number; hasMore: boolean };
    expect(completion.values).toHaveLength(100);
    expect(completion.values[0]).toBe('x0');
    expect(completion.total).toBe(150);
    expect(completion.hasMore).toBe(true);
    const none = await ask('completion/complete', {
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'other', value: '' },
    });
    expect(none.result).toEqual({ completion: { values: [], total: 0, hasMore: false } });
  });
});

describe('logging', () => {
  // @verifies mcp-features#LOG-LEVELS
  // @verifies mcp-features#LOGGING-SET-LEVEL
  // @verifies mcp-features#LOG-LINES-ARE-NOTIFICATIONS
  it('sends every level until one is set, then only as severe or more', async () => {
    expect(LOG_LEVELS).toEqual([
      'debug',
      'info',
      'notice',
      'warning',
      'error',
      'critical',
      'alert',
      'emergency',
    ]);
    const { ask, init, features, sent } = rig();
    await init();
    features.log('debug', 'early');
    expect((await ask('logging/setLevel', { level: 'warning' })).result).toEqual({});
    features.log('info', 'dropped');
    features.log('error', { n: 1 }, 'db');
    expect(sent).toEqual([
      { method: 'notifications/message', params: { level: 'debug', data: 'early' } },
      { method: 'notifications/message', params: { level: 'error', logger: 'db', data: { n: 1 } } },
    ]);
    expect((await ask('logging/setLevel', { level: 'loud' })).error?.code).toBe(-32602);
  });
});

describe('content', () => {
  // @verifies mcp-features#CONTENT-BLOCK-KINDS
  // @verifies mcp-features#TOOL-RESULT-CARRIES-ANY-CONTENT
  it('spells every kind of block, mixed, in order', () => {
    const blocks = [
      content.text('t'),
      content.image('aW1n', 'image/png'),
      content.audio('YXVk', 'audio/wav'),
      content.link('a://x', 'x', { mimeType: 'text/plain' }),
      content.embedded({ uri: 'a://y', blob: 'Ymxi' }),
    ];
    const output = toolContent(blocks);
    expect(output.report).toBe(
      't\n[image image/png]\n[audio audio/wav]\n[resource_link text/plain]\n[resource]',
    );
    expect(toolResult(output)).toEqual({
      content: [
        { type: 'text', text: 't' },
        { type: 'image', data: 'aW1n', mimeType: 'image/png' },
        { type: 'audio', data: 'YXVk', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'a://x', name: 'x', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'a://y', blob: 'Ymxi' } },
      ],
      isError: false,
    });
  });

  // @verifies mcp-features#CONTENT-BLOCKS-ARE-CHECKED
  it('turns a malformed block into a failure that names it', () => {
    const result = toolResult({
      report: '',
      content: [content.text('ok'), { type: 'video', data: 'x' } as never],
    });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain(`content[1].type: \\"video\\" is not a content kind`);
  });
});

describe('schemas as written', () => {
  const ADDRESS = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: {
      address: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false },
    },
    properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
    additionalProperties: false,
  };

  // @verifies mcp-features#SCHEMA-LOCAL-REFS-ARE-CHECKED
  it('follows a local $ref into $defs, and reports a loop instead of recursing', () => {
    expect(unsupportedKeywords(ADDRESS)).toEqual([]);
    expect(schemaProblems(ADDRESS, { name: 'n', address: { city: 'c' } })).toEqual([]);
    expect(schemaProblems(ADDRESS, { address: { city: 3 } })).toEqual([
      '/address/city: expected string, got integer',
    ]);
    expect(schemaProblems(ADDRESS, { address: { zip: '1' } })).toEqual([
      '/address/zip: unknown field (known: city)',
    ]);
    const loop = { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' };
    expect(schemaProblems(loop, 1)[0]).toMatch(/\$ref "#\/\$defs\/[ab]" loops/);
  });

  // @verifies mcp-features#SCHEMA-2020-12-AS-WRITTEN
  it('lists a 2020-12 schema exactly as the tool wrote it', async () => {
    const tools = new ToolSet([
      { descriptor: { name: 'addr', description: 'd', inputSchema: ADDRESS }, run: () => ({ report: '' }) },
    ]);
    expect(tools.descriptors()[0]?.inputSchema).toEqual(ADDRESS);
  });

  // @verifies mcp-features#SCHEMA-VALIDATOR-CHECKS-THE-REST
  it('leaves keywords it does not know unchecked, until a validator is installed that checks the schema whole', () => {
    const bounded = {
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    };
    expect(unsupportedKeywords(bounded)[0]).toContain('keyword `minimum` is not checked');
    expect(schemaProblems(bounded, { n: 0 })).toEqual([]);
    const ajv = new Ajv2020({ allErrors: true });
    useSchemaValidator((schema) => {
      const validate = ajv.compile(schema);
      return (value) =>
        validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message}`);
    });
    try {
      expect(schemaProblems(bounded, { n: 0 })).toEqual(['/n: must be >= 1']);
      expect(schemaProblems(bounded, { n: 2 })).toEqual([]);
      // A schema the core checks whole stays with the core.
      expect(schemaProblems(ADDRESS, { address: { city: 3 } })).toEqual([
        '/address/city: expected string, got integer',
      ]);
    } finally {
      useSchemaValidator(undefined);
    }
  });
});
