/**
 * bench/mcp: pipelined `tools/call` of an echo tool against (a) the generated
 * core, (b) the official SDK's McpServer, (c) a bare line-echo floor, in one
 * run. Prints throughput, ratios and each server's peak RSS.
 *
 *   node --import tsx bench/mcp.ts [N=20000]
 *
 * Then the 2026 era over Streamable HTTP, through the official v2 client:
 * stateless calls (pinned to 2026-07-28) beside legacy sessions, and 1,000
 * concurrent 20 ms calls on stdio and HTTP, each against the SDK's server.
 */
import { type ChildProcessByStdio, type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
} from '@modelcontextprotocol/client';

const N = Number(process.argv[2] ?? 20_000);
// The figure before the bounds (mcp-bounds) and the lifecycle (mcp-lifecycle)
// were generated into the core: factline core, 20,000 pipelined calls, this machine.
const PREVIOUS = { calls: 20_000, msLow: 55, msHigh: 75 };
const WARMUP = 2_000;
const ROUNDS = 3;

type Child = ChildProcessByStdio<Writable, Readable, null>;
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}.ts`, import.meta.url));

const SERVERS: { name: string; file: string; env?: Record<string, string>; floor?: boolean }[] = [
  { name: 'factline core', file: fixture('ours') },
  { name: '  capture off', file: fixture('ours'), env: { BENCH_CAPTURE: 'off' } },
  { name: 'SDK McpServer', file: fixture('sdk') },
  { name: 'line-echo floor', file: fixture('floor'), floor: true },
];

const line = (obj: unknown) => `${JSON.stringify(obj)}\n`;
const call = (id: number) =>
  line({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'echo', arguments: { text: `message ${id}` } },
  });

/** Reads stdout lines and resolves when `count` more have arrived. */
class Lines {
  #seen = 0;
  #partial = '';
  #want = 0;
  #resolve: (() => void) | undefined;
  /** The last complete line, to check that the answers are tool results and not errors. */
  last = '';
  constructor(child: Child) {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      let at = chunk.indexOf('\n');
      let start = 0;
      while (at !== -1) {
        this.#seen++;
        this.last = (start === 0 ? this.#partial : '') + chunk.slice(start, at);
        start = at + 1;
        at = chunk.indexOf('\n', start);
      }
      this.#partial = start === 0 ? this.#partial + chunk : chunk.slice(start);
      if (this.#resolve && this.#seen >= this.#want) this.#resolve();
    });
  }
  until(count: number): Promise<void> {
    this.#want = this.#seen + count;
    return new Promise((resolve) => {
      if (this.#seen >= this.#want) resolve();
      else this.#resolve = resolve;
    });
  }
  get count() {
    return this.#seen;
  }
}

async function write(child: Child, text: string): Promise<void> {
  if (!child.stdin.write(text)) await new Promise((r) => child.stdin.once('drain', r));
}

/**
 * The requests `from`..`from + count - 1`, in writes of 1,000 lines. Built
 * before the clock starts: the timed part is the server's work and the pipes,
 * not the driver's JSON.stringify (which would otherwise pace the floor).
 */
function batches(from: number, count: number): string[] {
  const out: string[] = [];
  const batch = 1000;
  for (let i = 0; i < count; i += batch) {
    let text = '';
    for (let j = i; j < Math.min(count, i + batch); j++) text += call(from + j);
    out.push(text);
  }
  return out;
}

async function pipelined(child: Child, lines: Lines, texts: string[], count: number) {
  const done = lines.until(count);
  for (const text of texts) await write(child, text);
  await done;
}

function peakRss(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

async function measure(server: (typeof SERVERS)[number]) {
  const child = spawn(process.execPath, ['--import', 'tsx', server.file], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...server.env },
  });
  const lines = new Lines(child);
  // Handshake (the floor just echoes it), then a warm-up, then the timed run.
  await handshake(child, lines, '2024-11-05');
  if (!server.floor) await write(child, line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  await pipelined(child, lines, batches(1, WARMUP), WARMUP);
  // Best of a few rounds: two cores shared by driver and server make single rounds noisy.
  let ms = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const texts = batches(WARMUP + 1 + round * N, N);
    const started = process.hrtime.bigint();
    await pipelined(child, lines, texts, N);
    ms = Math.min(ms, Number(process.hrtime.bigint() - started) / 1e6);
  }
  // Same work for all: the last answer must be the echo of the last request (the floor echoes the request itself).
  const lastId = WARMUP + ROUNDS * N;
  if (!lines.last.includes(`"id":${lastId}`) || !lines.last.includes(`message ${lastId}`)) {
    throw new Error(`${server.name} answered the last call with ${lines.last.slice(0, 200)}`);
  }
  const rss = peakRss(child.pid!);
  const closed = new Promise((r) => child.on('close', r));
  child.stdin.end();
  await closed;
  return { name: server.name, ms, perSecond: (N / ms) * 1000, rss };
}

type Result = Awaited<ReturnType<typeof measure>>;
const results: Result[] = [];
for (const server of SERVERS) results.push(await measure(server));
const [ours, bare, sdk, floor] = results as [Result, Result, Result, Result];
console.log(
  `bench/mcp: ${N} pipelined tools/call (echo), best of ${ROUNDS} rounds, Node ${process.version}\n`,
);
console.log('server            time ms    req/s      vs floor   peak RSS MB');
for (const r of results) {
  console.log(
    `${r.name.padEnd(16)}  ${r.ms.toFixed(0).padStart(7)}  ${r.perSecond.toFixed(0).padStart(8)}  ${(r.ms / floor.ms).toFixed(2).padStart(8)}×  ${r.rss.toFixed(1).padStart(10)}`,
  );
}
console.log(
  `\nthe capture guard costs ${(((ours.ms - bare.ms) / N) * 1000).toFixed(1)} µs per call (a burst of queued calls shares one redirect: one lseek per run, a dozen descriptor calls per burst); the loop without it is ${(bare.ms / floor.ms).toFixed(2)}× the floor`,
);
console.log(
  `factline core vs SDK: ${(sdk.ms / ours.ms).toFixed(2)}× the SDK's throughput (goal > 1); vs floor: ${(ours.ms / floor.ms).toFixed(2)}× the floor's time (goal ≤ 2)`,
);
// Bounds and lifecycle are always on: every frame is scanned and gated, and each call carries a run context.
const perPrevious = (ms: number) => (ms / N) * PREVIOUS.calls;
console.log(
  `with bounds and lifecycle on: ${perPrevious(ours.ms).toFixed(0)} ms per ${PREVIOUS.calls} calls (capture off ${perPrevious(bare.ms).toFixed(0)} ms) vs ${PREVIOUS.msLow}–${PREVIOUS.msHigh} ms before: ${(perPrevious(ours.ms) / PREVIOUS.msHigh).toFixed(2)}–${(perPrevious(ours.ms) / PREVIOUS.msLow).toFixed(2)}× the previous time`,
);

/**
 * The revision-speaking core, same echo calls: the legacy era after an
 * `initialize` of 2025-11-25 against the stateless era (every request carries
 * its `_meta`, no handshake). Both validate the closed input and the output
 * schema and return structured content; the stateless answers also carry the
 * result type and the server's identity.
 */
async function revisionEras(): Promise<{ name: string; ms: number; perSecond: number }[]> {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const eraCall = (id: number, modern: boolean) =>
    line({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: `message ${id}` }, ...(modern ? { _meta: meta } : {}) },
    });
  const eraBatches = (from: number, count: number, modern: boolean) => {
    const out: string[] = [];
    for (let i = 0; i < count; i += 1000) {
      let text = '';
      for (let j = i; j < Math.min(count, i + 1000); j++) text += eraCall(from + j, modern);
      out.push(text);
    }
    return out;
  };
  const out: { name: string; ms: number; perSecond: number }[] = [];
  for (const modern of [false, true]) {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture('revisions')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines = new Lines(child);
    if (!modern) await handshake(child, lines, '2025-11-25');
    await pipelined(child, lines, eraBatches(1, WARMUP, modern), WARMUP);
    let ms = Number.POSITIVE_INFINITY;
    for (let round = 0; round < ROUNDS; round++) {
      const texts = eraBatches(WARMUP + 1 + round * N, N, modern);
      const started = process.hrtime.bigint();
      await pipelined(child, lines, texts, N);
      ms = Math.min(ms, Number(process.hrtime.bigint() - started) / 1e6);
    }
    const lastId = WARMUP + ROUNDS * N;
    if (!lines.last.includes(`"id":${lastId}`) || !lines.last.includes('"structuredContent"')) {
      throw new Error(`revision server answered the last call with ${lines.last.slice(0, 200)}`);
    }
    if (modern !== lines.last.includes('"resultType"'))
      throw new Error(`wrong era: ${lines.last.slice(0, 200)}`);
    const closed = new Promise((r) => child.on('close', r));
    child.stdin.end();
    await closed;
    out.push({ name: modern ? 'stateless 2026-07-28' : 'legacy 2025-11-25', ms, perSecond: (N / ms) * 1000 });
  }
  return out;
}

const eras = await revisionEras();
console.log('\nrevision server (closed input + output schema checked, structured content)');
console.log('era                    time ms    req/s      vs factline core');
for (const r of eras) {
  console.log(
    `${r.name.padEnd(21)}  ${r.ms.toFixed(0).padStart(7)}  ${r.perSecond.toFixed(0).padStart(8)}  ${(r.ms / ours.ms).toFixed(2).padStart(8)}×`,
  );
}

/** Sends `initialize` asking for `revision` and waits for its answer. */
async function handshake(child: Child, lines: Lines, revision: string): Promise<void> {
  const ready = lines.until(1);
  await write(
    child,
    line({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    }),
  );
  await ready;
}

/**
 * Pings while four slow tools run: each server gets four `slow` calls of
 * SLOW_MS, then pings one at a time (each sent when the last was answered)
 * until the slow calls are answered. A loop that queues control behind a
 * tool answers the first ping only when the tools are done.
 */
const SLOW_MS = 2_000;
async function pingsBesideSlowTools(
  file: string,
): Promise<{ p50: number; p99: number; pings: number; slowMs: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const pending = new Map<string, (at: bigint) => void>();
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const at = process.hrtime.bigint();
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const text of parts) {
      const id = String((JSON.parse(text) as { id?: unknown }).id);
      pending.get(id)?.(at);
      pending.delete(id);
    }
  });
  const ask = (id: string, method: string, params?: unknown): Promise<bigint> =>
    new Promise((resolve) => {
      pending.set(id, resolve);
      child.stdin.write(line({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }));
    });
  await ask('init', 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  // Warm the ping path first.
  for (let i = 0; i < 200; i++) await ask(`warm${i}`, 'ping');
  const started = process.hrtime.bigint();
  let slowDone = 0;
  const slow = [1, 2, 3, 4].map((k) =>
    ask(`slow${k}`, 'tools/call', { name: 'slow', arguments: { ms: SLOW_MS } }).then((at) => {
      slowDone++;
      return at;
    }),
  );
  const latencies: number[] = [];
  for (let i = 0; slowDone < 4; i++) {
    const sent = process.hrtime.bigint();
    const answered = await ask(`ping${i}`, 'ping');
    latencies.push(Number(answered - sent) / 1e6);
  }
  let lastSlow = 0n;
  for (const at of await Promise.all(slow)) if (at > lastSlow) lastSlow = at;
  const closed = new Promise((r) => child.on('close', r));
  child.stdin.end();
  await closed;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] as number;
  return { p50: at(0.5), p99: at(0.99), pings: latencies.length, slowMs: Number(lastSlow - started) / 1e6 };
}

const oursPing = await pingsBesideSlowTools(fixture('ours'));
const sdkPing = await pingsBesideSlowTools(fixture('sdk'));
console.log(`\npings while 4 slow tools (${SLOW_MS} ms each) run, one ping at a time`);
console.log('server            pings   p50 ms   p99 ms   4 slow calls done after ms');
for (const [name, r] of [
  ['factline core', oursPing],
  ['SDK McpServer', sdkPing],
] as const) {
  console.log(
    `${name.padEnd(16)}  ${String(r.pings).padStart(5)}  ${r.p50.toFixed(3).padStart(7)}  ${r.p99.toFixed(3).padStart(7)}  ${r.slowMs.toFixed(0).padStart(8)}`,
  );
}
console.log(
  `factline core vs SDK: ping p50 ${(oursPing.p50 / sdkPing.p50).toFixed(2)}×, p99 ${(oursPing.p99 / sdkPing.p99).toFixed(2)}× the SDK's latency (goal ≤ 1); the 4 slow calls side by side end after ${oursPing.slowMs.toFixed(0)} ms (one at a time would take ${4 * SLOW_MS} ms)`,
);

/**
 * Streamable HTTP: the same echo calls as POSTs on one session, HTTP_CLIENTS
 * at a time over keep-alive connections, against the core's transport and
 * the SDK's, each answer read whole (an SSE stream of one message on both).
 */
const HTTP_CALLS = Math.max(1000, Math.round(N / 4));
const HTTP_CLIENTS = 8;
async function httpThroughput(file: string): Promise<{ ms: number; perSecond: number; rss: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      const m = /listening on (\S+)/.exec(err);
      if (m) resolve(m[1] as string);
    });
    child.on('exit', () => reject(new Error(`${file} exited: ${err}`)));
  });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const post = async (body: unknown): Promise<{ text: string; session: string | null }> => {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    return { text: await response.text(), session: response.headers.get('mcp-session-id') };
  };
  const init = await post({
    jsonrpc: '2.0',
    id: 'init',
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  if (init.session) headers['mcp-session-id'] = init.session;
  headers['mcp-protocol-version'] = '2025-06-18';
  await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  }).then((r) => r.text());
  const callsFrom = async (first: number, count: number) => {
    let next = first;
    const worker = async () => {
      while (next < first + count) {
        const id = next++;
        const { text } = await post({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'echo', arguments: { text: `message ${id}` } },
        });
        if (!text.includes(`"id":${id}`) || !text.includes(`message ${id}`))
          throw new Error(`${file}: call ${id} answered ${text.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: HTTP_CLIENTS }, worker));
  };
  await callsFrom(1, 500);
  let ms = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    await callsFrom(1000 + round * HTTP_CALLS, HTTP_CALLS);
    ms = Math.min(ms, Number(process.hrtime.bigint() - started) / 1e6);
  }
  const rss = peakRss(child.pid!);
  const closed = new Promise((r) => child.on('close', r));
  child.kill('SIGTERM');
  await closed;
  return { ms, perSecond: (HTTP_CALLS / ms) * 1000, rss };
}

const oursHttp = await httpThroughput(fixture('ours-http'));
const sdkHttp = await httpThroughput(fixture('sdk-http'));
console.log(
  `\nStreamable HTTP: ${HTTP_CALLS} tools/call (echo) on one session, ${HTTP_CLIENTS} at a time, best of ${ROUNDS} rounds`,
);
console.log('server            time ms    req/s   peak RSS MB');
for (const [name, r] of [
  ['factline core', oursHttp],
  ['SDK McpServer', sdkHttp],
] as const) {
  console.log(
    `${name.padEnd(16)}  ${r.ms.toFixed(0).padStart(7)}  ${r.perSecond.toFixed(0).padStart(7)}  ${r.rss.toFixed(1).padStart(10)}`,
  );
}
console.log(
  `factline core vs SDK over HTTP: ${(sdkHttp.ms / oursHttp.ms).toFixed(2)}× the SDK's throughput (goal > 1); over stdio: ${(sdk.ms / ours.ms).toFixed(2)}×`,
);

/** Spawns an HTTP fixture and resolves with its URL once it listens. */
async function startHttpFixture(
  file: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcessWithoutNullStreams; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { env: { ...process.env, ...env } });
  child.stdout.resume();
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      const m = /listening on (\S+)/.exec(err);
      if (m) resolve(m[1] as string);
    });
    child.on('exit', () => reject(new Error(`${file} exited: ${err}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, stop };
}

/** The core's HTTP fixture serving every revision (the SDK's fixture ignores it). */
const REVISIONS = { BENCH_SERVER: 'revisions' };

/** The era a v2 client speaks: pinned to the stateless revision, or the legacy handshake. */
type Era = 'stateless' | 'legacy';
async function v2Client(url: string, era: Era): Promise<V2Client> {
  const client = new V2Client(
    { name: 'bench', version: '1' },
    { versionNegotiation: { mode: era === 'stateless' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  await client.connect(new V2HttpTransport(new URL(url)));
  const revision = client.getNegotiatedProtocolVersion();
  if ((era === 'stateless') !== (revision === '2026-07-28'))
    throw new Error(`${url}: ${era} client got ${revision}`);
  return client;
}

const textOf = (result: unknown) => (result as { content?: { text?: string }[] }).content?.[0]?.text;

/**
 * Echo calls through the official v2 client: V2_CLIENTS clients, each its
 * own connection and, on the legacy era, its own session, calling one after
 * another; best of ROUNDS.
 */
const V2_CLIENTS = 8;
const V2_CALLS = Math.max(800, Math.round(N / 10));
async function v2Throughput(file: string, era: Era): Promise<{ ms: number; perSecond: number; rss: number }> {
  const server = await startHttpFixture(file, REVISIONS);
  const clients = await Promise.all(Array.from({ length: V2_CLIENTS }, () => v2Client(server.url, era)));
  const round = async (tag: string, count: number) => {
    let next = 0;
    await Promise.all(
      clients.map(async (client) => {
        while (next < count) {
          const text = `${tag} ${next++}`;
          const result = await client.callTool({ name: 'echo', arguments: { text } });
          if (textOf(result) !== text)
            throw new Error(`${file}: echo of ${text} answered ${JSON.stringify(result)}`);
        }
      }),
    );
  };
  await round('warm', 200);
  let ms = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    const started = process.hrtime.bigint();
    await round(`round${r}`, V2_CALLS);
    ms = Math.min(ms, Number(process.hrtime.bigint() - started) / 1e6);
  }
  const rss = peakRss(server.child.pid as number);
  await Promise.all(clients.map((c) => c.close()));
  await server.stop();
  return { ms, perSecond: (V2_CALLS / ms) * 1000, rss };
}

const v2Rows = [
  {
    name: 'factline core, stateless 2026-07-28',
    result: await v2Throughput(fixture('ours-http'), 'stateless'),
  },
  { name: 'factline core, session 2025-11-25', result: await v2Throughput(fixture('ours-http'), 'legacy') },
  { name: 'SDK McpServer, session 2025-11-25', result: await v2Throughput(fixture('sdk-http'), 'legacy') },
];
const sdkV2 = (v2Rows[2] as (typeof v2Rows)[number]).result;
console.log(
  `\nStreamable HTTP through the official v2 client: ${V2_CALLS} tools/call (echo), ${V2_CLIENTS} clients calling one after another, best of ${ROUNDS} rounds`,
);
console.log('server, era                            time ms    req/s   vs SDK   peak RSS MB');
for (const { name, result } of v2Rows) {
  console.log(
    `${name.padEnd(37)}  ${result.ms.toFixed(0).padStart(7)}  ${result.perSecond.toFixed(0).padStart(7)}  ${(sdkV2.ms / result.ms).toFixed(2).padStart(6)}×  ${result.rss.toFixed(1).padStart(10)}`,
  );
}
console.log(
  "(the SDK's server speaks no 2026-07-28: its row is the legacy session the same client falls back to; vs SDK is its time over ours, goal > 1)",
);

/**
 * 1,000 calls of a tool that waits 20 ms, all sent at once: how long until
 * the last answer. Bounded by how many calls a server runs side by side.
 */
const BURST = 1000;
const BURST_MS = 20;

async function stdioBurst(file: string, env: Record<string, string> = {}): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const lines = new Lines(child);
  await handshake(child, lines, '2025-06-18');
  await write(child, line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  const burst = (from: number) => {
    let text = '';
    for (let id = from; id < from + BURST; id++)
      text += line({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'slow', arguments: { ms: BURST_MS } },
      });
    return text;
  };
  await pipelined(child, lines, [burst(1)], BURST);
  let ms = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    const text = burst(10_000 * (r + 1));
    const started = process.hrtime.bigint();
    await pipelined(child, lines, [text], BURST);
    ms = Math.min(ms, Number(process.hrtime.bigint() - started) / 1e6);
  }
  if (!lines.last.includes('slept')) throw new Error(`${file}: last answer ${lines.last.slice(0, 200)}`);
  const closed = new Promise((r) => child.on('close', r));
  child.stdin.end();
  await closed;
  return ms;
}

/**
 * Between bursts every connection sits idle until the server's keep-alive
 * timeout (Node's 5 s) has closed it and the client has seen it closed: a
 * burst that reuses a connection the server is closing at that moment fails
 * with "other side closed" (on a loaded machine, for either server alike).
 */
const KEEP_ALIVE_GAP_MS = 6_500;
async function httpBurst(file: string, era: Era): Promise<number> {
  const server = await startHttpFixture(file, REVISIONS);
  const client = await v2Client(server.url, era);
  const burst = async () => {
    await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_GAP_MS));
    const results = await Promise.all(
      Array.from({ length: BURST }, () =>
        client.callTool({ name: 'slow', arguments: { ms: BURST_MS } }, { timeout: 120_000 }),
      ),
    );
    const wrong = results.find((r) => textOf(r) !== 'slept');
    if (wrong !== undefined) throw new Error(`${file}: a slow call answered ${JSON.stringify(wrong)}`);
  };
  await burst();
  let ms = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    const started = process.hrtime.bigint();
    await burst();
    ms = Math.min(ms, Number(process.hrtime.bigint() - started) / 1e6);
  }
  await client.close();
  await server.stop();
  return ms;
}

const burstRows: { name: string; ms: number; against: number }[] = [];
const sdkStdioBurst = await stdioBurst(fixture('sdk'));
burstRows.push({
  name: 'stdio: factline core (default limit)',
  ms: await stdioBurst(fixture('ours')),
  against: sdkStdioBurst,
});
burstRows.push({
  name: 'stdio: factline core, concurrency 256',
  ms: await stdioBurst(fixture('ours'), { BENCH_CONCURRENCY: '256' }),
  against: sdkStdioBurst,
});
burstRows.push({ name: 'stdio: SDK McpServer', ms: sdkStdioBurst, against: sdkStdioBurst });
const sdkHttpBurst = await httpBurst(fixture('sdk-http'), 'legacy');
burstRows.push({
  name: 'HTTP: factline core, stateless 2026-07-28',
  ms: await httpBurst(fixture('ours-http'), 'stateless'),
  against: sdkHttpBurst,
});
burstRows.push({
  name: 'HTTP: factline core, session 2025-11-25',
  ms: await httpBurst(fixture('ours-http'), 'legacy'),
  against: sdkHttpBurst,
});
burstRows.push({ name: 'HTTP: SDK McpServer, session 2025-11-25', ms: sdkHttpBurst, against: sdkHttpBurst });
console.log(
  `\n${BURST} concurrent calls of a ${BURST_MS} ms tool, all sent at once (HTTP: one official v2 client), best of ${ROUNDS} rounds`,
);
console.log('transport: server                           all answered ms   vs SDK');
for (const r of burstRows) {
  console.log(
    `${r.name.padEnd(42)}  ${r.ms.toFixed(0).padStart(14)}  ${(r.against / r.ms).toFixed(2).padStart(6)}×`,
  );
}
