/**
 * The replay log of one stream, alone: what it keeps within its bounds and
 * what it answers for an event it no longer holds.
 */
import { describe, expect, it } from 'vitest';
import { RESUME } from '../../../generated/index.ts';
import { StreamLog } from '../../../generated/sse.ts';

const bounds = { events: 4, bytes: 1_000, streams: 2 };
const dataOf = (events: string[]) => events.map((e) => /data: (.*)/.exec(e)?.[1]);

describe('a stream log', () => {
  // @verifies mcp-http#HTTP-REPLAY-IS-BOUNDED
  it('keeps the spec’s bounds by default', () => {
    expect([RESUME.events, RESUME.bytes, RESUME.streams, RESUME.retryMs]).toEqual([128, 1_048_576, 32, 1000]);
  });

  // @verifies mcp-http#HTTP-REPLAY-IS-BOUNDED
  // @verifies mcp-http#HTTP-REPLAY-GAP-IS-REFUSED
  it('drops the oldest events past its byte bound, but always keeps the latest, however large', () => {
    const log = new StreamLog(3, bounds);
    for (const frame of ['"a"', '"b"', '"c"']) log.add(frame);
    expect(log.after(0)).toEqual({ kind: 'events', events: expect.any(Array) });
    const big = `"${'x'.repeat(5_000)}"`;
    log.add(big);
    // Over the byte bound: only the big answer is left, and resuming before it is a gap.
    expect(log.after(0)).toEqual({ kind: 'gap', first: 4 });
    const held = log.after(3);
    expect(held.kind === 'events' && dataOf(held.events)).toEqual([big]);
    expect(log.after(4)).toEqual({ kind: 'events', events: [] });
    expect(log.after(5)).toEqual({ kind: 'unknown', next: 5 });
  });

  // @verifies mcp-http#HTTP-SESSION-EVENTS-HAVE-IDS
  it('numbers its events from 1 under its stream, after a priming event 0', () => {
    const log = new StreamLog(7, bounds);
    expect(log.priming(1000)).toBe('id: 7-0\nretry: 1000\ndata:\n\n');
    expect(log.add('{"n":1}')).toBe('id: 7-1\nevent: message\ndata: {"n":1}\n\n');
    for (let i = 2; i <= 6; i++) log.add(`{"n":${i}}`);
    // Four events kept: 3 to 6.
    const held = log.after(2);
    expect(held.kind === 'events' && dataOf(held.events)).toEqual([
      '{"n":3}',
      '{"n":4}',
      '{"n":5}',
      '{"n":6}',
    ]);
    expect(log.after(1)).toEqual({ kind: 'gap', first: 3 });
  });
});
