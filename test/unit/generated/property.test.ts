/**
 * Property tests over random and hostile frames, in-process through the
 * scripted transport: whatever comes, the loop ends only at end of input,
 * every request is answered exactly once and no notification ever is.
 * 100 runs of 1,000 frames: 100,000 frames per test run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedTransport, Server, type Tool, ToolSet } from '../../../generated/index.ts';
import { HANDSHAKE, HANDSHAKE_ID } from '../../support/mcp.ts';

// Small limits keep hostile frames cheap to make; the scan is the same at any size.
const LIMITS = { frameBytes: 4096, depth: 8, nodes: 200 };

const tool = (name: string, run: Tool['run']): Tool => ({
  descriptor: { name, description: name, inputSchema: { type: 'object' } },
  run,
});
const tools = () =>
  new ToolSet([
    tool('echo', (args) => ({ report: JSON.stringify(args) })),
    tool('later', async (args) => {
      await new Promise((r) => setImmediate(r));
      return { report: String(args.n) };
    }),
    tool('boom', () => {
      throw new Error('boom');
    }),
    tool('reject', () => Promise.reject(new Error('rejected'))),
  ]);

/** A line with what must come of it: an answer carrying `id`, one with id null, or silence. */
type Item = { line: string; expect: { id: string } | 'null' | 'silent' };

const frame = (fields: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', ...fields });
const nest = (levels: number): unknown => (levels === 0 ? 0 : [nest(levels - 1)]);

/** Builds the items; `n` makes request ids unique across the run. */
function items(): fc.Arbitrary<((n: number) => Item)[]> {
  const request = fc.oneof(
    fc.constant((id: string) => frame({ id, method: 'ping' })),
    fc
      .constantFrom('echo', 'later', 'boom', 'reject', 'missing')
      .map(
        (name) => (id: string) => frame({ id, method: 'tools/call', params: { name, arguments: { n: id } } }),
      ),
    fc.constant((id: string) => frame({ id, method: 'tools/call', params: {} })),
    fc.string({ maxLength: 12 }).map((method) => (id: string) => frame({ id, method: `x/${method}` })),
    fc.jsonValue({ maxDepth: 10 }).map((params) => (id: string) => frame({ id, method: 'ping', params })),
    fc
      .integer({ min: 9, max: 40 })
      .map((d) => (id: string) => frame({ id, method: 'ping', params: nest(d) })),
    fc
      .integer({ min: 201, max: 400 })
      .map((count) => (id: string) => frame({ id, method: 'ping', params: Array(count).fill(1) })),
    fc.constant(
      (id: string) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"ping","params":{"a":1,"a":2}}`,
    ),
  );
  const requestItem = request.map((make) => (n: number): Item => {
    const id = `r${n}`;
    const line = make(id);
    // Too long to read at all: the refusal cannot know the id.
    return { line, expect: Buffer.byteLength(line) > LIMITS.frameBytes ? 'null' : { id } };
  });
  const notification = fc
    .oneof(
      fc.constant(frame({ method: 'notifications/initialized' })),
      fc.constant(frame({ method: 'notifications/cancelled', params: { requestId: 'nobody' } })),
      fc.string({ maxLength: 20 }).map((m) => frame({ method: m })),
      fc.string({ maxLength: 20 }).map((m) => frame({ id: null, method: m, params: { m } })),
    )
    .map((line) => (): Item => ({ line, expect: 'silent' }));
  const junk = fc
    .oneof(
      fc.string({ maxLength: 40 }).map((s) => `#${s}`),
      fc.constantFrom('[]', '{}', '"text"', '42', 'null', '{"id":null}'),
      fc.constant(`{"x":"${'z'.repeat(LIMITS.frameBytes)}"}`),
    )
    .map((line) => (): Item => ({ line, expect: 'null' }));
  const blank = fc.constantFrom('', ' ', '\t', '\r').map((line) => (): Item => ({ line, expect: 'silent' }));
  return fc.array(fc.oneof(requestItem, requestItem, notification, junk, blank), {
    minLength: 1000,
    maxLength: 1000,
  });
}

describe('the loop under random and hostile frames', () => {
  // @verifies mcp-core#MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP
  // @verifies mcp-core#FRAME-WITH-ID-IS-A-REQUEST
  // @verifies mcp-core#FRAME-WITHOUT-ID-IS-A-NOTIFICATION
  // @verifies mcp-bounds#LOOP-GOES-ON-AFTER-A-REFUSAL
  it('never dies, answers every request exactly once and no notification (100,000 frames)', async () => {
    let frames = 0;
    await fc.assert(
      fc.asyncProperty(items(), async (makers) => {
        const script = makers.map((make, n) => make(n));
        frames += script.length;
        const server = new Server('property', '0', tools(), { capture: false, limits: LIMITS });
        const transport = new ScriptedTransport([HANDSHAKE, ...script.map((i) => i.line)]);
        const end = await server.serve(transport);
        expect(end).toEqual({ reason: 'end-of-input' });
        const answers = transport.frames() as { id?: unknown; method?: unknown }[];
        expect(answers.every((a) => a.method === undefined)).toBe(true);
        const withId = answers.filter((a) => a.id !== null && a.id !== HANDSHAKE_ID).map((a) => a.id);
        const wanted = script.flatMap((i) => (typeof i.expect === 'object' ? [i.expect.id] : []));
        expect(withId.sort()).toEqual(wanted.sort());
        expect(answers.filter((a) => a.id === null)).toHaveLength(
          script.filter((i) => i.expect === 'null').length,
        );
      }),
      { numRuns: 100 },
    );
    expect(frames).toBe(100_000);
  }, 120_000);
});
