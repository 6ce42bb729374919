/**
 * Server-Sent Events as the HTTP transport writes them, and the log of one
 * resumable stream: each event numbered in its stream, the latest kept
 * (within bounds) so a client that lost its connection can ask for what
 * followed the last event it saw. Pure: no I/O, the transport writes.
 */
import { spec } from '../engine/generate/template-spec.ts';

/** The numbers of resumption, as the spec gives them. */
export const RESUME = {
  // @implements mcp-http#HTTP-SESSION-STREAMS-ARE-PRIMED
  retryMs: spec.value('HTTP-SESSION-STREAMS-ARE-PRIMED', 'integer', 'retry'),
  primedFrom: spec.value('HTTP-SESSION-STREAMS-ARE-PRIMED', 'revision'),
  // @implements mcp-http#HTTP-REPLAY-IS-BOUNDED
  events: spec.value('HTTP-REPLAY-IS-BOUNDED', 'integer', 'events'),
  bytes: spec.value('HTTP-REPLAY-IS-BOUNDED', 'integer', 'bytes'),
  streams: spec.value('HTTP-REPLAY-IS-BOUNDED', 'integer', 'streams'),
  // @implements mcp-http#HTTP-REPLAY-GAP-IS-REFUSED
  goneStatus: spec.value('HTTP-REPLAY-GAP-IS-REFUSED', 'integer', 'status'),
} as const;

/** How much a session keeps for replay (see RESUME for the defaults). */
export interface ReplayBounds {
  /** Events one stream keeps. */
  events: number;
  /** Bytes of events one stream keeps (its latest event is kept whatever its size). */
  bytes: number;
  /** Ended streams a session keeps for replay. */
  streams: number;
}

/** An event carrying one message, without an id (a stream no one resumes). */
export function sseEvent(frame: string): string {
  return `event: message\ndata: ${frame}\n\n`;
}

// @implements mcp-http#HTTP-SESSION-EVENTS-HAVE-IDS
/** The id of event `seq` of stream `stream`: `STREAM-EVENT`. */
export function eventId(stream: number, seq: number): string {
  return `${stream}-${seq}`;
}

const EVENT_ID = /^(\d{1,15})-(\d{1,15})$/;

/** A `Last-Event-ID` read back into its stream and event numbers; undefined when it is no id of ours. */
export function parseEventId(value: string): { stream: number; seq: number } | undefined {
  const m = EVENT_ID.exec(value.trim());
  return m === null ? undefined : { stream: Number(m[1]), seq: Number(m[2]) };
}

/** What a stream's log can give back after an event. */
export type Replay =
  | { kind: 'events'; events: string[] }
  /** Events after it were dropped: `first` is the oldest still held (or the next to come, when none is). */
  | { kind: 'gap'; first: number }
  /** The stream never issued that event. */
  | { kind: 'unknown'; next: number };

/** One resumable stream's events, numbered from 1, the latest kept within bounds. */
export class StreamLog {
  readonly stream: number;
  #ended = false;
  #onEnd: ((log: StreamLog) => void) | undefined;
  #bounds: ReplayBounds;
  #events: { seq: number; text: string }[] = [];
  #bytes = 0;
  #next = 1;

  constructor(stream: number, bounds: ReplayBounds, onEnd?: (log: StreamLog) => void) {
    this.stream = stream;
    this.#bounds = bounds;
    this.#onEnd = onEnd;
  }

  /** Whether the stream has carried its last event (its answer, or its end). */
  get ended(): boolean {
    return this.#ended;
  }

  /** The stream carries nothing more; what it holds stays for replay. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#onEnd?.(this);
  }

  // @implements mcp-http#HTTP-SESSION-STREAMS-ARE-PRIMED
  /** The priming event: event 0, the reconnection delay and empty data, so the client holds a place before any message. */
  priming(retryMs: number): string {
    return `id: ${eventId(this.stream, 0)}\nretry: ${retryMs}\ndata:\n\n`;
  }

  // @implements mcp-http#HTTP-SESSION-EVENTS-HAVE-IDS
  // @implements mcp-http#HTTP-REPLAY-IS-BOUNDED
  /** Numbers `frame` as the stream's next event, keeps it, and returns the event to write. */
  add(frame: string): string {
    const seq = this.#next++;
    const text = `id: ${eventId(this.stream, seq)}\nevent: message\ndata: ${frame}\n\n`;
    this.#events.push({ seq, text });
    this.#bytes += Buffer.byteLength(text);
    const { events, bytes } = this.#bounds;
    while (this.#events.length > 1 && (this.#events.length > events || this.#bytes > bytes)) {
      this.#bytes -= Buffer.byteLength((this.#events.shift() as { text: string }).text);
    }
    return text;
  }

  // @implements mcp-http#HTTP-LAST-EVENT-ID-REPLAYS
  // @implements mcp-http#HTTP-REPLAY-GAP-IS-REFUSED
  /** The events that followed event `seq`, or why they cannot all be given. */
  after(seq: number): Replay {
    if (seq >= this.#next) return { kind: 'unknown', next: this.#next };
    const first = this.#events[0]?.seq ?? this.#next;
    if (seq + 1 < first) return { kind: 'gap', first };
    return { kind: 'events', events: this.#events.filter((e) => e.seq > seq).map((e) => e.text) };
  }
}
