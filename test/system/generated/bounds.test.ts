/**
 * Hostile frames against the real process: each bound is refused with its
 * name, the id echoed only when safe, and every later request answered.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  BOUND_ERROR_CODE,
  DEFAULT_LIMITS,
  LineDecoder,
  SkippedLine,
  screenFrame,
} from '../../../generated/index.ts';
import { REPO } from '../../support/cli.ts';
import { HANDSHAKE, rawRun, req } from '../../support/mcp.ts';

const lifecycle = { args: ['--import', 'tsx', 'test/fixtures/lifecycle-server.ts'] };
const MIB = 1 << 20;

/** A ping whose params hold `value`. */
const pingWith = (id: unknown, value: unknown) => req(id, 'ping', { value });
const nested = (levels: number): unknown => {
  let value: unknown = 0;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};
/** A ping whose id is `levels` nested arrays, spelled by hand: JSON.stringify itself cannot. */
const deepIdFrame = (levels: number) =>
  `{"jsonrpc":"2.0","id":${'['.repeat(levels)}0${']'.repeat(levels)},"method":"ping"}`;
/** The refusal of one bound, as the host reads it. */
const refusal = (id: unknown, bound: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code: BOUND_ERROR_CODE, data: { bound } },
});
const peakRss = (stderr: string) => Number(/peak-rss-mib (\d+)/.exec(stderr)?.[1]);

/**
 * The fixture server fed by hand with back-pressure honoured, its answers
 * counted instead of kept (hundreds of MiB go through it), its peak RSS read at exit.
 */
function floodable() {
  const child = spawn(process.execPath, [...lifecycle.args], {
    cwd: REPO,
    env: { ...process.env, SERVER_CAPTURE: 'off' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let answers = 0;
  let bytes = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) answers++;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    write: (text: string) =>
      new Promise<void>((resolve) =>
        child.stdin.write(text) ? resolve() : child.stdin.once('drain', resolve),
      ),
    async end() {
      child.stdin.end();
      const code = await closed;
      return { code, answers, bytes, peak: peakRss(stderr) };
    },
  };
}

describe('refusals at the edge', () => {
  // @verifies mcp-bounds#BOUND-REFUSAL-IS-INVALID-REQUEST
  // @verifies mcp-bounds#BOUND-FRAME-BYTES
  // @verifies mcp-host#OVERSIZED-FRAME-ANSWERS-ITS-ID
  it('a frame over 1 MiB is refused with its id, naming the bound; one at the bound is served', async () => {
    const atBound = pingWith(1, '');
    const padded = atBound.replace('"value":""', `"value":"${'a'.repeat(MIB - atBound.length)}"`);
    expect(Buffer.byteLength(padded)).toBe(MIB);
    const run = await rawRun(
      `${padded}\n${pingWith(2, 'b'.repeat(2 * MIB))}\n${req(3, 'ping')}\n`,
      lifecycle,
    );
    expect(run.frames[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(run.frames[1]).toMatchObject(refusal(2, 'frame-bytes'));
    expect(run.frames[1]).toHaveProperty('error.data.limit', DEFAULT_LIMITS.frameBytes);
    expect(run.frames[2]).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  // @verifies mcp-bounds#BOUND-FRAME-BYTES
  it('counts bytes, not characters: 400,000 three-byte characters are over the bound', async () => {
    const run = await rawRun(`${pingWith(1, '€'.repeat(400_000))}\n${req(2, 'ping')}\n`, lifecycle);
    expect(run.frames[0]).toMatchObject(refusal(1, 'frame-bytes'));
    expect(run.frames[1]).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });

  // @verifies mcp-bounds#BOUND-DEPTH
  it('JSON deeper than 32 levels is refused, id echoed; 32 levels are served', async () => {
    // The frame is level 1, params 2, the array under `value` 3: 30 arrays make 32 levels.
    const run = await rawRun(
      `${pingWith(1, nested(30))}\n${pingWith('deep', nested(31))}\n${req(3, 'ping')}\n`,
      lifecycle,
    );
    expect(run.frames[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(run.frames[1]).toMatchObject(refusal('deep', 'depth'));
    expect(run.frames[1]).toHaveProperty('error.data.limit', 32);
    expect(run.frames[2]).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  // @verifies mcp-bounds#BOUND-NODES
  it('more than 10,000 JSON values are refused; 10,000 are served', async () => {
    // The frame object, "2.0", the id, "ping", params and the array: 6 values around the elements.
    const run = await rawRun(
      `${pingWith(1, Array(10_000 - 6).fill(0))}\n${pingWith(2, Array(10_001 - 6).fill(0))}\n${req(3, 'ping')}\n`,
      lifecycle,
    );
    expect(run.frames[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(run.frames[1]).toMatchObject(refusal(2, 'nodes'));
    expect(run.frames[2]).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  // @verifies mcp-bounds#BOUND-DUPLICATE-KEYS
  it('a duplicate key is refused, spelled alike or through escapes, at any depth', async () => {
    const run = await rawRun(
      [
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","method":"ping"}',
        '{"jsonrpc":"2.0","id":2,"method":"ping","params":{"a":{"k":1,"\\u006b":2}}}',
        '{"jsonrpc":"2.0","id":3,"method":"ping","params":{"k":1,"x":{"k":2}}}',
        '',
      ].join('\n'),
      lifecycle,
    );
    expect(run.frames[0]).toMatchObject(refusal(1, 'duplicate-keys'));
    expect(run.frames[1]).toMatchObject(refusal(2, 'duplicate-keys'));
    // The same key in two different objects is no duplicate.
    expect(run.frames[2]).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  // @verifies mcp-bounds#BOUND-DUPLICATE-KEYS
  it('finds the duplicate among many keys, and never flags keys that only look alike', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`);
    const frame = (params: string) => `{"jsonrpc":"2.0","id":1,"method":"ping","params":{${params}}}`;
    expect(screenFrame(frame(keys.join(',')), DEFAULT_LIMITS)).toBeUndefined();
    expect(screenFrame(frame([...keys, '"k7":0'].join(',')), DEFAULT_LIMITS)).toContain('"k7\\" twice');
    expect(screenFrame(frame([...keys, '"\\u006b39":0'].join(',')), DEFAULT_LIMITS)).toContain(
      'duplicate-keys',
    );
    // A key spelled inside a string value, or the same key in sibling objects, is no duplicate.
    expect(screenFrame(frame('"a":"\\"a\\":1","b":{"a":1},"c":{"a":2}'), DEFAULT_LIMITS)).toBeUndefined();
  });

  // @verifies mcp-bounds#REFUSAL-ECHOES-ID-ONLY-WHEN-SAFE
  // @verifies mcp-bounds#LOOP-GOES-ON-AFTER-A-REFUSAL
  it('the 5,000-deep id of a 10 KB frame is answered with id null, and the loop goes on', async () => {
    const frame = deepIdFrame(5000);
    expect(frame.length).toBeLessThan(11_000);
    const run = await rawRun(`${frame}\n${req(2, 'ping')}\n`, lifecycle);
    expect(run.frames).toHaveLength(2);
    expect(run.frames[0]).toMatchObject(refusal(null, 'depth'));
    expect(run.frames[1]).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(run.code).toBe(0);
  });

  // @verifies mcp-bounds#ANSWER-SPELLING-NEVER-THROWS
  it('with the depth bound lifted, an id too deep to serialize is refused with a null id instead of killing the loop', async () => {
    const frame = deepIdFrame(5000);
    const run = await rawRun(`${frame}\n${req(2, 'ping')}\n`, {
      ...lifecycle,
      env: { SERVER_LIMITS: JSON.stringify({ depth: 100_000 }) },
    });
    // An object id is no id (mcp-host#REQUEST-ID-IS-A-STRING-OR-A-NUMBER): refused, never echoed.
    expect(run.frames).toMatchObject([
      { jsonrpc: '2.0', id: null, error: { code: -32600 } },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    expect(run.code).toBe(0);
  });

  // @verifies mcp-bounds#BOUND-DEPTH
  it('limits are set per server', async () => {
    const run = await rawRun(`${pingWith(1, nested(5))}\n${pingWith(2, [1, 2, 3])}\n`, {
      ...lifecycle,
      env: { SERVER_LIMITS: JSON.stringify({ depth: 4, nodes: 8 }) },
    });
    expect(run.frames[0]).toMatchObject(refusal(1, 'depth'));
    expect(run.frames[0]).toHaveProperty('error.data.limit', 4);
    expect(run.frames[1]).toMatchObject(refusal(2, 'nodes'));
  });
});

describe('memory stays bounded', () => {
  // @verifies mcp-bounds#LONG-LINE-IS-SKIPPED-NOT-HELD
  // @verifies mcp-bounds#DECODING-IS-LINEAR
  it('a 50 MB line in 64 KiB chunks is skipped without being held, in linear time', () => {
    const decoder = new LineDecoder({ maxLineBytes: MIB });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let most = 0;
    const started = performance.now();
    for (let sent = 0; sent < 50e6; sent += chunk.length) {
      expect(decoder.push(chunk)).toEqual([]);
      most = Math.max(most, decoder.pending);
    }
    const lines = decoder.push(Buffer.from('\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBeInstanceOf(SkippedLine);
    expect((lines[0] as SkippedLine).bytes).toBeGreaterThanOrEqual(50e6);
    expect(lines[1]).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(most).toBeLessThanOrEqual(MIB);
    // Rescanning the partial line per chunk took 27 s for this; linear work takes well under one.
    expect(performance.now() - started).toBeLessThan(3000);
  });

  // @verifies mcp-bounds#DECODING-IS-LINEAR
  it('a line split over many chunks is joined once, whole and intact', () => {
    const decoder = new LineDecoder();
    const text = `${'é'.repeat(100_000)}\n`;
    const bytes = Buffer.from(text);
    const started = performance.now();
    const out: unknown[] = [];
    for (let at = 0; at < bytes.length; at += 7) out.push(...decoder.push(bytes.subarray(at, at + 7)));
    expect(out).toEqual(['é'.repeat(100_000)]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  // @verifies mcp-bounds#LONG-LINE-IS-SKIPPED-NOT-HELD
  // @verifies mcp-bounds#READ-AHEAD-IS-BOUNDED-IN-BYTES
  it('behind a slow tool, 300 near-1-MiB frames and a 50 MB line leave RSS far below what was sent', async () => {
    const server = floodable();
    await server.write(`${HANDSHAKE}\n${req(1, 'tools/call', { name: 'sleep', arguments: { ms: 1500 } })}\n`);
    const padding = 'p'.repeat(MIB - 100);
    for (let i = 0; i < 300; i++) await server.write(`${pingWith(`p${i}`, padding)}\n`);
    const piece = 'y'.repeat(MIB);
    for (let i = 0; i < 50; i++) await server.write(piece);
    await server.write(`\n${req(3, 'ping')}\n`);
    const { code, answers, peak } = await server.end();
    expect(code).toBe(0);
    // The handshake, the sleep, 300 pings, the skipped line, the last ping.
    expect(answers).toBe(1 + 1 + 300 + 1 + 1);
    console.log(`peak RSS with 350 MB sent behind a slow tool: ${peak} MiB`);
    expect(peak).toBeLessThan(200);
  });

  // @verifies mcp-bounds#OUTPUT-RESPECTS-BACK-PRESSURE
  it('600 one-MiB answers pipelined behind a slow tool: all answered, memory bounded', async () => {
    const server = floodable();
    const calls = Array.from({ length: 600 }, (_, i) =>
      req(i + 2, 'tools/call', { name: 'big', arguments: { mib: 1 } }),
    ).join('\n');
    await server.write(
      `${HANDSHAKE}\n${req(1, 'tools/call', { name: 'sleep', arguments: { ms: 1000 } })}\n${calls}\n${req(9999, 'ping')}\n`,
    );
    const { code, answers, bytes, peak } = await server.end();
    expect(code).toBe(0);
    expect(answers).toBe(1 + 1 + 600 + 1);
    expect(bytes).toBeGreaterThan(600 * MIB);
    console.log(`peak RSS answering 600 x 1 MiB behind a slow tool: ${peak} MiB`);
    expect(peak).toBeLessThan(300);
  });
});
