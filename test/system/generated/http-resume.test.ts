/**
 * Resuming a stream of a session after its connection dropped, against a real
 * server process: the ids and priming event on the wire (read raw), the
 * replay after `Last-Event-ID` and its bounds, and the official clients of
 * both generations reconnecting on their own through a proxy that cuts their
 * call's connection halfway.
 */

import { createServer, type Server as NetServer, type Socket, connect as tcpConnect } from 'node:net';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
} from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_FIXTURE, type HttpProcess, startHttp } from '../../support/http.ts';
import { NODE_TSX } from '../../support/mcp.ts';

let fixture: HttpProcess;
beforeAll(async () => {
  fixture = await startHttp([...NODE_TSX, HTTP_FIXTURE]);
});
afterAll(async () => {
  await fixture?.stop();
});

const JSON_AND_SSE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** One event as the SSE standard reads it: its id, retry and data fields (absent when not sent). */
interface SseEvent {
  id?: string;
  retry?: number;
  data?: string;
}

/** Reads events off an event-stream body as they come; `stop` says when the caller has seen enough. */
async function readEvents(
  res: Response,
  stop: (events: SseEvent[]) => boolean = () => false,
): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const decoder = new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>;
  const reader = (res.body as ReadableStream<Uint8Array>).pipeThrough(decoder).getReader();
  let pending = '';
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) return events;
      pending += value;
      let end = pending.indexOf('\n\n');
      while (end !== -1) {
        const event: SseEvent = {};
        for (const line of pending.slice(0, end).split('\n')) {
          const colon = line.indexOf(':');
          const field = line.slice(0, colon);
          const text = line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') event.id = text;
          else if (field === 'retry') event.retry = Number(text);
          else if (field === 'data') event.data = event.data === undefined ? text : `${event.data}\n${text}`;
        }
        events.push(event);
        pending = pending.slice(end + 2);
        end = pending.indexOf('\n\n');
        if (stop(events)) return events;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** The messages of events that carry one (the priming event carries none). */
const messagesOf = (events: SseEvent[]) =>
  events.filter((e) => e.data !== undefined && e.data !== '').map((e) => JSON.parse(e.data as string));

/** Opens a session of `revision`; its id and the events of the initialize answer. */
async function open(revision = '2025-11-25'): Promise<{ session: string; events: SseEvent[] }> {
  const res = await fetch(fixture.url, {
    method: 'POST',
    headers: JSON_AND_SSE,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    }),
  });
  const session = res.headers.get('mcp-session-id') as string;
  const events = await readEvents(res);
  const headers = { ...JSON_AND_SSE, 'mcp-session-id': session, 'mcp-protocol-version': revision };
  await fetch(fixture.url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return { session, events };
}

function headersOf(session: string, revision = '2025-11-25'): Record<string, string> {
  return { ...JSON_AND_SSE, 'mcp-session-id': session, 'mcp-protocol-version': revision };
}

/** POSTs a `ticks` call with a progress token; the response, its body not yet read. */
function ticks(session: string, id: number, count: number, ms: number, signal?: AbortSignal) {
  return fetch(fixture.url, {
    method: 'POST',
    headers: headersOf(session),
    signal,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'ticks', arguments: { count, ms }, _meta: { progressToken: `t${id}` } },
    }),
  });
}

/** A GET resuming after `lastEventId`. */
function resume(session: string, lastEventId: string): Promise<Response> {
  return fetch(fixture.url, {
    headers: {
      accept: 'text/event-stream',
      'mcp-session-id': session,
      'mcp-protocol-version': '2025-11-25',
      'last-event-id': lastEventId,
    },
  });
}

const progressOf = (messages: Record<string, unknown>[]) =>
  messages
    .filter((m) => m.method === 'notifications/progress')
    .map((m) => (m.params as { progress: number }).progress);

const streamOf = (id: string | undefined) => Number(String(id).split('-')[0]);

describe('the events of a session stream', () => {
  // @verifies mcp-http#HTTP-SESSION-EVENTS-HAVE-IDS
  // @verifies mcp-http#HTTP-SESSION-STREAMS-ARE-PRIMED
  it('each stream opens with a priming event (id, retry, empty data), and every event has an id no other event of the session has', async () => {
    const { session, events: init } = await open();
    const calls = [await ticks(session, 1, 3, 0), await ticks(session, 2, 2, 0)];
    const streams = [init, ...(await Promise.all(calls.map((c) => readEvents(c))))];
    for (const events of streams) {
      const [priming, ...rest] = events;
      expect(priming).toEqual({ id: `${streamOf(priming?.id)}-0`, retry: 1000, data: '' });
      // Numbered from 1 in the stream's order, every event naming its stream.
      expect(rest.map((e) => e.id)).toEqual(rest.map((_, i) => `${streamOf(priming?.id)}-${i + 1}`));
    }
    const ids = streams.flat().map((e) => e.id);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(streams.map((events) => streamOf(events[0]?.id))).size).toBe(3);
    expect(messagesOf(streams[1] as SseEvent[]).at(-1)).toMatchObject({ id: 1, result: { isError: false } });
  });

  // @verifies mcp-http#HTTP-SESSION-STREAMS-ARE-PRIMED
  it('a session of 2025-06-18 gets ids on its events but no priming event: its first event is its message', async () => {
    const { session, events: init } = await open('2025-06-18');
    expect(init).toHaveLength(1);
    expect(init[0]?.id).toMatch(/^\d+-1$/);
    expect(JSON.parse(init[0]?.data as string)).toMatchObject({
      id: 0,
      result: { protocolVersion: '2025-06-18' },
    });
    const res = await fetch(fixture.url, {
      method: 'POST',
      headers: headersOf(session, '2025-06-18'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'hi' } },
      }),
    });
    const events = await readEvents(res);
    expect(events.map((e) => e.retry)).toEqual([undefined]);
    expect(events[0]?.id).toMatch(/^\d+-1$/);
  });

  // @verifies mcp-http#HTTP-STATELESS-STREAMS-ARE-NOT-RESUMED
  it('a stateless request is answered on a stream with no ids and no priming event', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const res = await fetch(fixture.url, {
      method: 'POST',
      headers: {
        ...JSON_AND_SSE,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'ticks',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'ticks', arguments: { count: 2, ms: 0 }, _meta: { ...meta, progressToken: 'p' } },
      }),
    });
    const events = await readEvents(res);
    expect(events.map((e) => [e.id, e.retry])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
      [undefined, undefined],
    ]);
    expect(messagesOf(events).at(-1)).toMatchObject({ id: 1, result: { isError: false } });
  });
});

describe('resuming after Last-Event-ID', () => {
  // @verifies mcp-http#HTTP-LAST-EVENT-ID-REPLAYS
  it('a call whose connection dropped goes on running; the GET resuming it gets what followed, then its answer, once each', async () => {
    const { session } = await open();
    const cut = new AbortController();
    const call = await ticks(session, 1, 6, 60, cut.signal);
    // Read the priming event and the first two ticks, then drop the connection.
    const seen = await readEvents(call, (events) => progressOf(messagesOf(events)).length === 2);
    cut.abort();
    const last = seen.at(-1)?.id as string;
    expect(last).toBe(`${streamOf(last)}-2`);
    const resumed = await resume(session, last);
    expect(resumed.status).toBe(200);
    const rest = await readEvents(resumed);
    expect(rest.map((e) => e.id)).toEqual([3, 4, 5, 6, 7].map((n) => `${streamOf(last)}-${n}`));
    const messages = messagesOf(rest);
    expect(progressOf(messages)).toEqual([3, 4, 5, 6]);
    expect(messages.at(-1)).toMatchObject({ id: 1, result: { content: [{ text: 'ticked 6' }] } });
  });

  // @verifies mcp-http#HTTP-LAST-EVENT-ID-REPLAYS
  it('a stream that ended while its client was away replays what it held, its answer included, and ends', async () => {
    const { session } = await open();
    const cut = new AbortController();
    const call = await ticks(session, 1, 3, 40, cut.signal);
    const seen = await readEvents(call, (events) => progressOf(messagesOf(events)).length === 1);
    cut.abort();
    const last = seen.at(-1)?.id as string;
    // The call ends meanwhile: the next request of the session is answered after it.
    const after = await ticks(session, 2, 1, 200);
    await readEvents(after);
    const rest = messagesOf(await readEvents(await resume(session, last)));
    expect(progressOf(rest)).toEqual([2, 3]);
    expect(rest.at(-1)).toMatchObject({ id: 1, result: { content: [{ text: 'ticked 3' }] } });
    // And again from its priming event: the whole stream, once more.
    const all = messagesOf(await readEvents(await resume(session, `${streamOf(last)}-0`)));
    expect(progressOf(all)).toEqual([1, 2, 3]);
  });

  // @verifies mcp-http#HTTP-LAST-EVENT-ID-REPLAYS
  it('the standing stream keeps what is sent to it while its client is away, and the resuming GET takes its place', async () => {
    const { session } = await open();
    const cut = new AbortController();
    const standing = await fetch(fixture.url, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-11-25',
      },
      signal: cut.signal,
    });
    const [priming] = await readEvents(standing, (events) => events.length === 1);
    cut.abort();
    // `announce` sends a list change 20 ms after it answers, when no request runs: to the standing stream.
    const announced = await fetch(fixture.url, {
      method: 'POST',
      headers: headersOf(session),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'announce', arguments: {} },
      }),
    });
    await readEvents(announced);
    const resumed = await resume(session, priming?.id as string);
    expect(resumed.status).toBe(200);
    const [changed] = await readEvents(resumed, (events) => events.length === 1);
    expect(changed?.id).toBe(`${streamOf(priming?.id)}-1`);
    expect(JSON.parse(changed?.data as string)).toMatchObject({ method: 'notifications/tools/list_changed' });
  });

  // @verifies mcp-http#HTTP-REPLAY-IS-BOUNDED
  // @verifies mcp-http#HTTP-REPLAY-GAP-IS-REFUSED
  it('a stream keeps its last 128 events: resuming inside them works, resuming before them is 410 naming the oldest held', async () => {
    const { session } = await open();
    const call = await ticks(session, 1, 200, 0);
    const events = await readEvents(call);
    // The priming event, 200 ticks and the answer: events 1 to 201, of which 74 to 201 are held.
    const stream = streamOf(events[0]?.id);
    expect(events.at(-1)?.id).toBe(`${stream}-201`);
    const inside = await readEvents(await resume(session, `${stream}-73`));
    expect(inside.map((e) => e.id)).toEqual(Array.from({ length: 128 }, (_, i) => `${stream}-${74 + i}`));
    const before = await resume(session, `${stream}-72`);
    expect(before.status).toBe(410);
    const refusal = (await before.json()) as { id: unknown; error: { code: number; message: string } };
    expect(refusal.id).toBeNull();
    expect(refusal.error.code).toBe(-32600);
    expect(refusal.error.message).toContain(`the oldest it holds is ${stream}-74`);
  });

  // @verifies mcp-http#HTTP-REPLAY-IS-BOUNDED
  // @verifies mcp-http#HTTP-REPLAY-GAP-IS-REFUSED
  it('a session keeps the last 32 streams that ended; an older one, an id never sent and a malformed one are refused', async () => {
    const { session } = await open();
    const first = await readEvents(await ticks(session, 1, 1, 0));
    const stream = streamOf(first[0]?.id);
    for (let i = 2; i <= 32; i++) await readEvents(await ticks(session, i, 1, 0));
    // 32 streams ended since the first: it is still the 32nd-last (the initialize stream ended before it).
    const kept = await resume(session, `${stream}-0`);
    expect(kept.status).toBe(200);
    expect(progressOf(messagesOf(await readEvents(kept)))).toEqual([1]);
    await readEvents(await ticks(session, 33, 1, 0));
    const forgotten = await resume(session, `${stream}-0`);
    expect(forgotten.status).toBe(410);
    expect(((await forgotten.json()) as { error: { message: string } }).error.message).toContain(
      `stream ${stream} of this session is not kept for replay`,
    );
    const never = await resume(session, `${stream + 40}-0`);
    expect(never.status).toBe(410);
    const late = await resume(session, `${stream + 32}-9`);
    expect(late.status).toBe(410);
    expect(((await late.json()) as { error: { message: string } }).error.message).toContain(
      'never sent event',
    );
    const malformed = await resume(session, 'abc');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { message: string } }).error.message).toContain(
      'STREAM-EVENT',
    );
  });
});

/** A TCP proxy to the fixture that cuts the first connection whose bytes from the server contain `marker`, once. */
async function cuttingProxy(marker: string): Promise<{ url: string; cuts: () => number; close: () => void }> {
  const target = new URL(fixture.url);
  let cuts = 0;
  const sockets = new Set<Socket>();
  const server: NetServer = createServer((client) => {
    const upstream = tcpConnect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d: Buffer) => {
      if (cuts === 0 && d.toString('latin1').includes(marker)) {
        cuts++;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(d);
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    cuts: () => cuts,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe('the official clients resume on their own', () => {
  // @verifies mcp-http#HTTP-LAST-EVENT-ID-REPLAYS
  // @verifies mcp-http#HTTP-SESSION-STREAMS-ARE-PRIMED
  it.each([
    ['v1 client (2025-11-25)', 'v1'],
    ['v2 client in legacy mode (2025-11-25)', 'v2'],
  ])(
    'the %s, its call cut off after the second tick, reconnects with Last-Event-ID and gets every tick once and the answer',
    async (_name, generation) => {
      const proxy = await cuttingProxy('"progress":2');
      const progress: number[] = [];
      const onprogress = (p: { progress: number }) => progress.push(p.progress);
      try {
        if (generation === 'v1') {
          const client = new V1Client({ name: 't', version: '0' });
          await client.connect(new V1HttpTransport(new URL(proxy.url)));
          try {
            const result = await client.callTool(
              { name: 'ticks', arguments: { count: 5, ms: 80 } },
              undefined,
              {
                onprogress,
              },
            );
            expect((result.content as { text: string }[])[0]?.text).toBe('ticked 5');
          } finally {
            await client.close();
          }
        } else {
          const client = new V2Client(
            { name: 't', version: '0' },
            { versionNegotiation: { mode: 'legacy' } },
          );
          await client.connect(new V2HttpTransport(new URL(proxy.url)));
          try {
            expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
            const result = await client.callTool(
              { name: 'ticks', arguments: { count: 5, ms: 80 } },
              { onprogress },
            );
            expect((result.content as { text: string }[])[0]?.text).toBe('ticked 5');
          } finally {
            await client.close();
          }
        }
        expect(proxy.cuts()).toBe(1);
        expect(progress).toEqual([1, 2, 3, 4, 5]);
      } finally {
        proxy.close();
      }
    },
  );
});
