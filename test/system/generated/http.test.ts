/**
 * Streamable HTTP through real processes: `factline serve --http` and a
 * consumer's server on the generated core, driven by the official clients of
 * both generations and by raw HTTP for what the clients never send.
 */

import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
} from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionServer, serveHttp, ToolSet } from '../../../generated/index.ts';
import { REPO } from '../../support/cli.ts';
import { demoProject, HTTP_FIXTURE, type HttpProcess, startHttp } from '../../support/http.ts';
import { NODE_TSX } from '../../support/mcp.ts';

const FIXTURE = HTTP_FIXTURE;
const BIN = join(REPO, 'bin/factline.js');

const dir = demoProject('factline-http-');

let factline: HttpProcess;
let fixture: HttpProcess;
beforeAll(async () => {
  [factline, fixture] = await Promise.all([
    startHttp([BIN, 'serve', '--http', '0'], { cwd: dir }),
    startHttp([...NODE_TSX, FIXTURE], { env: { PEER_TIMEOUT_MS: '300' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([factline?.stop(), fixture?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const textOf = (r: unknown) => (r as { content: { text: string }[] }).content[0]?.text ?? '';

describe('factline serve --http with the official clients', () => {
  // @verifies mcp-http#SERVE-HTTP-FLAG
  // @verifies mcp-http#HTTP-INITIALIZE-OPENS-A-SESSION
  // @verifies mcp-http#HTTP-REQUEST-IS-ANSWERED-ON-ITS-STREAM
  it('serves factline tools to the v1 client over loopback HTTP', async () => {
    expect(factline.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new V1Client({ name: 't', version: '0' });
    const transport = new V1HttpTransport(new URL(factline.url));
    await client.connect(transport);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('facts_list');
    const listed = await client.callTool({ name: 'facts_list', arguments: {} });
    expect(textOf(listed)).toContain('DEMO-PING');
    await transport.terminateSession();
    await client.close();
  });

  it('serves the v2 client too', async () => {
    const client = new V2Client({ name: 't', version: '0' });
    await client.connect(new V2HttpTransport(new URL(factline.url)));
    const listed = await client.callTool({ name: 'facts_list', arguments: {} });
    expect(textOf(listed)).toContain('DEMO-PING');
    await client.close();
  });

  // @verifies mcp-http#SERVE-HTTP-FLAG
  it('exits 0 on SIGTERM', async () => {
    const own = await startHttp([BIN, 'serve', '--http', '0'], { cwd: dir });
    expect(await own.stop()).toBe(0);
  });
});

describe('a consumer server over HTTP', () => {
  // @verifies mcp-http#PEER-REQUESTS-ARE-ANSWERED-OR-TIME-OUT
  // @verifies mcp-http#HTTP-NOTIFICATION-OR-RESPONSE-IS-ACCEPTED
  // @verifies mcp-http#HTTP-MESSAGES-FOLLOW-THEIR-REQUEST
  it('asks the v1 client back during a call, and streams progress and log lines on the call', async () => {
    const client = new V1Client({ name: 't', version: '0' }, { capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async (req) => ({
      role: 'assistant',
      model: 'test',
      content: {
        type: 'text',
        text: `echo ${(req.params.messages[0]?.content as { text?: string } | undefined)?.text}`,
      },
    }));
    const logs: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(String(n.params.data));
    });
    await client.connect(new V1HttpTransport(new URL(fixture.url)));
    const asked = await client.callTool({ name: 'ask', arguments: { prompt: 'hi' } });
    expect(textOf(asked)).toBe('client said: echo hi');
    const progress: number[] = [];
    const stepped = await client.callTool({ name: 'steps', arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(textOf(stepped)).toBe('three steps');
    expect(progress).toEqual([1, 2, 3]);
    expect(logs).toEqual(['step 1', 'step 2', 'step 3']);
    await client.close();
  });

  // @verifies mcp-http#HTTP-NOTIFICATION-OR-RESPONSE-IS-ACCEPTED
  it('carries a cancellation the client POSTs to the running call', async () => {
    const client = new V1Client({ name: 't', version: '0' });
    await client.connect(new V1HttpTransport(new URL(fixture.url)));
    const stop = new AbortController();
    const call = client.callTool({ name: 'wait', arguments: {} }, undefined, {
      signal: stop.signal,
      onprogress: () => stop.abort('enough'),
    });
    await expect(call).rejects.toThrow();
    while (!fixture.stderr().includes('wait was cancelled')) await new Promise((r) => setTimeout(r, 10));
    expect(fixture.stderr()).toContain('wait was cancelled: enough');
    await client.close();
  });

  // @verifies mcp-http#PEER-REQUESTS-ARE-ANSWERED-OR-TIME-OUT
  it('asks the v2 client back during a call', async () => {
    const client = new V2Client({ name: 't', version: '0' }, { capabilities: { sampling: {} } });
    client.setRequestHandler('sampling/createMessage', async () => ({
      model: 'test',
      role: 'assistant' as const,
      content: { type: 'text' as const, text: 'from v2' },
    }));
    await client.connect(new V2HttpTransport(new URL(fixture.url)));
    const asked = await client.callTool({ name: 'ask', arguments: { prompt: 'hi' } });
    expect(textOf(asked)).toBe('client said: from v2');
    await client.close();
  });

  // @verifies mcp-http#HTTP-GET-OPENS-THE-STANDING-STREAM
  it('sends what belongs to no request on the standing stream the client opened', async () => {
    const client = new V1Client({ name: 't', version: '0' });
    const changed = new Promise<void>((resolve) => {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
    });
    await client.connect(new V1HttpTransport(new URL(fixture.url)));
    await client.callTool({ name: 'announce', arguments: {} });
    await changed;
    await client.close();
  });

  // @verifies mcp-http#PEER-REQUESTS-ARE-ANSWERED-OR-TIME-OUT
  it('fails a request the client never answers once its time is up, as a tool failure', async () => {
    const session = await open(fixture.url);
    const events = await post(fixture.url, call(7, 'ask', { prompt: 'x' }), session);
    expect(events.status).toBe(200);
    expect(events.type).toBe('text/event-stream');
    const [asking, answer] = events.messages as [Record<string, unknown>, Record<string, unknown>];
    expect(asking.method).toBe('sampling/createMessage');
    expect(String(asking.id)).toMatch(/^srv-/);
    expect(answer.id).toBe(7);
    expect(JSON.stringify(answer.result)).toContain('did not answer');
  });

  // @verifies mcp-http#HTTP-CANCELLED-REQUEST-STREAM-ENDS
  // @verifies mcp-http#HTTP-MESSAGES-FOLLOW-THEIR-REQUEST
  it('ends the stream of a cancelled request, and sends a message to the request it names', async () => {
    const session = await open(fixture.url);
    const headers = { ...HEADERS, 'mcp-session-id': session };
    const send = (body: unknown) =>
      fetch(fixture.url, { method: 'POST', headers, body: JSON.stringify(body) });
    const a = await send({
      jsonrpc: '2.0',
      id: 'A',
      method: 'tools/call',
      params: { name: 'relay', arguments: { to: 'B' } },
    });
    const b = await send({
      jsonrpc: '2.0',
      id: 'B',
      method: 'tools/call',
      params: { name: 'wait', arguments: {} },
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    const cancel = (id: string) =>
      send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
    expect((await cancel('A')).status).toBe(202);
    expect(await a.text()).toBe('');
    const events = b.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    while (!seen.includes('\n\n')) seen += (await events.read()).value ?? '';
    expect(JSON.parse(seen.split('data: ')[1]!)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: 'for B' },
    });
    expect((await cancel('B')).status).toBe(202);
    for (;;) {
      const { done, value } = await events.read();
      if (done) break;
      seen += value;
    }
    expect(seen.match(/data: /g)).toHaveLength(1);
  });

  // @verifies mcp-http#HTTP-NOTIFICATION-OR-RESPONSE-IS-ACCEPTED
  it('takes a notification with 202 and no body', async () => {
    const session = await open(fixture.url);
    const res = await post(fixture.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    expect(res.status).toBe(202);
    expect(res.body).toBe('');
  });
});

describe('what the edge refuses', () => {
  // @verifies mcp-http#HTTP-HOST-AND-ORIGIN-ARE-CHECKED
  // @verifies mcp-http#HTTP-REFUSALS-ARE-JSON-RPC
  it('refuses a foreign Origin or Host with 403 and says why, and takes loopback ones', async () => {
    const port = new URL(fixture.url).port;
    const evil = await raw(fixture.url, { host: 'evil.example.com', origin: 'http://evil.example.com' });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body).error.message).toContain('evil.example.com');
    const foreignOrigin = await raw(fixture.url, { origin: 'https://evil.example.com' });
    expect(foreignOrigin.status).toBe(403);
    const local = await raw(fixture.url, { host: `localhost:${port}`, origin: `http://127.0.0.1:${port}` });
    expect(local.status).toBe(200);
  });

  // @verifies mcp-http#HTTP-ONE-ENDPOINT
  // @verifies mcp-http#HTTP-LOOPBACK-BY-DEFAULT
  it('answers on one path, with three methods', async () => {
    expect(fixture.url).toContain('//127.0.0.1:');
    const put = await fetch(fixture.url, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, DELETE');
    const elsewhere = await fetch(fixture.url.replace('/mcp', '/other'), { method: 'POST' });
    expect(elsewhere.status).toBe(404);
  });

  // @verifies mcp-http#HTTP-POST-NEEDS-JSON-AND-ACCEPT
  it('refuses a POST that is not one JSON-RPC object', async () => {
    const session = await open(fixture.url);
    const plain = await fetch(fixture.url, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(plain.status).toBe(415);
    const jsonOnly = await fetch(fixture.url, {
      method: 'POST',
      headers: { ...HEADERS, accept: 'application/json' },
      body: '{}',
    });
    expect(jsonOnly.status).toBe(406);
    const notJson = await post(fixture.url, '{"jsonrpc":', session);
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body).error.code).toBe(-32700);
    const batch = await post(fixture.url, [call(1, 'echo', {})], session);
    expect(batch.status).toBe(400);
    expect(JSON.parse(batch.body).error.code).toBe(-32600);
    const scalar = await post(fixture.url, 5, session);
    expect(JSON.parse(scalar.body).error.code).toBe(-32600);
  });

  // @verifies mcp-http#HTTP-BODY-IS-BOUNDED
  it('refuses a body past the frame bound with 413', async () => {
    const session = await open(fixture.url);
    const huge = await post(fixture.url, call(2, 'echo', { text: 'x'.repeat(1_100_000) }), session);
    expect(huge.status).toBe(413);
    const deep = await post(fixture.url, call(3, 'echo', { text: nest(40) }), session);
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.body).error.data.bound).toBe('depth');
  });

  // @verifies mcp-http#HTTP-SESSION-HEADER-REQUIRED
  // @verifies mcp-http#HTTP-DELETE-ENDS-A-SESSION
  it('needs the session header, and forgets a session DELETE ended', async () => {
    const none = await post(fixture.url, call(1, 'echo', {}), undefined);
    expect(none.status).toBe(400);
    expect(JSON.parse(none.body).error.message).toContain('Mcp-Session-Id');
    const unknown = await post(fixture.url, call(1, 'echo', {}), 'no-such-session');
    expect(unknown.status).toBe(404);
    const session = await open(fixture.url);
    const echoed = await post(fixture.url, call(4, 'echo', { text: 'still here' }), session);
    expect(JSON.stringify(echoed.messages[0])).toContain('still here');
    const ended = await fetch(fixture.url, {
      method: 'DELETE',
      headers: { ...HEADERS, 'mcp-session-id': session },
    });
    expect(ended.status).toBe(200);
    const after = await post(fixture.url, call(5, 'echo', {}), session);
    expect(after.status).toBe(404);
  });

  // @verifies mcp-http#HTTP-GET-OPENS-THE-STANDING-STREAM
  it('opens one standing stream per session', async () => {
    const session = await open(fixture.url);
    const headers = { accept: 'text/event-stream', 'mcp-session-id': session };
    const noAccept = await fetch(fixture.url, {
      headers: { accept: 'application/json', 'mcp-session-id': session },
    });
    expect(noAccept.status).toBe(406);
    const first = await fetch(fixture.url, { headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/event-stream');
    const second = await fetch(fixture.url, { headers });
    expect(second.status).toBe(409);
    await first.body?.cancel();
  });

  // @verifies mcp-http#HTTP-UNSUPPORTED-VERSION-HEADER
  it('refuses a protocol version header it does not speak', async () => {
    const res = await fetch(fixture.url, {
      method: 'POST',
      headers: { ...HEADERS, 'mcp-protocol-version': '1999-01-01' },
      body: JSON.stringify(call(1, 'echo', {})),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('2025-11-25');
  });

  // @verifies mcp-http#HTTP-STATELESS-NEEDS-NO-SESSION
  it('serves the v2 client pinned to the stateless revision, and in auto mode', async () => {
    for (const mode of [{ pin: '2026-07-28' }, 'auto'] as const) {
      const client = new V2Client({ name: 't', version: '0' }, { versionNegotiation: { mode } });
      await client.connect(new V2HttpTransport(new URL(fixture.url)));
      const echoed = await client.callTool({
        name: 'echo',
        arguments: { text: `as ${JSON.stringify(mode)}` },
      });
      expect(textOf(echoed)).toBe(`as ${JSON.stringify(mode)}`);
      await client.close();
    }
  });

  // @verifies mcp-http#HTTP-STATELESS-NEEDS-NO-SESSION
  it('answers a request of the stateless revision with no session', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    // The headers repeat the revision and the method, as a stateless POST must (HTTP-STATELESS-STANDARD-HEADERS).
    const res = await fetch(fixture.url, {
      method: 'POST',
      headers: { ...HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: { _meta: meta } }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"echo"');
  });
});

describe('sessions', () => {
  // @verifies mcp-http#HTTP-SESSIONS-ARE-BOUNDED
  // @verifies mcp-http#HTTP-DELETE-ENDS-A-SESSION
  it('holds at most maxSessions, and takes a new one once one ended', async () => {
    const handle = await serveHttp(() => revisionServer('bounded', '1', new ToolSet()), { maxSessions: 1 });
    try {
      const first = await open(handle.url);
      const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: INIT_PARAMS };
      const refused = await post(handle.url, init, undefined);
      expect(refused.status).toBe(503);
      expect(handle.sessions).toBe(1);
      await fetch(handle.url, { method: 'DELETE', headers: { ...HEADERS, 'mcp-session-id': first } });
      expect((await post(handle.url, init, undefined)).status).toBe(200);
    } finally {
      await handle.close();
    }
    expect(handle.sessions).toBe(0);
  });
});

describe('pending requests', () => {
  // @verifies mcp-http#HTTP-PENDING-REQUESTS-ARE-BOUNDED
  it('refuses a request past maxPending with 429, and takes one again once answered', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tools = new ToolSet([
      {
        descriptor: { name: 'hold', description: 'Waits.', inputSchema: { type: 'object' } },
        run: async () => {
          await held;
          return { report: 'released' };
        },
      },
    ]);
    const handle = await serveHttp(() => revisionServer('pending', '1', tools), { maxPending: 1 });
    try {
      const session = await open(handle.url);
      const headers = { ...HEADERS, 'mcp-session-id': session };
      const first = await fetch(handle.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(call(1, 'hold', {})),
      });
      expect(first.status).toBe(200);
      const refused = await post(handle.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, session);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body).error.message).toContain('Too many requests');
      release();
      expect(await first.text()).toContain('released');
      expect((await post(handle.url, { jsonrpc: '2.0', id: 3, method: 'ping' }, session)).status).toBe(200);
    } finally {
      await handle.close();
    }
  });
});

describe('idle sessions', () => {
  // @verifies mcp-http#HTTP-IDLE-SESSIONS-END
  it('ends a session that sat idle, and keeps one whose standing stream is open', async () => {
    // Long enough that the watching session's standing stream opens before its idle clock runs out, even on a loaded machine.
    const handle = await serveHttp(() => revisionServer('idle', '1', new ToolSet()), { idleMs: 500 });
    try {
      const quiet = await open(handle.url);
      const watching = await open(handle.url);
      const standing = await fetch(handle.url, {
        headers: { accept: 'text/event-stream', 'mcp-session-id': watching },
      });
      expect(standing.status).toBe(200);
      while (handle.sessions > 1) await new Promise((r) => setTimeout(r, 10));
      expect((await post(handle.url, call(1, 'x', {}), quiet)).status).toBe(404);
      expect((await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, watching)).status).toBe(200);
      await standing.body?.cancel();
    } finally {
      await handle.close();
    }
  });
});

const INIT_PARAMS = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'raw', version: '0' },
};

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function call(id: number, name: string, args: Record<string, unknown>) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

function nest(depth: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

interface Posted {
  status: number;
  type: string | null;
  body: string;
  session: string | null;
  messages: Record<string, unknown>[];
}

/** POSTs `body` (a string as is, else as JSON) and reads the whole answer; SSE events parsed. */
async function post(url: string, body: unknown, session: string | undefined): Promise<Posted> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, ...(session === undefined ? {} : { 'mcp-session-id': session }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const messages = text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: text,
    session: res.headers.get('mcp-session-id'),
    messages,
  };
}

/** A session through the raw handshake; its id. */
async function open(url: string): Promise<string> {
  const init = await post(
    url,
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    },
    undefined,
  );
  expect(init.status).toBe(200);
  const session = init.session as string;
  await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
  return session;
}

/** An initialize POST with the given Host and Origin headers (fetch cannot set Host). */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  });
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { ...HEADERS, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => {
        text += d;
        if (res.headers['content-type'] === 'text/event-stream' && text.includes('\n\n')) res.destroy();
      });
      const done = () => resolve({ status: res.statusCode ?? 0, body: text });
      res.on('end', done);
      res.on('close', done);
    });
    req.on('error', reject);
    req.end(body);
  });
}
