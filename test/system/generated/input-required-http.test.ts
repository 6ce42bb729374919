/**
 * The stateless revision's input-required rounds (SEP-2322), required client
 * capabilities (SEP-2575) and declared extensions, over real HTTP against a
 * server on the generated core: what a client sends, what comes back, and the
 * HTTP status it comes with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  content,
  Features,
  featureServer,
  type HttpHandle,
  inputRequired,
  serveHttp,
  ToolSet,
  toolContent,
} from '../../../generated/index.ts';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const text = (t: string) => toolContent([content.text(t)]);
const ASK_NAME = {
  method: 'elicitation/create',
  params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
};

function server() {
  const tools = new ToolSet();
  tools.register({
    descriptor: { name: 'greet', description: 'asks the name, then greets', inputSchema: { type: 'object' } },
    run: (_args, context) => {
      const answer = context.inputResponses?.name as { content?: { name?: string } } | undefined;
      if (answer === undefined) return inputRequired({ name: ASK_NAME }, 'asked-name');
      return text(`Hello, ${answer.content?.name} (state ${context.requestState})`);
    },
  });
  tools.register({
    descriptor: { name: 'sample', description: 'needs sampling', inputSchema: { type: 'object' } },
    requires: { sampling: {}, extensions: { 'example.com/x': {} } },
    run: () => text('ran'),
  });
  tools.register({
    descriptor: {
      name: 'region',
      description: 'an argument that travels in a header too',
      inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
    },
    run: (args) => text(`region ${args.region}`),
  });
  const features = new Features({
    extensions: { 'example.com/x': { level: 1 } },
    resources: [{ uri: 'test://here', name: 'here', read: (uri) => [{ uri, text: 'here' }] }],
    prompts: [
      {
        name: 'ask',
        get: (_args, context) =>
          context.inputResponses?.name === undefined
            ? inputRequired({ name: ASK_NAME })
            : { messages: [{ role: 'user', content: content.text('thanks') }] },
      },
    ],
  });
  // A method of the tasks extension, as an extension adds it to the table.
  const methods = {
    'tasks/get': (params: unknown) => ({ result: { taskId: (params as { taskId: string }).taskId } }),
  };
  return featureServer('mrtr', '1', tools, features, { methods });
}

let handle: HttpHandle;
beforeAll(async () => {
  handle = await serveHttp(server);
});
afterAll(async () => {
  await handle?.close();
});

let nextId = 0;
/** POSTs one stateless request; its status and the JSON-RPC answer (the last message of its stream). */
async function post(
  method: string,
  params: Record<string, unknown>,
  meta: Record<string, unknown> = META,
  extra: Record<string, string> = {},
): Promise<{ status: number; answer: Record<string, unknown> }> {
  const name = params.name ?? params.taskId ?? params.uri;
  const named: Record<string, string> = typeof name === 'string' ? { 'mcp-name': name } : {};
  const res = await fetch(handle.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...named,
      ...extra,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params: { ...params, _meta: meta } }),
  });
  const body = await res.text();
  const lines = body.split('\n').filter((l) => l.startsWith('data: ') && l.length > 6);
  const answer = lines.length > 0 ? JSON.parse((lines.at(-1) as string).slice(6)) : JSON.parse(body);
  return { status: res.status, answer };
}

describe('input-required rounds', () => {
  // @verifies mcp-revisions#MODERN-INPUT-REQUIRED
  // @verifies mcp-revisions#MODERN-OTHER-RESULT-KINDS
  it('a tool asks, the client answers with the state handed back, the tool completes with both', async () => {
    const first = await post('tools/call', { name: 'greet', arguments: {} });
    expect(first.status).toBe(200);
    const result = first.answer.result as Record<string, unknown>;
    expect(result).toMatchObject({ resultType: 'input_required', inputRequests: { name: ASK_NAME } });
    expect(result).not.toHaveProperty('content');
    expect(result._meta).toEqual({ 'io.modelcontextprotocol/serverInfo': { name: 'mrtr', version: '1' } });
    const second = await post('tools/call', {
      name: 'greet',
      arguments: {},
      inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
      requestState: result.requestState,
    });
    expect(second.answer.result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'Hello, Ada (state asked-name)' }],
    });
  });

  // @verifies mcp-revisions#MODERN-INPUT-REQUIRED
  it('a prompt asks first too, and gives its messages once answered', async () => {
    const first = await post('prompts/get', { name: 'ask' });
    expect(first.answer.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { name: ASK_NAME },
    });
    const second = await post('prompts/get', {
      name: 'ask',
      inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
    });
    expect(second.answer.result).toMatchObject({ resultType: 'complete', messages: [{ role: 'user' }] });
  });

  // @verifies mcp-revisions#MODERN-REQUEST-STATE-IS-SEALED
  it('the state travels sealed: a changed or forged state is refused with -32602 and 400 before the tool runs', async () => {
    const first = await post('tools/call', { name: 'greet', arguments: {} });
    const state = (first.answer.result as { requestState: string }).requestState;
    // Sealed: the client never sees the state the run wrote as it was.
    expect(state).not.toBe('asked-name');
    expect(state.startsWith('asked-name.')).toBe(true);
    const answers = { name: { action: 'accept', content: { name: 'Eve' } } };
    for (const forged of [`${state}-TAMPERED`, 'asked-name', `other.${state.split('.').at(-1)}`]) {
      const refused = await post('tools/call', {
        name: 'greet',
        arguments: {},
        inputResponses: answers,
        requestState: forged,
      });
      expect(refused.status).toBe(400);
      expect(refused.answer).toMatchObject({ id: nextId, error: { code: -32602 } });
      expect(refused.answer).not.toHaveProperty('result');
    }
  });
});

describe('answers that are not answers, and resources that are not there', () => {
  // @verifies mcp-revisions#MODERN-INPUT-RESPONSES-ARE-CHECKED
  it('inputResponses that are not an object of objects are refused with -32602 and 400 before the tool runs', async () => {
    for (const inputResponses of [{ name: 12345 }, null, 'name', [{ action: 'accept' }], { name: null }]) {
      const { status, answer } = await post('tools/call', { name: 'greet', arguments: {}, inputResponses });
      expect(status, JSON.stringify(inputResponses)).toBe(400);
      expect(answer, JSON.stringify(inputResponses)).toMatchObject({ id: nextId, error: { code: -32602 } });
    }
    // An answer under a key never asked for is passed on; the tool asks again for what it needs.
    const extra = await post('tools/call', { name: 'greet', arguments: {}, inputResponses: { other: {} } });
    expect(extra.answer.result).toMatchObject({ resultType: 'input_required' });
  });

  // @verifies mcp-revisions#MODERN-RESOURCE-NOT-FOUND
  it('a stateless read of a URI nothing matches is -32602 with the uri; one that matches is read', async () => {
    const missing = await post('resources/read', { uri: 'test://nowhere' });
    expect(missing.answer).toMatchObject({ error: { code: -32602, data: { uri: 'test://nowhere' } } });
    expect(missing.answer).not.toHaveProperty('result');
    const found = await post('resources/read', { uri: 'test://here' });
    expect(found.answer.result).toMatchObject({ contents: [{ uri: 'test://here', text: 'here' }] });
  });
});

describe('the legacy era', () => {
  // @verifies mcp-revisions#MODERN-INPUT-REQUIRED
  it('a legacy session calling a tool that asks gets a failed tool result saying why', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const opened = await fetch(handle.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      }),
    });
    const session = opened.headers.get('mcp-session-id') as string;
    await opened.text();
    const withSession = { ...headers, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
    await (
      await fetch(handle.url, { method: 'POST', headers: withSession, body: JSON.stringify(initialized) })
    ).text();
    const res = await fetch(handle.url, {
      method: 'POST',
      headers: withSession,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'greet', arguments: {} },
      }),
    });
    const data = (await res.text()).split('\n').filter((l) => l.startsWith('data: ') && l.length > 6);
    const answer = JSON.parse((data.at(-1) as string).slice(6));
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0].text).toContain('input_required');
    expect(answer.result.content[0].text).toContain('2026-07-28');
    await fetch(handle.url, { method: 'DELETE', headers: withSession });
  });
});

describe('capabilities a tool requires, and extensions the server speaks', () => {
  // @verifies mcp-revisions#MODERN-MISSING-CAPABILITY
  // @verifies mcp-http#HTTP-SCREEN-REFUSALS-HAVE-THEIR-STATUS
  it('a call from a client lacking a required capability is refused with -32021 and 400, naming what is missing', async () => {
    const withSampling = {
      ...META,
      'io.modelcontextprotocol/clientCapabilities': { sampling: {}, extensions: {} },
    };
    const refused = await post('tools/call', { name: 'sample', arguments: {} }, withSampling);
    expect(refused.status).toBe(400);
    expect(refused.answer).toMatchObject({
      id: nextId,
      error: { code: -32021, data: { requiredCapabilities: { extensions: { 'example.com/x': {} } } } },
    });
    const bare = await post('tools/call', { name: 'sample', arguments: {} });
    expect((bare.answer.error as { data: unknown }).data).toEqual({
      requiredCapabilities: { sampling: {}, extensions: { 'example.com/x': {} } },
    });
    const everything = {
      ...META,
      'io.modelcontextprotocol/clientCapabilities': { sampling: {}, extensions: { 'example.com/x': {} } },
    };
    const ran = await post('tools/call', { name: 'sample', arguments: {} }, everything);
    expect(ran.status).toBe(200);
    expect(ran.answer.result).toMatchObject({ content: [{ text: 'ran' }] });
  });

  // @verifies mcp-revisions#EXTENSIONS-ARE-DECLARED
  it('discovery declares the extensions under capabilities.extensions', async () => {
    const { answer } = await post('server/discover', {});
    expect((answer.result as { capabilities: unknown }).capabilities).toMatchObject({
      extensions: { 'example.com/x': { level: 1 } },
    });
  });
});

describe('arguments that travel in a header too (x-mcp-header)', () => {
  const call = (region: string | undefined, header: Record<string, string>) =>
    post('tools/call', { name: 'region', arguments: region === undefined ? {} : { region } }, META, header);
  const base64 = (t: string) => `=?base64?${Buffer.from(t).toString('base64')}?=`;

  // @verifies mcp-http#HTTP-STATELESS-PARAM-HEADERS
  it('a header agreeing with the argument, plain or base64, runs the tool; one lacking an end of the wrapper is plain text', async () => {
    for (const [arg, header] of [
      ['eu-west', 'eu-west'],
      ['Zürich', base64('Zürich')],
      ['SGVsbG8=', 'SGVsbG8='],
      ['=?base64?SGVsbG8=', '=?base64?SGVsbG8='],
    ] as const) {
      const { status, answer } = await call(arg, { 'mcp-param-region': header });
      expect(status, header).toBe(200);
      expect(answer.result, header).toMatchObject({ content: [{ text: `region ${arg}` }] });
    }
  });

  // @verifies mcp-http#HTTP-STATELESS-PARAM-HEADERS
  it('a missing, different or malformed header, or one without its argument, is refused with 400 and -32020', async () => {
    for (const [arg, header] of [
      ['eu-west', undefined],
      ['eu-west', 'us-east'],
      ['Hello', '=?base64?SGVsbG8?='],
      ['Hello', '=?base64?SGVs!!!bG8=?='],
      [undefined, 'eu-west'],
    ] as const) {
      const { status, answer } = await call(arg, header === undefined ? {} : { 'mcp-param-region': header });
      expect(status, String(header)).toBe(400);
      expect(answer, String(header)).toMatchObject({ id: nextId, error: { code: -32020 } });
    }
  });
});

describe('requests about one task', () => {
  // @verifies mcp-http#HTTP-TASK-ROUTING-HEADER
  it('tasks/get repeats its taskId in Mcp-Name: matching runs, missing or different is refused with 400 and -32020', async () => {
    const ok = await post('tasks/get', { taskId: 't-1' });
    expect(ok.status).toBe(200);
    expect(ok.answer.result).toMatchObject({ taskId: 't-1' });
    for (const header of ['t-2', undefined]) {
      const res = await fetch(handle.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tasks/get',
          ...(header === undefined ? {} : { 'mcp-name': header }),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 9,
          method: 'tasks/get',
          params: { taskId: 't-1', _meta: META },
        }),
      });
      expect(res.status, String(header)).toBe(400);
      expect(await res.json(), String(header)).toMatchObject({ id: 9, error: { code: -32020 } });
    }
  });
});
