/**
 * What a host author meets (specs/mcp-host.md), through clients nobody here
 * wrote: the official SDK client (v1) and client 2 (v2), each against the
 * real server process, both server classes.
 */

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client as V2Client } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2StdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolSet } from '../../../generated/index.ts';
import { REPO } from '../../support/cli.ts';
import { answerTo, HANDSHAKE_ID, liveSession, NODE_TSX, rawRun, req } from '../../support/mcp.ts';

const HOST_SERVER = fileURLToPath(new URL('../../fixtures/host-server.ts', import.meta.url));

type AnyClient = {
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    ...rest: unknown[]
  ): Promise<unknown>;
  listTools(): Promise<{ tools: { name: string }[] }>;
  close(): Promise<void>;
};

const launch = (env: Record<string, string>) => ({
  command: process.execPath,
  args: [...NODE_TSX, HOST_SERVER],
  cwd: REPO,
  env: { ...(process.env as Record<string, string>), ...env },
  stderr: 'pipe' as const,
});

async function connectClient(kind: 'v1' | 'v2', env: Record<string, string>): Promise<AnyClient> {
  if (kind === 'v1') {
    const client = new V1Client({ name: 'host-test', version: '0' });
    await client.connect(new V1StdioTransport(launch(env)));
    return client as unknown as AnyClient;
  }
  const client = new V2Client(
    { name: 'host-test', version: '0' },
    { versionNegotiation: { mode: 'legacy' } },
  );
  await client.connect(new V2StdioTransport(launch(env)));
  return client as unknown as AnyClient;
}

const open: AnyClient[] = [];
afterAll(async () => {
  await Promise.all(open.map((c) => c.close().catch(() => undefined)));
});

/** A call's error (or its result when it did not fail). */
const outcome = (p: Promise<unknown>) =>
  p.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );

const MIB = 1 << 20;

for (const kind of ['v1', 'v2'] as const) {
  for (const serverClass of ['plain', 'revision'] as const) {
    describe(`the ${kind} client against the ${serverClass} server`, async () => {
      const client = await connectClient(kind, { SERVER_CLASS: serverClass });
      open.push(client);

      // @verifies mcp-host#STRUCTURED-CONTENT-FOR-EVERY-OUTPUT-SCHEMA
      it('calls a tool with an outputSchema and gets its structuredContent', async () => {
        const listed = await client.listTools();
        expect(listed.tools.find((t) => t.name === 'sum')).toMatchObject({
          outputSchema: { type: 'object' },
        });
        const result = await client.callTool({ name: 'sum', arguments: { a: 2, b: 3 } });
        expect(result).toMatchObject({
          structuredContent: { sum: 5 },
          content: [{ type: 'text', text: '{"sum":5}' }],
        });
      });

      // @verifies mcp-host#CALLS-RUN-SIDE-BY-SIDE
      // @verifies mcp-host#CONTROL-IS-NEVER-QUEUED-BEHIND-A-TOOL
      // @verifies mcp-host#ANSWERS-IN-COMPLETION-ORDER-EACH-ID-ONCE
      it('runs four calls side by side, and answers ping and tools/list while they run', async () => {
        const done: string[] = [];
        const calls = [1, 2, 3].map((k) =>
          client.callTool({ name: 'meet', arguments: { n: 4, k } }).then((r) => {
            done.push(`meet ${k}`);
            return r;
          }),
        );
        // Three calls wait for a fourth: the quick requests are answered meanwhile.
        await (client as unknown as { ping(): Promise<unknown> }).ping();
        await client.listTools();
        expect(done).toEqual([]);
        const fourth = await client.callTool({ name: 'meet', arguments: { n: 4, k: 4 } });
        expect(fourth).toMatchObject({ content: [{ type: 'text', text: 'met 4' }] });
        const results = await Promise.all(calls);
        expect(results.map((r) => (r as { content: { text: string }[] }).content[0]?.text)).toEqual([
          'met 1',
          'met 2',
          'met 3',
        ]);
      });

      // @verifies mcp-host#UNKNOWN-TOOL-IS-INVALID-PARAMS
      it('an unknown tool is refused with invalid params, -32602', async () => {
        const { error } = (await outcome(client.callTool({ name: 'nope', arguments: {} }))) as {
          error?: { code?: number; message: string };
        };
        expect(error?.code).toBe(-32602);
        expect(error?.message).toContain('nope');
      });

      // @verifies mcp-host#OVERSIZED-FRAME-ANSWERS-ITS-ID
      // @verifies mcp-bounds#REFUSAL-ECHOES-ID-ONLY-WHEN-SAFE
      it('a call over 1 MiB is refused with its own id: the client gets the error, not a timeout', async () => {
        const text = 'x'.repeat(MIB + 10);
        const { error } = (await outcome(
          client.callTool({ name: 'echo', arguments: { text } }, undefined, { timeout: 30_000 }),
        )) as {
          error?: { code?: number; message: string };
        };
        expect(error?.code).toBe(-32600);
        expect(error?.message).toContain('frame-bytes');
        // The session goes on.
        await expect(client.callTool({ name: 'echo', arguments: { text: 'after' } })).resolves.toMatchObject({
          content: [{ type: 'text', text: 'after' }],
        });
      });
    });
  }
}

describe('the wire, raw', () => {
  // @verifies mcp-host#NOT-AN-OBJECT-IS-INVALID-REQUEST
  it('a batch and bare scalars are invalid requests (-32600); text that is not JSON stays a parse error', async () => {
    const run = await rawRun(
      [
        '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
        '7',
        '"ping"',
        'null',
        'true',
        '{nope',
        req(2, 'ping'),
      ].join('\n') + '\n',
      {
        args: [...NODE_TSX, HOST_SERVER],
      },
    );
    expect(run.frames.map((f) => [f.id, (f.error as { code?: number } | undefined)?.code ?? 'ok'])).toEqual([
      [null, -32600],
      [null, -32600],
      [null, -32600],
      [null, -32600],
      [null, -32600],
      [null, -32700],
      [2, 'ok'],
    ]);
    expect(run.frames[0]).toMatchObject({ error: { message: expect.stringContaining('batch') } });
  });

  // @verifies mcp-host#IDS-ARE-ECHOED-AS-WRITTEN
  it('ids beyond 2^53 are answered with their own digits, and differ where their digits do', async () => {
    const big = ['9007199254740993', '9007199254740992', '-12345678901234567890', '1e400'];
    const run = await rawRun(
      [
        ...big.map((id) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`),
        `{"jsonrpc":"2.0","id":18446744073709551617,"method":"tools/call","params":{"name":"nope"}}`,
      ].join('\n') + '\n',
      { args: [...NODE_TSX, HOST_SERVER] },
    );
    expect(run.lines.slice(0, 4)).toEqual(big.map((id) => `{"jsonrpc":"2.0","id":${id},"result":{}}`));
    expect(run.lines[4]).toMatch(/^\{"jsonrpc":"2.0","id":18446744073709551617,"error":\{"code":-32602/);
  });

  // @verifies mcp-host#OVERSIZED-FRAME-ANSWERS-ITS-ID
  it('an oversized frame answers the id at its head or near its tail, else null', async () => {
    const pad = 'y'.repeat(MIB + 100);
    const params = `{"name":"echo","arguments":{"text":"${pad}"}}`;
    const run = await rawRun(
      [
        `{"jsonrpc":"2.0","id":"head","method":"tools/call","params":${params}}`,
        `{"method":"tools/call","params":${params},"jsonrpc":"2.0","id":9007199254740993}`,
        `{"method":"tools/call","params":${params},"id":"middle","jsonrpc":"2.0"}`,
        // An id inside the params is not the frame's.
        `{"method":"tools/call","jsonrpc":"2.0","params":{"id":3,"text":"${pad}","x":{"id":4}}}`,
        req(5, 'ping'),
      ].join('\n') + '\n',
      { args: [...NODE_TSX, HOST_SERVER] },
    );
    expect(run.lines.map((l) => /"id":([^,]*),/.exec(l)?.[1])).toEqual([
      '"head"',
      '9007199254740993',
      '"middle"',
      'null',
      '5',
    ]);
    expect(run.frames.slice(0, 4).every((f) => (f.error as { code: number }).code === -32600)).toBe(true);
  });
});

describe('big ids in flight', () => {
  // @verifies mcp-host#IDS-ARE-ECHOED-AS-WRITTEN
  it('a call with an id beyond 2^53 is cancelled by that id, and its neighbour id is another request', async () => {
    const s = liveSession({ server: HOST_SERVER });
    await s.next(answerTo(HANDSHAKE_ID));
    s.send(
      '{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/call","params":{"name":"sleep","arguments":{"ms":30000}}}',
    );
    // Differs from the running id only past a double's precision: not a reuse.
    s.send('{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}');
    s.send('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9007199254740993}}');
    s.send(req('after', 'ping'));
    await s.next(answerTo('after'));
    const { code } = await s.end();
    expect(code).toBe(0);
    // The ping answered with its own digits (the frames are parsed, so compare the raw count of answers).
    expect(s.frames.filter((f) => typeof f.id === 'number')).toHaveLength(1);
    expect(s.frames.filter((f) => typeof f.id === 'number' && 'error' in f)).toEqual([]);
  });
});

describe('registration', () => {
  // @verifies mcp-host#INPUT-SCHEMA-IS-AN-OBJECT-SCHEMA
  it('an inputSchema without type "object" is refused, saying why', () => {
    const run = () => ({ report: '' });
    for (const inputSchema of [{}, { type: 'string' }, { properties: {} }]) {
      expect(() =>
        new ToolSet().register({ descriptor: { name: 't', description: '', inputSchema }, run }),
      ).toThrow(/inputSchema must say type: "object".*clients reject the whole tools\/list/);
    }
    expect(() =>
      new ToolSet().register({
        descriptor: { name: 't', description: '', inputSchema: { type: 'object' } },
        run,
      }),
    ).not.toThrow();
  });
});

describe('side by side under the capture guard', () => {
  // @verifies mcp-host#CAPTURE-IS-SHARED-BY-OVERLAPPING-RUNS
  it('overlapping runs share the redirect: nothing they write reaches stdout, all of it reaches stderr', async () => {
    const run = await rawRun(
      `${[1, 2, 3].map((k) => req(k, 'tools/call', { name: 'meet', arguments: { n: 3, k } })).join('\n')}\n`,
      { args: [...NODE_TSX, HOST_SERVER] },
    );
    expect(run.code).toBe(0);
    expect(
      run.frames.map((f) => (f.result as { content: { text: string }[] }).content[0]?.text).sort(),
    ).toEqual(['met 1', 'met 2', 'met 3']);
    expect(run.stderr).toContain('meet 1 ran\nmeet 2 ran\nmeet 3 ran\n');
  });

  // @verifies mcp-host#CALLS-RUN-SIDE-BY-SIDE
  it('by default 64 calls a host sends together all run at once (each answers only once all 64 run)', async () => {
    const calls = Array.from({ length: 64 }, (_, i) =>
      req(i + 1, 'tools/call', { name: 'meet', arguments: { n: 64, k: i + 1 } }),
    );
    const run = await rawRun(`${calls.join('\n')}\n`, { args: [...NODE_TSX, HOST_SERVER] });
    expect(run.code).toBe(0);
    const texts = run.frames.map((f) => (f.result as { content: { text: string }[] }).content[0]?.text);
    expect(texts.sort()).toEqual(Array.from({ length: 64 }, (_, i) => `met ${i + 1}`).sort());
  });

  // @verifies mcp-host#CALLS-RUN-SIDE-BY-SIDE
  it('with concurrency 1 a second call waits its turn: the first answers, the second never meets it', async () => {
    const s = liveSession({ server: HOST_SERVER, env: { SERVER_CONCURRENCY: '1', SERVER_CAPTURE: 'off' } });
    await s.next(answerTo(HANDSHAKE_ID));
    s.send(req(1, 'tools/call', { name: 'meet', arguments: { n: 2, k: 1 } }));
    s.send(req(2, 'tools/call', { name: 'meet', arguments: { n: 2, k: 2 } }));
    s.send(req(3, 'ping'));
    await s.next(answerTo(3));
    // Only the first ran; cancelling both aborts it and drops the waiting one unrun. The two
    // cancellations go in one write: sent apart, the first one's aborted run may free the slot, and
    // start the second call, before the second cancellation arrives (CI saw that once, under load).
    const cancel = (requestId: number) =>
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });
    s.send(`${cancel(1)}\n${cancel(2)}`);
    s.send(req(4, 'ping'));
    await s.next(answerTo(4));
    const { code, stderr } = await s.end();
    expect(code).toBe(0);
    expect(stderr).toContain('meet 1 ran');
    expect(stderr).not.toContain('meet 2 ran');
    expect(s.frames.filter((f) => f.id === 1 || f.id === 2)).toEqual([]);
  });
});

describe('the lifecycle from the first byte', () => {
  // @verifies mcp-host#LIFECYCLE-HOLDS-FROM-THE-FIRST-BYTE
  it('while prepare still runs, a reused id is refused and a cancelled call never runs or answers', async () => {
    const s = liveSession({ env: { SERVER_PREPARE: 'late' } });
    await s.next(answerTo(HANDSHAKE_ID));
    s.send(req(5, 'tools/call', { name: 'late', arguments: {} }));
    s.send(req(5, 'ping'));
    s.send(req(6, 'tools/call', { name: 'echo', arguments: { text: 'never' } }));
    s.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 6 } });
    s.send(req(7, 'ping'));
    expect(await s.next((f) => f.id === 5 && 'error' in f)).toMatchObject({ error: { code: -32600 } });
    await s.next(answerTo(7));
    expect(await s.next((f) => f.id === 5 && 'result' in f)).toHaveProperty('result.content.0.text', 'late');
    s.send(req(8, 'ping'));
    await s.next(answerTo(8));
    await s.end();
    expect(s.frames.filter((f) => f.id === 6)).toEqual([]);
    expect(s.frames.filter((f) => f.id === 5)).toHaveLength(2);
  });
});

/** True while `pid` runs (a zombie waiting to be reaped counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('the end of a session', () => {
  for (const capture of ['on', 'off']) {
    // @verifies mcp-host#CLOSED-OUTPUT-IS-NOTICED-AT-ONCE
    it(`a host that stops reading stdout ends the server with stdin still open (capture ${capture})`, async () => {
      const s = liveSession({ server: HOST_SERVER, env: { SERVER_CAPTURE: capture } });
      await s.next(answerTo(HANDSHAKE_ID));
      s.closeOutput();
      // No further request and no end of input: only the closed stdout can end it.
      const { code, stderr } = await s.exited();
      expect(code).toBe(1);
      expect(stderr).toContain('served: channel-failed');
    });
  }

  // @verifies mcp-host#SIGTERM-ENDS-THE-RUNS-PROCESS-TREES
  it('SIGTERM kills the child and grandchild a running tool started, then ends the server', async () => {
    const s = liveSession({ server: HOST_SERVER });
    await s.next(answerTo(HANDSHAKE_ID));
    s.send(req(1, 'tools/call', { name: 'tree', arguments: {}, _meta: { progressToken: 't' } }));
    const note = await s.next((f) => f.method === 'notifications/progress');
    const pids = String((note.params as { message: string }).message)
      .replace('pids ', '')
      .split(' ')
      .map(Number);
    expect(pids).toHaveLength(2);
    expect(pids.filter(alive)).toEqual(pids);
    process.kill(s.pid, 'SIGTERM');
    const { code } = await s.exited();
    expect(code).toBeNull();
    const deadline = Date.now() + 5000;
    while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(pids.filter(alive)).toEqual([]);
  });
});
