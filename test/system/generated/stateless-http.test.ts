/**
 * The stateless revision over Streamable HTTP as hosts use it: many official
 * v2 clients pinned to 2026-07-28 against one real server process, each
 * request on a POST of its own. Overlap is measured by the tools themselves
 * (how many ran at one moment), never by the clock.
 */

import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, Features, featureServer, serveHttp, ToolSet } from '../../../generated/index.ts';
import { REPO } from '../../support/cli.ts';
import { demoProject, HTTP_FIXTURE, type HttpProcess, startHttp } from '../../support/http.ts';
import { NODE_TSX } from '../../support/mcp.ts';

const FIXTURE = HTTP_FIXTURE;
const BIN = join(REPO, 'bin/factline.js');

const dir = demoProject('factline-stateless-');

let fixture: HttpProcess;
let factline: HttpProcess;
beforeAll(async () => {
  [fixture, factline] = await Promise.all([
    startHttp([...NODE_TSX, FIXTURE]),
    startHttp([BIN, 'serve', '--http', '0'], { cwd: dir }),
  ]);
});
afterAll(async () => {
  await Promise.all([fixture?.stop(), factline?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const PINNED = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;
const textOf = (r: unknown) => (r as { content: { text: string }[] }).content[0]?.text ?? '';

/** The official v2 client pinned to the stateless revision; every message it POSTs is kept in `sent`. */
async function pinned(url: string, sent: Record<string, unknown>[] = []): Promise<V2Client> {
  const recording = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    if (init?.method === 'POST' && typeof init.body === 'string') sent.push(JSON.parse(init.body));
    return fetch(input, init);
  };
  const client = new V2Client({ name: 't', version: '0' }, PINNED);
  await client.connect(new V2HttpTransport(new URL(url), { fetch: recording }));
  expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  return client;
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** The headers a stateless POST of `method` carries (with `Mcp-Name` for the methods that name something). */
function standard(method: string, name?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
  };
}

/** POSTs one message; the status, and the JSON-RPC messages of the answer (its body, or its events). */
async function postRaw(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; messages: Record<string, unknown>[] }> {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  const messages = (res.headers.get('content-type') ?? '').includes('text/event-stream')
    ? text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => JSON.parse(l.slice(6)))
    : [JSON.parse(text)];
  return { status: res.status, messages };
}

const idsOf = (sent: Record<string, unknown>[], method: string) =>
  sent.filter((m) => m.method === method).map((m) => m.id);

describe('stateless clients share one server but nothing else', () => {
  // @verifies mcp-http#HTTP-STATELESS-IDS-ARE-SCOPED
  // @verifies mcp-http#HTTP-STATELESS-CALLS-SHARE-ONE-POOL
  it('16 pinned v2 clients calling with the same id at once are all answered, all 16 runs at one moment', async () => {
    const sent = Array.from({ length: 16 }, () => [] as Record<string, unknown>[]);
    const clients = await Promise.all(sent.map((s) => pinned(fixture.url, s)));
    try {
      const results = await Promise.all(
        clients.map((c) =>
          c.callTool({ name: 'gather', arguments: { round: 'sixteen', count: 16, ms: 500 } }),
        ),
      );
      // Every client sent its call under the same id: the ids of one client never reach another.
      const ids = sent.map((s) => idsOf(s, 'tools/call'));
      expect(ids.every((i) => i.length === 1)).toBe(true);
      expect(new Set(ids.map((i) => JSON.stringify(i))).size).toBe(1);
      // Each run saw all 16 running at one moment (past the old limit of 8 per server).
      expect(results.map((r) => [r.isError, textOf(r)])).toEqual(Array(16).fill([false, 'peak 16']));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  // @verifies mcp-http#HTTP-STATELESS-IDS-ARE-SCOPED
  it('two raw POSTs of trace_check with id 1 to factline serve --http at once both get their result, id 1', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'trace_check', arguments: {}, _meta: META },
    };
    const post = () => postRaw(factline.url, body, standard('tools/call', 'trace_check'));
    for (const { status, messages } of await Promise.all([post(), post()])) {
      expect(status).toBe(200);
      // The demo's fact has no verification: the gate's answer is a failed check, with its findings.
      expect(messages.at(-1)).toMatchObject({
        id: 1,
        result: { isError: true, structuredContent: { clean: false } },
      });
    }
  });
});

describe('what the server sends during a stateless request', () => {
  // @verifies mcp-http#HTTP-STATELESS-MESSAGES-STAY-ON-THEIR-STREAM
  it('two clients using the same id and progress token each get only their own progress, and no stray log line', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'steps', arguments: {}, _meta: { ...META, progressToken: 'p' } },
    };
    const post = async () => (await postRaw(fixture.url, body, standard('tools/call', 'steps'))).messages;
    const streams = await Promise.all([post(), post()]);
    for (const events of streams) {
      // `steps` reports progress 1..3 for its call and logs lines that name no request.
      expect(events.map((e) => e.method ?? `answer ${String(e.id)}`)).toEqual([
        'notifications/progress',
        'notifications/progress',
        'notifications/progress',
        'answer 1',
      ]);
      expect(events.slice(0, 3).map((e) => (e.params as { progress: number }).progress)).toEqual([1, 2, 3]);
    }
  });
});

describe('log lines of a stateless request', () => {
  // @verifies mcp-http#HTTP-STATELESS-LOG-LEVEL-FROM-META
  it.each([
    [undefined, []],
    ['error', ['at error']],
    ['info', ['at info', 'at error']],
    ['debug', ['at debug', 'at info', 'at error']],
  ])('with _meta logLevel %s it hears %j', async (level, heard) => {
    const meta = level === undefined ? META : { ...META, 'io.modelcontextprotocol/logLevel': level };
    const body = { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'levels', _meta: meta } };
    const { messages } = await postRaw(fixture.url, body, standard('tools/call', 'levels'));
    expect(messages.at(-1)).toMatchObject({ id: 5, result: { content: [{ text: 'logged' }] } });
    expect(messages.slice(0, -1).map((m) => (m.params as { data: string }).data)).toEqual(heard);
  });
});

describe('the HTTP answer to a stateless request the revision refuses', () => {
  const call = (params: Record<string, unknown>, method = 'tools/call') => ({
    jsonrpc: '2.0',
    id: 42,
    method,
    params,
  });
  const echo = { name: 'echo', arguments: { text: 'x' } };

  // @verifies mcp-http#HTTP-STATELESS-IS-DECIDED-BY-BODY-OR-HEADER
  it.each([
    [
      'no _meta at all',
      {},
      ['io.modelcontextprotocol/protocolVersion', 'io.modelcontextprotocol/clientCapabilities'],
    ],
    [
      '_meta without the revision',
      { 'io.modelcontextprotocol/clientCapabilities': {} },
      ['io.modelcontextprotocol/protocolVersion'],
    ],
    [
      '_meta without capabilities',
      { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
      ['io.modelcontextprotocol/clientCapabilities'],
    ],
  ])(
    'the header says 2026-07-28 and the body has %s: 400, -32602, the missing keys named',
    async (_what, meta, missing) => {
      const { status, messages } = await postRaw(
        fixture.url,
        call({ ...echo, _meta: meta }),
        standard('tools/call', 'echo'),
      );
      expect(status).toBe(400);
      expect(messages[0]).toMatchObject({ id: 42, error: { code: -32602, data: { missing } } });
    },
  );

  // @verifies mcp-http#HTTP-STATELESS-STANDARD-HEADERS
  it.each([
    ['no MCP-Protocol-Version', { 'mcp-protocol-version': '' }],
    ['MCP-Protocol-Version other than _meta', { 'mcp-protocol-version': '2025-11-25' }],
    ['no Mcp-Method', { 'mcp-method': '' }],
    ['Mcp-Method other than the body', { 'mcp-method': 'prompts/list' }],
    ['Mcp-Method in other case', { 'mcp-method': 'TOOLS/CALL' }],
    ['no Mcp-Name', { 'mcp-name': '' }],
    ['Mcp-Name other than params.name', { 'mcp-name': 'wrong_tool' }],
  ])('%s: 400 and -32020', async (_what, override) => {
    const headers: Record<string, string> = { ...standard('tools/call', 'echo'), ...override };
    for (const [k, v] of Object.entries(override)) if (v === '') delete headers[k];
    const { status, messages } = await postRaw(fixture.url, call({ ...echo, _meta: META }), headers);
    expect(status).toBe(400);
    expect(messages[0]).toMatchObject({ id: 42, error: { code: -32020 } });
  });

  // @verifies mcp-http#HTTP-STATELESS-STANDARD-HEADERS
  it('takes Mcp-Name with blanks around it, and in its base64 form', async () => {
    for (const name of ['  echo  ', `=?base64?${Buffer.from('echo').toString('base64')}?=`]) {
      const headers = { ...standard('tools/call'), 'mcp-name': name };
      const { status, messages } = await postRaw(fixture.url, call({ ...echo, _meta: META }), headers);
      expect(status).toBe(200);
      expect(messages.at(-1)).toMatchObject({ id: 42, result: { content: [{ text: 'x' }] } });
    }
  });

  // @verifies mcp-http#HTTP-STATELESS-REFUSALS-HAVE-THEIR-STATUS
  // @verifies mcp-revisions#MODERN-REMOVED-METHODS
  it.each([
    'initialize',
    'ping',
    'logging/setLevel',
    'resources/subscribe',
    'resources/unsubscribe',
    'no/such-method',
  ])('%s: 404 and -32601', async (method) => {
    const { status, messages } = await postRaw(fixture.url, call({ _meta: META }, method), standard(method));
    expect(status).toBe(404);
    expect(messages[0]).toMatchObject({ id: 42, error: { code: -32601 } });
  });

  // @verifies mcp-http#HTTP-UNSUPPORTED-VERSION-HEADER
  // @verifies mcp-http#HTTP-STATELESS-REFUSALS-HAVE-THEIR-STATUS
  it('a revision the server does not speak, in header and _meta: 400, -32022, the revisions it speaks', async () => {
    const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': '1999-01-01' };
    const headers = { ...standard('tools/call', 'echo'), 'mcp-protocol-version': '1999-01-01' };
    const { status, messages } = await postRaw(fixture.url, call({ ...echo, _meta: meta }), headers);
    expect(status).toBe(400);
    expect(messages[0]).toMatchObject({
      id: 42,
      error: {
        code: -32022,
        data: { requested: '1999-01-01', supported: expect.arrayContaining(['2025-11-25', '2026-07-28']) },
      },
    });
  });

  // @verifies mcp-http#HTTP-STATELESS-REFUSALS-HAVE-THEIR-STATUS
  it('what a method answers stays in-band: an unknown tool is -32602 on a 200 stream', async () => {
    const { status, messages } = await postRaw(
      fixture.url,
      call({ name: 'no_such_tool', _meta: META }),
      standard('tools/call', 'no_such_tool'),
    );
    expect(status).toBe(200);
    expect(messages.at(-1)).toMatchObject({ id: 42, error: { code: -32602 } });
  });
});

describe('notifications through subscriptions/listen', () => {
  // @verifies mcp-http#HTTP-SUBSCRIPTIONS-LISTEN
  it('acknowledges first, sends only the kinds asked for, each tagged, and ends with its result at shutdown', async () => {
    let features: Features | undefined;
    const handle = await serveHttp((session) => {
      features = new Features({
        resources: [{ uri: 'demo://a', name: 'a', read: (uri) => [{ uri, text: 'a' }] }],
        prompts: [{ name: 'p', get: () => ({ messages: [] }) }],
        notify: (method, params) => session.peer.notify(method, params),
      });
      return featureServer('listen', '1', new ToolSet(), features);
    });
    try {
      const res = await fetch(handle.url, {
        method: 'POST',
        headers: standard('subscriptions/listen'),
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 'sub-1',
          method: 'subscriptions/listen',
          params: {
            notifications: { promptsListChanged: true, resourceSubscriptions: ['demo://a'] },
            _meta: META,
          },
        }),
      });
      expect(res.status).toBe(200);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let seen = '';
      const events = () =>
        seen
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
      const read = async (count: number) => {
        while (events().length < count) {
          const { done, value } = await reader.read();
          if (done) break;
          seen += value;
        }
        return events();
      };
      const [ack] = await read(1);
      expect(ack).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          notifications: { promptsListChanged: true },
          _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' },
        },
      });
      // A resource list change was not asked for; a prompt list change was.
      features!.addResource({ uri: 'demo://b', name: 'b', read: (uri) => [{ uri, text: 'b' }] });
      features!.addPrompt({ name: 'q', get: () => ({ messages: [] }) });
      const [, changed] = await read(2);
      expect(changed).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/prompts/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' } },
      });
      const closing = handle.close();
      const all = await read(99);
      await closing;
      expect(all.slice(2)).toEqual([
        {
          jsonrpc: '2.0',
          id: 'sub-1',
          result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' } },
        },
      ]);
    } finally {
      await handle.close();
    }
  });
});

/** Whether `pid` is gone: no such process, or a zombie no one has reaped yet. */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

async function until<T>(what: string, probe: () => T | undefined): Promise<T> {
  // A bound only so a broken server fails the test instead of hanging it; nothing is timed.
  for (let i = 0; i < 3000; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`still waiting for ${what}`);
}

/** The pids of the shell and the sleep a `tree` run started, once it wrote them. */
function treeOf(pidFile: string): Promise<number[]> {
  return until('the tree to start', () => {
    let text = '';
    try {
      text = readFileSync(pidFile, 'utf8');
    } catch {
      return undefined;
    }
    const found = text.trim().split(/\s+/).map(Number);
    return found.length === 2 && found.every((p) => p > 0) ? found : undefined;
  });
}

describe('ending a session kills the tools it runs', () => {
  // @verifies mcp-http#HTTP-ENDING-KILLS-RUNNING-TOOLS
  it('DELETE of a legacy session kills its running tool, child and grandchild', async () => {
    const pidFile = join(dir, 'deleted.pids');
    const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const init = await fetch(fixture.url, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      }),
    });
    const session = init.headers.get('mcp-session-id') as string;
    await init.text();
    const headers = { ...json, 'mcp-session-id': session };
    const notified = await fetch(fixture.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(notified.status).toBe(202);
    const call = fetch(fixture.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'tree', arguments: { pidFile } },
      }),
    });
    const pids = await treeOf(pidFile);
    expect(pids.map(gone)).toEqual([false, false]);
    const deleted = await fetch(fixture.url, { method: 'DELETE', headers });
    expect(deleted.status).toBe(200);
    await until('the tree to be killed', () => (pids.every(gone) ? true : undefined));
    await (await call).text();
  });

  // @verifies mcp-http#HTTP-ENDING-KILLS-RUNNING-TOOLS
  // @verifies mcp-http#SERVE-HTTP-FLAG
  it('SIGTERM of the server kills the running tool of a stateless request, child and grandchild, and exits 0', async () => {
    const own = await startHttp([...NODE_TSX, FIXTURE]);
    const pidFile = join(dir, 'terminated.pids');
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'tree', arguments: { pidFile }, _meta: META },
    };
    const call = postRaw(own.url, body, standard('tools/call', 'tree')).catch(() => undefined);
    const pids = await treeOf(pidFile);
    expect(pids.map(gone)).toEqual([false, false]);
    expect(await own.stop()).toBe(0);
    await until('the tree to be killed', () => (pids.every(gone) ? true : undefined));
    await call;
  });
});

describe('cancelling by closing the stream', () => {
  // @verifies mcp-http#HTTP-STATELESS-CANCEL-BY-CLOSING
  it('the v2 client aborting a call kills the tool, its child and its grandchild', async () => {
    const pidFile = join(dir, 'tree.pids');
    const client = await pinned(fixture.url);
    try {
      const stop = new AbortController();
      const call = client.callTool({ name: 'tree', arguments: { pidFile } }, { signal: stop.signal });
      const pids = await treeOf(pidFile);
      expect(pids.map(gone)).toEqual([false, false]);
      stop.abort(new Error('enough'));
      await expect(call).rejects.toThrow();
      await until('the tree to be killed', () => (pids.every(gone) ? true : undefined));
      await until('the run to be cancelled', () =>
        fixture.stderr().includes('tree was cancelled') ? true : undefined,
      );
      // The server is free for the next call of the same client.
      const next = await client.callTool({ name: 'echo', arguments: { text: 'after' } });
      expect(textOf(next)).toBe('after');
    } finally {
      await client.close();
    }
  });
});

describe('cache hints', () => {
  // @verifies mcp-revisions#MODERN-CACHE-HINTS
  // @verifies mcp-revisions#CACHEABLE-RESULTS
  it('the pinned v2 client lists and reads resources and prompts, each result with its hints', async () => {
    const features = () =>
      new Features({
        resources: [
          {
            uri: 'demo://note',
            name: 'note',
            mimeType: 'text/plain',
            read: (uri) => [{ uri, mimeType: 'text/plain', text: 'a note' }],
          },
        ],
        resourceTemplates: [
          {
            uriTemplate: 'demo://item/{id}',
            name: 'item',
            read: (uri, { id }) => [{ uri, text: `item ${id}` }],
          },
        ],
        prompts: [
          {
            name: 'greet',
            arguments: [{ name: 'who', required: true }],
            get: ({ who }) => ({ messages: [{ role: 'user', content: content.text(`hello ${who}`) }] }),
          },
        ],
      });
    const handle = await serveHttp(() => featureServer('hints', '1', new ToolSet(), features()));
    const sent: Record<string, unknown>[] = [];
    const answers: Record<string, unknown>[] = [];
    const client = new V2Client({ name: 't', version: '0' }, PINNED);
    const keeping = async (input: string | URL, init?: RequestInit): Promise<Response> => {
      if (init?.method === 'POST' && typeof init.body === 'string') sent.push(JSON.parse(init.body));
      const res = await fetch(input, init);
      for (const line of (await res.clone().text()).split('\n'))
        if (line.startsWith('data: ')) answers.push(JSON.parse(line.slice(6)));
      return res;
    };
    try {
      await client.connect(new V2HttpTransport(new URL(handle.url), { fetch: keeping }));
      expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['demo://note']);
      expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
        'demo://item/{id}',
      ]);
      expect((await client.readResource({ uri: 'demo://item/7' })).contents).toEqual([
        { uri: 'demo://item/7', text: 'item 7' },
      ]);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['greet']);
      const got = await client.getPrompt({ name: 'greet', arguments: { who: 'you' } });
      expect(got.messages[0]?.content).toEqual({ type: 'text', text: 'hello you' });
    } finally {
      await client.close();
      await handle.close();
    }
    // On the wire: the hints on exactly the cacheable results.
    const hinted = answers
      .filter((a) => a.result !== undefined)
      .map((a) => {
        const method = sent.find((m) => m.id === a.id)?.method;
        const result = a.result as Record<string, unknown>;
        return [method, result.ttlMs, result.cacheScope];
      });
    expect(hinted).toEqual([
      ['server/discover', 0, 'private'],
      ['resources/list', 0, 'private'],
      ['resources/templates/list', 0, 'private'],
      ['resources/read', 0, 'private'],
      ['prompts/list', 0, 'private'],
      ['prompts/get', undefined, undefined],
    ]);
  });
});
