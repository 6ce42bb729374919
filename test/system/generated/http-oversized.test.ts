/**
 * Bodies far past the frame bound, sent to a real server process by the
 * client hosts use (Node's fetch, undici): each must come back as its 413
 * with a JSON-RPC error, never as a reset connection. Twelve tries of each
 * size, sent whole (with a length) and streamed (chunked, no length).
 */

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionServer, serveHttp, ToolSet } from '../../../generated/index.ts';
import { HTTP_FIXTURE, type HttpProcess, startHttp } from '../../support/http.ts';
import { NODE_TSX } from '../../support/mcp.ts';

let fixture: HttpProcess;
beforeAll(async () => {
  fixture = await startHttp([...NODE_TSX, HTTP_FIXTURE]);
});
afterAll(async () => {
  await fixture?.stop();
});

const MIB = 1024 * 1024;
const TRIES = 12;
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** An `echo` call whose text makes the body about `bytes` long. */
function bodyOf(bytes: number): Buffer {
  const call = {
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: { name: 'echo', arguments: { text: '' } },
  };
  return Buffer.from(JSON.stringify(call).replace('"text":""', `"text":"${'x'.repeat(bytes)}"`));
}

/** The body as a stream of 64 KiB chunks: fetch sends it chunked, with no length the server can judge first. */
function streamOf(body: Buffer): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= body.length) {
        controller.close();
        return;
      }
      controller.enqueue(body.subarray(at, at + 65536));
      at += 65536;
    },
  });
}

/** What one POST came to: `413 -32600` for the answer wanted, else the status and code, or the network error. */
async function outcome(url: string, body: Buffer, streamed: boolean): Promise<string> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: HEADERS,
      body: streamed ? streamOf(body) : new Uint8Array(body),
      ...(streamed ? { duplex: 'half' } : {}),
    } as RequestInit);
    const answer = JSON.parse(await res.text()) as { id: unknown; error?: { code: number; message: string } };
    const said = answer.error?.message.includes('Payload too large') ? '' : ' (another message)';
    return `${res.status} ${answer.error?.code}${said}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? String(error);
  }
}

describe('a body too large always gets its 413', () => {
  for (const mib of [5, 16, 64]) {
    // @verifies mcp-http#HTTP-OVERSIZED-BODY-IS-ANSWERED-BEFORE-CLOSE
    // @verifies mcp-http#HTTP-BODY-IS-BOUNDED
    it(`${TRIES} tries of ${mib} MiB, sent whole and streamed: every one 413 with its JSON-RPC error, none reset`, async () => {
      const body = bodyOf(mib * MIB);
      const outcomes: string[] = [];
      for (let i = 0; i < TRIES; i++) {
        outcomes.push(await outcome(fixture.url, body, false));
        outcomes.push(await outcome(fixture.url, body, true));
      }
      expect(outcomes).toEqual(Array(2 * TRIES).fill('413 -32600'));
      // The server is still there for the next client.
      const small = await fetch(fixture.url, {
        method: 'POST',
        headers: HEADERS,
        body: new Uint8Array(bodyOf(10)),
      });
      expect(small.status).toBe(400); // no session: a legacy request needs one
    });
  }

  // @verifies mcp-http#HTTP-OVERSIZED-BODY-IS-ANSWERED-BEFORE-CLOSE
  it('a client that never stops sending gets its 413 and then has its connection cut', async () => {
    const handle = await serveHttp(() => revisionServer('t', '1', new ToolSet()), { drainMs: 300 });
    try {
      const { port } = new URL(handle.url);
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      socket.setEncoding('latin1').on('data', (d: string) => {
        received += d;
      });
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('error', () => {});
      socket.write(
        'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Accept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
      );
      // A chunk of 64 KiB every few milliseconds, for as long as the socket takes them.
      const chunk = `10000\r\n${'x'.repeat(0x10000)}\r\n`;
      let sent = 0;
      const sending = setInterval(() => {
        if (!socket.destroyed) {
          socket.write(chunk);
          sent++;
        }
      }, 5);
      await closed;
      clearInterval(sending);
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      expect(received).toContain('Payload too large');
      // It was cut off while it still sent: far more than the bound went out and the body never ended.
      expect(sent * 0x10000).toBeGreaterThan(1024 * 1024);
    } finally {
      await handle.close();
    }
  });
});
