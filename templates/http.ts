/**
 * Streamable HTTP beside stdio: one endpoint, a session per `initialize`,
 * each session a `Server` of its own driven through the same `Transport`
 * seam as stdio. A POSTed request is answered on an event stream of its own;
 * what the server sends while it runs rides on that stream too.
 */
import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type Server as NodeServer,
  type ServerResponse,
} from 'node:http';
import { spec } from '../engine/generate/template-spec.ts';
import { type Limits, limitsOf, screenFrame } from './bounds.ts';
import { FEATURE_NOTIFICATIONS, LOG_LEVELS, type LogLevel } from './features.ts';
import { ERROR_CODES, METHODS, memberSpan, type RpcErrorObject } from './jsonrpc.ts';
import { idKey } from './lifecycle.ts';
import { Peer } from './peer.ts';
import {
  isModernRequest,
  META_KEYS,
  MODERN_REVISIONS,
  modernRefusal,
  RESULT_TYPE,
  SUPPORTED_REVISIONS,
  unsupportedRevision,
} from './revisions.ts';
import type { LoopEnd, Server } from './server.ts';
import { parseEventId, RESUME, type ReplayBounds, StreamLog, sseEvent } from './sse.ts';
import type { Transport } from './transport.ts';

/** The transport's names and numbers, as the spec gives them. */
export const HTTP = {
  // @implements mcp-http#HTTP-ONE-ENDPOINT
  path: spec.value('HTTP-ONE-ENDPOINT', 'string', 'path'),
  // @implements mcp-http#HTTP-LOOPBACK-BY-DEFAULT
  host: spec.value('HTTP-LOOPBACK-BY-DEFAULT', 'string', 'host'),
  // @implements mcp-http#HTTP-INITIALIZE-OPENS-A-SESSION
  sessionHeader: spec.value('HTTP-INITIALIZE-OPENS-A-SESSION', 'string', 'header'),
  versionHeader: 'MCP-Protocol-Version',
  // @implements mcp-http#HTTP-SESSIONS-ARE-BOUNDED
  maxSessions: spec.value('HTTP-SESSIONS-ARE-BOUNDED', 'integer', 'max-sessions'),
  // @implements mcp-http#HTTP-IDLE-SESSIONS-END
  idleMs: spec.value('HTTP-IDLE-SESSIONS-END', 'integer', 'idle-ms'),
  // @implements mcp-http#HTTP-PENDING-REQUESTS-ARE-BOUNDED
  maxPending: spec.value('HTTP-PENDING-REQUESTS-ARE-BOUNDED', 'integer', 'max-pending'),
  // @implements mcp-http#HTTP-STATELESS-CALLS-SHARE-ONE-POOL
  statelessConcurrency: spec.value('HTTP-STATELESS-CALLS-SHARE-ONE-POOL', 'integer', 'concurrency'),
  // @implements mcp-http#HTTP-STATELESS-IDS-ARE-SCOPED
  scopePrefix: spec.value('HTTP-STATELESS-IDS-ARE-SCOPED', 'string', 'prefix'),
  // @implements mcp-http#HTTP-OVERSIZED-BODY-IS-ANSWERED-BEFORE-CLOSE
  drainMs: spec.value('HTTP-OVERSIZED-BODY-IS-ANSWERED-BEFORE-CLOSE', 'integer', 'drain-ms'),
  // @implements mcp-http#HTTP-STATELESS-LOG-LEVEL-FROM-META
  logLevelKey: spec.value('HTTP-STATELESS-LOG-LEVEL-FROM-META', 'string', 'log-level-key'),
} as const;

// @implements mcp-http#HTTP-SUBSCRIPTIONS-LISTEN
const LISTEN = {
  method: spec.value('HTTP-SUBSCRIPTIONS-LISTEN', 'method', 'method'),
  ack: spec.value('HTTP-SUBSCRIPTIONS-LISTEN', 'string', 'ack'),
  idKey: spec.value('HTTP-SUBSCRIPTIONS-LISTEN', 'string', 'subscription-key'),
} as const;
/** Each kind a listener may ask for, and the notification that carries it. */
const LISTEN_KINDS: Readonly<Record<string, string>> = {
  toolsListChanged: FEATURE_NOTIFICATIONS.toolsChanged,
  promptsListChanged: FEATURE_NOTIFICATIONS.promptsChanged,
  resourcesListChanged: FEATURE_NOTIFICATIONS.resourcesChanged,
};

/** One open `subscriptions/listen` stream: where it goes, its request's id as written, the notifications it asked for. */
interface Listener {
  res: ServerResponse;
  id: unknown;
  methods: Set<string>;
}

// @implements mcp-http#HTTP-STATELESS-STANDARD-HEADERS
const HEADER_MISMATCH = spec.value('HTTP-STATELESS-STANDARD-HEADERS', 'jsonrpc-code', 'header-mismatch');
const METHOD_HEADER = 'mcp-method';
const NAME_HEADER = 'mcp-name';
/** The param each method's `Mcp-Name` header repeats. */
const NAME_SOURCES: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  // @implements mcp-http#HTTP-TASK-ROUTING-HEADER
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};
// A header value that is not plain text travels as `=?base64?…?=`.
// @implements mcp-http#HTTP-STATELESS-PARAM-HEADERS
const BASE64_WRAPPED = /^=\?base64\?(.*)\?=$/s;
// Well-formed base64 only: whole quads of its alphabet, padding at the end alone.
const BASE64_STRICT = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const PARAM_HEADER = {
  annotation: spec.value('HTTP-STATELESS-PARAM-HEADERS', 'string', 'annotation'),
  prefix: spec.value('HTTP-STATELESS-PARAM-HEADERS', 'string', 'prefix'),
} as const;
// @implements mcp-http#HTTP-STATELESS-IS-DECIDED-BY-BODY-OR-HEADER
const INVALID_PARAMS = spec.value(
  'HTTP-STATELESS-IS-DECIDED-BY-BODY-OR-HEADER',
  'jsonrpc-code',
  'invalid-params',
);
// @implements mcp-http#HTTP-STATELESS-REFUSALS-HAVE-THEIR-STATUS
const NOT_FOUND = spec.value('HTTP-STATELESS-REFUSALS-HAVE-THEIR-STATUS', 'integer', 'status');

const TOO_MANY = spec.value('HTTP-PENDING-REQUESTS-ARE-BOUNDED', 'integer', 'status');

// @implements mcp-http#HTTP-POST-NEEDS-JSON-AND-ACCEPT
const INVALID_REQUEST = spec.value('HTTP-POST-NEEDS-JSON-AND-ACCEPT', 'jsonrpc-code');
// @implements mcp-http#HTTP-BODY-IS-BOUNDED
const TOO_LARGE = spec.value('HTTP-BODY-IS-BOUNDED', 'integer', 'status');
// @implements mcp-http#HTTP-NOTIFICATION-OR-RESPONSE-IS-ACCEPTED
const ACCEPTED = spec.value('HTTP-NOTIFICATION-OR-RESPONSE-IS-ACCEPTED', 'integer', 'status');

const CANCELLED = 'notifications/cancelled';
const SESSION = HTTP.sessionHeader.toLowerCase();
const VERSION = HTTP.versionHeader.toLowerCase();
const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];
const LOOPBACK_BINDS: readonly string[] = ['localhost', '127.0.0.1', '::1', '[::1]'];

/** Where and how the endpoint serves. */
export interface HttpOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Address to listen on (default loopback). */
  host?: string;
  /** The endpoint's path (default `/mcp`). */
  path?: string;
  /** Origins besides loopback ones that may call (exact `scheme://host[:port]`). */
  allowedOrigins?: readonly string[];
  /** `Host` header names besides loopback ones accepted while listening on loopback. */
  allowedHosts?: readonly string[];
  /** Bounds of `mcp-bounds`; a body may hold `frameBytes`. */
  limits?: Partial<Limits>;
  /** Sessions open at once. */
  maxSessions?: number;
  /** Milliseconds a session may sit idle before it is ended. */
  idleMs?: number;
  /** Requests of one session waiting for their answer. */
  maxPending?: number;
  /**
   * Tool calls of stateless requests run at once, every client's together
   * (each legacy session keeps its server's own `concurrency`).
   */
  statelessConcurrency?: number;
  /** What a session keeps for a client resuming a stream (`Last-Event-ID`). */
  replay?: Partial<ReplayBounds>;
  /** Milliseconds a client may go on sending a body refused as too large before its connection is cut. */
  drainMs?: number;
}

/** What a session's server can reach of its client. */
export interface HttpSession {
  /** The `Mcp-Session-Id`; empty for the shared stateless session. */
  readonly id: string;
  /** Requests and notifications to the client (sampling, elicitation, roots, log lines). */
  readonly peer: Peer;
}

/** Builds the server of one session (called once per `initialize`, and once for stateless requests). */
export type ServerFactory = (session: HttpSession) => Server;

/** A running endpoint. */
export interface HttpHandle {
  /** The endpoint's address, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Sessions open now. */
  readonly sessions: number;
  /** Ends every session and stops listening. */
  close(): Promise<void>;
}

/**
 * A stream of events, written to the connection its client holds now. In a
 * session each event is also kept in the stream's log, so a client whose
 * connection dropped can come back for what followed (a stateless stream has
 * no log: closing it cancels its request).
 */
class EventStream {
  readonly log: StreamLog | undefined;
  #res: ServerResponse;

  constructor(res: ServerResponse, log?: StreamLog) {
    this.#res = res;
    this.log = log;
  }

  get res(): ServerResponse {
    return this.#res;
  }

  /** Whether a client is connected to the stream now. */
  get open(): boolean {
    return !this.#res.writableEnded && !this.#res.destroyed;
  }

  event(frame: string): void {
    const text = this.log === undefined ? sseEvent(frame) : this.log.add(frame);
    if (this.open) this.#res.write(text);
  }

  /** The stream's last event (or none): it is logged, the log ends, and the connection closes. */
  finish(frame?: string): void {
    let text = '';
    if (frame !== undefined) text = this.log === undefined ? sseEvent(frame) : this.log.add(frame);
    this.log?.end();
    if (this.open) this.#res.end(text);
  }

  // @implements mcp-http#HTTP-LAST-EVENT-ID-REPLAYS
  /** A resuming client's new connection carries the stream on; the old one closes, so nothing goes out twice. */
  takeOver(res: ServerResponse): void {
    const old = this.#res;
    this.#res = res;
    if (old !== res && !old.writableEnded && !old.destroyed) old.end();
  }
}

/** One POSTed request's answer: an event stream that ends with the response. */
class RequestStream extends EventStream {
  readonly key: string;
  readonly token: string | undefined;
  readonly onAnswer: ((frame: string) => void) | undefined;
  /** The id as the client wrote it, when the loop knows the request by an id of the endpoint's own. */
  readonly writtenId: string | undefined;
  /** The least severe log level a stateless request asked to hear (index in LOG_LEVELS); undefined for none. */
  logLevel: number | undefined;

  constructor(
    res: ServerResponse,
    key: string,
    token: string | undefined,
    onAnswer?: (frame: string) => void,
    writtenId?: string,
    log?: StreamLog,
  ) {
    super(res, log);
    this.key = key;
    this.token = token;
    this.onAnswer = onAnswer;
    this.writtenId = writtenId;
  }

  answer(frame: string): void {
    this.onAnswer?.(frame);
    this.finish(this.#restoreId(frame));
  }

  // @implements mcp-http#HTTP-STATELESS-IDS-ARE-SCOPED
  /** The answer with the client's own id in place of the endpoint's. */
  #restoreId(frame: string): string {
    const written = this.writtenId;
    const span = written === undefined ? undefined : memberSpan(frame, 'id');
    if (span === undefined) return frame;
    return `${frame.slice(0, span.start)}${written}${frame.slice(span.end)}`;
  }
}

// @implements mcp-http#HTTP-STATELESS-LOG-LEVEL-FROM-META
/** Whether a stateless request hears `message`: a log line only at the level it asked for, or more severe. */
function heard(message: Record<string, unknown>, stream: RequestStream): boolean {
  if (message.method !== FEATURE_NOTIFICATIONS.message) return true;
  const level = LOG_LEVELS.indexOf((message.params as { level?: LogLevel } | undefined)?.level as LogLevel);
  return stream.logLevel !== undefined && level >= stream.logLevel;
}

// @implements mcp-http#HTTP-SESSION-STREAMS-ARE-PRIMED
/** Whether a stream of `revision` opens with a priming event (older clients read its empty data as a broken message). */
function primes(revision: string | undefined): boolean {
  return revision !== undefined && revision >= RESUME.primedFrom;
}

/** The headers of every event stream the endpoint opens. */
const SSE_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' } as const;

/** A session: its server's transport, fed by POSTs and answering into their streams. */
class SessionLink implements Transport, HttpSession {
  readonly id: string;
  readonly peer: Peer;
  readonly server: Server;
  readonly done: Promise<LoopEnd>;
  #lines: string[] = [];
  #head = 0;
  #waiter: ((line: string | null) => void) | undefined;
  #ended = false;
  /** Requests still running, by id key, in the order they came. */
  #running = new Map<string, RequestStream>();
  #byToken = new Map<string, RequestStream>();
  /** The standing stream, connected or waiting for its client to resume it. */
  #standing: EventStream | undefined;
  /** Open `subscriptions/listen` streams of stateless clients. */
  #listeners = new Set<Listener>();
  #bounds: ReplayBounds;
  /** Streams the session has numbered so far. */
  #streamCount = 0;
  /** Logs a client may resume from, by stream number: the running ones and the last ones that ended. */
  #logs = new Map<number, StreamLog>();
  /** The streams still carrying events, by the number of their log. */
  #live = new Map<number, EventStream>();
  /** Numbers of the ended streams still kept, oldest first. */
  #endedLogs: number[] = [];

  constructor(
    id: string,
    factory: ServerFactory,
    configure?: (server: Server) => void,
    bounds: ReplayBounds = RESUME,
  ) {
    this.id = id;
    this.#bounds = bounds;
    this.peer = new Peer((frame, related) => this.#toClient(frame, idKey(related)));
    this.server = factory(this);
    // Tools of a network server never own stdout; several sessions run at once.
    this.server.withoutCapture();
    configure?.(this.server);
    this.done = this.server.serve(this);
  }

  /** The link every stateless request shares: no session, and each request a scope of its own. */
  get stateless(): boolean {
    return this.id === '';
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Whether the session is doing nothing: no request running and no standing stream open. */
  get idle(): boolean {
    return this.#running.size === 0 && !(this.#standing?.open ?? false);
  }

  // @implements mcp-http#HTTP-SESSION-EVENTS-HAVE-IDS
  // @implements mcp-http#HTTP-STATELESS-STREAMS-ARE-NOT-RESUMED
  /**
   * The log of a new stream on `res`: in a session numbered, kept and opened
   * with a priming event from the revision that has them; for the stateless
   * link none.
   */
  newLog(res: ServerResponse, revision: string | undefined): StreamLog | undefined {
    if (this.stateless) return undefined;
    const log = new StreamLog(++this.#streamCount, this.#bounds, (ended) => this.#forget(ended));
    this.#logs.set(log.stream, log);
    if (primes(revision)) res.write(log.priming(RESUME.retryMs));
    return log;
  }

  /** Registers the stream writing `log`, so a resuming client can take it over. */
  live(stream: EventStream): void {
    if (stream.log !== undefined && !stream.log.ended) this.#live.set(stream.log.stream, stream);
  }

  // @implements mcp-http#HTTP-REPLAY-IS-BOUNDED
  /** An ended stream stays for replay among the last few that ended; older ones are forgotten. */
  #forget(log: StreamLog): void {
    this.#live.delete(log.stream);
    this.#endedLogs.push(log.stream);
    while (this.#endedLogs.length > this.#bounds.streams) {
      this.#logs.delete(this.#endedLogs.shift() as number);
    }
  }

  // @implements mcp-http#HTTP-LAST-EVENT-ID-REPLAYS
  // @implements mcp-http#HTTP-REPLAY-GAP-IS-REFUSED
  /**
   * A GET with `Last-Event-ID`: replays what followed that event on its
   * stream and, while the stream runs, carries it on over `res`. Returns the
   * refusal instead when that cannot be done without a gap.
   */
  resume(res: ServerResponse, lastEventId: string): { status: number; message: string } | undefined {
    const at = parseEventId(lastEventId);
    if (at === undefined) {
      return {
        status: 400,
        message: `Bad request: Last-Event-ID ${JSON.stringify(lastEventId)} is not an event id of this server (they read STREAM-EVENT, e.g. 3-12); send the id of the last event received, or GET without it to open a new standing stream`,
      };
    }
    const log = this.#logs.get(at.stream);
    const { events, bytes, streams } = this.#bounds;
    if (log === undefined) {
      return {
        status: RESUME.goneStatus,
        message: `Gone: stream ${at.stream} of this session is not kept for replay (a session keeps its running streams and the last ${streams} that ended); what it sent after event ${lastEventId} is lost — send the request again`,
      };
    }
    const replay = log.after(at.seq);
    if (replay.kind === 'unknown') {
      return {
        status: RESUME.goneStatus,
        message: `Gone: stream ${at.stream} never sent event ${lastEventId} (its next event is ${at.stream}-${replay.next}); resume from an event it sent`,
      };
    }
    if (replay.kind === 'gap') {
      return {
        status: RESUME.goneStatus,
        message: `Gone: stream ${at.stream} no longer holds the events after ${lastEventId}; the oldest it holds is ${at.stream}-${replay.first} (a stream keeps its last ${events} events, at most ${bytes} bytes), so the ones between are lost — send the request again`,
      };
    }
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    for (const text of replay.events) res.write(text);
    const live = this.#live.get(at.stream);
    if (live === undefined) res.end();
    else live.takeOver(res);
    return undefined;
  }

  isRunning(key: string): boolean {
    return this.#running.has(key);
  }

  /** Requests waiting for their answer. */
  get pending(): number {
    return this.#running.size;
  }

  /** A request to hand the loop, answered on `stream`. */
  request(line: string, stream: RequestStream): void {
    this.#running.set(stream.key, stream);
    this.live(stream);
    if (stream.token !== undefined) this.#byToken.set(stream.token, stream);
    this.push(line);
  }

  // @implements mcp-http#HTTP-CANCELLED-REQUEST-STREAM-ENDS
  /** The client cancelled a request: it gets no answer, so its stream ends now. */
  cancelled(key: string | undefined): void {
    const stream = key === undefined ? undefined : this.#running.get(key);
    if (stream === undefined) return;
    this.#running.delete(stream.key);
    if (stream.token !== undefined && this.#byToken.get(stream.token) === stream)
      this.#byToken.delete(stream.token);
    stream.finish();
  }

  // @implements mcp-http#HTTP-STATELESS-CANCEL-BY-CLOSING
  /**
   * The client closed a stateless request's stream before its answer came:
   * the loop is told as by `notifications/cancelled` naming the id it knows
   * the request by, so the run's signal aborts and its processes are killed.
   */
  closedEarly(stream: RequestStream, loopId: string): void {
    if (this.#running.get(stream.key) !== stream) return;
    this.cancelled(stream.key);
    const reason = 'the client closed the stream of its request';
    this.push(JSON.stringify({ jsonrpc: '2.0', method: CANCELLED, params: { requestId: loopId, reason } }));
  }

  push(line: string): void {
    if (this.#ended) return;
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter(line);
      return;
    }
    this.#lines.push(line);
  }

  // @implements mcp-http#HTTP-GET-OPENS-THE-STANDING-STREAM
  /**
   * Opens a new standing stream on `res`; false when one is connected
   * already. One whose client went away ends here: its log stays for replay.
   */
  stand(res: ServerResponse, revision: string | undefined): boolean {
    if (this.#standing?.open) return false;
    this.#standing?.finish();
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    const standing = new EventStream(res, this.newLog(res, revision));
    this.#standing = standing;
    this.live(standing);
    return true;
  }

  readLine(): Promise<string | null> {
    const line = this.takeLine();
    if (line !== undefined) return Promise.resolve(line);
    if (this.#ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.#waiter = resolve;
    });
  }

  takeLine(): string | undefined {
    if (this.#head >= this.#lines.length) return undefined;
    const line = this.#lines[this.#head++] as string;
    if (this.#head > 1024 && this.#head * 2 > this.#lines.length) {
      this.#lines = this.#lines.slice(this.#head);
      this.#head = 0;
    }
    return line;
  }

  writeLine(frame: string, related?: unknown): void {
    this.#toClient(frame, idKey(related));
  }

  // @implements mcp-http#HTTP-MESSAGES-FOLLOW-THEIR-REQUEST
  #toClient(frame: string, related?: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(frame) as Record<string, unknown>;
    } catch {
      return;
    }
    if (!Object.hasOwn(message, 'method')) {
      const key = idKey(message.id);
      const stream = key === undefined ? undefined : this.#running.get(key);
      if (stream === undefined) return;
      this.#running.delete(stream.key);
      if (stream.token !== undefined && this.#byToken.get(stream.token) === stream)
        this.#byToken.delete(stream.token);
      stream.answer(frame);
      return;
    }
    let stream = related === undefined ? undefined : this.#running.get(related);
    // @implements mcp-http#HTTP-STATELESS-MESSAGES-STAY-ON-THEIR-STREAM
    // A stateless request's stream is its client's alone: only what names that request goes there.
    if (this.stateless) {
      if (stream !== undefined && heard(message, stream)) stream.event(frame);
      else if (stream === undefined) this.#toListeners(message);
      return;
    }
    if (stream === undefined && message.method === 'notifications/progress') {
      const token = idKey((message.params as { progressToken?: unknown } | undefined)?.progressToken);
      stream = token === undefined ? undefined : this.#byToken.get(token);
    }
    if (stream === undefined) {
      for (const running of this.#running.values()) {
        if (running.open) {
          stream = running;
          break;
        }
      }
    }
    if (stream !== undefined) {
      stream.event(frame);
      return;
    }
    // @implements mcp-http#HTTP-LAST-EVENT-ID-REPLAYS
    // A standing stream whose client went away keeps what comes meanwhile, for it to resume.
    this.#standing?.event(frame);
  }

  // @implements mcp-http#HTTP-SUBSCRIPTIONS-LISTEN
  /** Opens a listen stream: acknowledged at once with the kinds it will hear, open until either side ends it. */
  listen(res: ServerResponse, id: unknown, params: unknown): void {
    const asked = (isObject(params) && isObject(params.notifications) ? params.notifications : {}) as Record<
      string,
      unknown
    >;
    const kinds = Object.keys(LISTEN_KINDS).filter((kind) => asked[kind] === true);
    const listener: Listener = { res, id, methods: new Set(kinds.map((k) => LISTEN_KINDS[k] as string)) };
    this.#listeners.add(listener);
    res.on('close', () => this.#listeners.delete(listener));
    res.writeHead(200, SSE_HEADERS);
    const notifications = Object.fromEntries(kinds.map((kind) => [kind, true]));
    const ack = { notifications, _meta: { [LISTEN.idKey]: id } };
    res.write(sseEvent(JSON.stringify({ jsonrpc: '2.0', method: LISTEN.ack, params: ack })));
  }

  /** A notification that names no request goes to the listeners that asked for its kind, tagged with their subscription. */
  #toListeners(message: Record<string, unknown>): void {
    const method = message.method;
    if (typeof method !== 'string') return;
    for (const listener of this.#listeners) {
      if (!listener.methods.has(method) || listener.res.writableEnded) continue;
      const params = isObject(message.params) ? message.params : {};
      const meta = isObject(params._meta) ? params._meta : {};
      const tagged = { ...message, params: { ...params, _meta: { ...meta, [LISTEN.idKey]: listener.id } } };
      listener.res.write(sseEvent(JSON.stringify(tagged)));
    }
  }

  // @implements mcp-http#HTTP-DELETE-ENDS-A-SESSION
  /** Ends the session: the loop sees the end of input and every stream closes. */
  end(): void {
    if (this.#ended) return;
    // @implements mcp-http#HTTP-ENDING-KILLS-RUNNING-TOOLS
    this.server.cancelRunning(`the session ended`);
    this.#ended = true;
    this.peer.close();
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.(null);
    for (const stream of this.#running.values()) stream.finish();
    this.#running.clear();
    this.#byToken.clear();
    this.#standing?.finish();
    this.#standing = undefined;
    this.#logs.clear();
    this.#live.clear();
    // @implements mcp-http#HTTP-SUBSCRIPTIONS-LISTEN
    for (const { res, id } of this.#listeners) {
      const result = { ...RESULT_TYPE, _meta: { [LISTEN.idKey]: id } };
      if (!res.writableEnded) res.end(sseEvent(JSON.stringify({ jsonrpc: '2.0', id, result })));
    }
    this.#listeners.clear();
  }
}

/**
 * The endpoint without a listener: `handle` serves one HTTP exchange, so it
 * can be mounted in a server of the consumer's own. `serveHttp` listens.
 */
export class HttpEndpoint {
  readonly path: string;
  readonly limits: Limits;
  #factory: ServerFactory;
  #sessions = new Map<string, SessionLink>();
  #stateless: SessionLink | undefined;
  #maxSessions: number;
  #idleMs: number;
  #maxPending: number;
  #statelessConcurrency: number;
  #drainMs: number;
  #replay: ReplayBounds;
  /** Stateless requests handed to the loop so far: the number in each one's scoped id. */
  #scoped = 0;
  #idleTimers = new Map<SessionLink, ReturnType<typeof setTimeout>>();
  #origins: Set<string>;
  #hosts: Set<string>;
  #checkHost: boolean;

  constructor(factory: ServerFactory, options: HttpOptions = {}) {
    this.#factory = factory;
    this.path = options.path ?? HTTP.path;
    this.limits = limitsOf(options.limits);
    this.#maxSessions = options.maxSessions ?? HTTP.maxSessions;
    this.#idleMs = options.idleMs ?? HTTP.idleMs;
    this.#maxPending = options.maxPending ?? HTTP.maxPending;
    this.#statelessConcurrency = options.statelessConcurrency ?? HTTP.statelessConcurrency;
    this.#drainMs = options.drainMs ?? HTTP.drainMs;
    this.#replay = { ...RESUME, ...options.replay };
    this.#origins = new Set(options.allowedOrigins ?? []);
    this.#hosts = new Set([...LOOPBACK_NAMES, ...(options.allowedHosts ?? []).map((h) => h.toLowerCase())]);
    this.#checkHost = LOOPBACK_BINDS.includes(options.host ?? HTTP.host);
  }

  /** Sessions open now. */
  get sessions(): number {
    return this.#sessions.size;
  }

  /** Serves one exchange; never throws. */
  handle(req: IncomingMessage, res: ServerResponse): void {
    this.#handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 500, ERROR_CODES.internalError, `Internal error: ${describe(error)}`);
      else res.end();
    });
  }

  /** Ends every session. */
  close(): void {
    for (const session of this.#sessions.values()) session.end();
    this.#sessions.clear();
    for (const timer of this.#idleTimers.values()) clearTimeout(timer);
    this.#idleTimers.clear();
    this.#stateless?.end();
    this.#stateless = undefined;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== this.path) {
      refuse(res, 404, INVALID_REQUEST, `Not found: MCP is served at ${this.path}, not ${url.pathname}`);
      return;
    }
    // @implements mcp-http#HTTP-HOST-AND-ORIGIN-ARE-CHECKED
    const forbidden = this.#forbidden(req);
    if (forbidden !== undefined) {
      refuse(res, 403, INVALID_REQUEST, `Forbidden: ${forbidden}`);
      return;
    }
    // A POST is judged once its body is read, so its refusal can carry its id.
    if (req.method === 'POST') return this.#post(req, res);
    const version = headerOf(req, VERSION);
    if (version !== undefined && !SUPPORTED_REVISIONS.includes(version)) {
      refuseWith(res, 400, unsupportedRevision(version, `in the ${HTTP.versionHeader} header`));
      return;
    }
    if (req.method === 'GET') return this.#get(req, res);
    if (req.method === 'DELETE') return this.#delete(req, res);
    res.setHeader('Allow', 'GET, POST, DELETE');
    refuse(
      res,
      405,
      INVALID_REQUEST,
      `Method not allowed: ${req.method} (the endpoint takes GET, POST and DELETE)`,
    );
  }

  #forbidden(req: IncomingMessage): string | undefined {
    const origin = req.headers.origin;
    if (origin !== undefined && !this.#origins.has(origin)) {
      let name: string | undefined;
      try {
        name = new URL(origin).hostname.toLowerCase();
      } catch {
        name = undefined;
      }
      if (name === undefined || !LOOPBACK_NAMES.includes(name)) {
        return `Origin ${JSON.stringify(origin)} may not call this server (allowed: loopback origins${this.#origins.size > 0 ? ` and ${[...this.#origins].join(', ')}` : ''})`;
      }
    }
    if (this.#checkHost) {
      const host = hostName(req.headers.host ?? '');
      if (!this.#hosts.has(host)) {
        return `Host ${JSON.stringify(req.headers.host ?? '')} is not this server's (it listens on loopback; allowed: ${[...this.#hosts].join(', ')})`;
      }
    }
    return undefined;
  }

  async #post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) {
      refuse(
        res,
        415,
        INVALID_REQUEST,
        `Unsupported media type: a POST must be Content-Type: application/json, not ${JSON.stringify(type)}`,
      );
      return;
    }
    const accept = req.headers.accept ?? '';
    if (!accepts(accept, 'application/json') || !accepts(accept, 'text/event-stream')) {
      refuse(
        res,
        406,
        INVALID_REQUEST,
        `Not acceptable: a POST must accept both application/json and text/event-stream (Accept was ${JSON.stringify(accept)})`,
      );
      return;
    }
    const body = await readBody(req, this.limits.frameBytes);
    if (body === undefined) {
      refuse(
        res,
        TOO_LARGE,
        INVALID_REQUEST,
        `Payload too large: a message may hold ${this.limits.frameBytes} bytes`,
      );
      cutOffAfter(req, this.#drainMs);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch (error) {
      refuse(res, 400, ERROR_CODES.parseError, `Parse error: ${describe(error)}`);
      return;
    }
    if (Array.isArray(message)) {
      refuse(
        res,
        400,
        INVALID_REQUEST,
        'Invalid request: batches are not supported; send one JSON-RPC message per POST',
      );
      return;
    }
    if (message === null || typeof message !== 'object') {
      refuse(
        res,
        400,
        INVALID_REQUEST,
        'Invalid request: a POST body must be one JSON-RPC message, an object',
      );
      return;
    }
    const m = message as Record<string, unknown>;
    const id = m.id;
    // @implements mcp-http#HTTP-UNSUPPORTED-VERSION-HEADER
    const version = headerOf(req, VERSION);
    if (version !== undefined && !SUPPORTED_REVISIONS.includes(version)) {
      refuseWith(res, 400, unsupportedRevision(version, `in the ${HTTP.versionHeader} header`), id);
      return;
    }
    const named = req.headers[SESSION];
    const sessionId = typeof named === 'string' ? named : undefined;
    let session = sessionId === undefined ? undefined : this.#sessions.get(sessionId);
    if (sessionId !== undefined && session === undefined) {
      refuse(
        res,
        404,
        INVALID_REQUEST,
        `Session not found: ${sessionId} has ended or never existed; send initialize to open a new one`,
        id,
      );
      return;
    }
    // @implements mcp-http#HTTP-NOTIFICATION-OR-RESPONSE-IS-ACCEPTED
    if (!Object.hasOwn(m, 'method')) {
      if (Object.hasOwn(m, 'result') || Object.hasOwn(m, 'error')) {
        (session ?? this.#stateless)?.peer.receive(m);
        res.writeHead(ACCEPTED).end();
        return;
      }
      refuse(
        res,
        400,
        INVALID_REQUEST,
        'Invalid request: a message needs a `method`, or a `result` or `error` answering the server',
        id,
      );
      return;
    }
    // One line for the loop: raw newlines in JSON are only ever whitespace.
    const line = body.replace(/[\r\n]/g, ' ');
    const refused = screenFrame(line, this.limits);
    if (refused !== undefined) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(refused);
      return;
    }
    const method = m.method;
    // Only a session this very request opened may be dropped when its handshake is refused.
    let openedHere = false;
    if (session === undefined) {
      // @implements mcp-http#HTTP-STATELESS-IS-DECIDED-BY-BODY-OR-HEADER
      // Decided first: an `initialize` the stateless revision sends is a removed method, not a handshake.
      if (isModernRequest(m.params) || (version !== undefined && MODERN_REVISIONS.includes(version))) {
        // @implements mcp-http#HTTP-STATELESS-NEEDS-NO-SESSION
        this.#stateless ??= new SessionLink('', this.#factory, (server) =>
          server.withConcurrency(this.#statelessConcurrency),
        );
        session = this.#stateless;
      } else if (method === METHODS.initialize) {
        session = this.#open(res);
        if (session === undefined) return;
        openedHere = true;
      } else {
        // @implements mcp-http#HTTP-SESSION-HEADER-REQUIRED
        refuse(
          res,
          400,
          INVALID_REQUEST,
          `Bad request: no ${HTTP.sessionHeader} header; send initialize first and then the session id it answers with`,
          id,
        );
        return;
      }
    }
    // @implements mcp-http#HTTP-NULL-ID-IS-INVALID
    if (id === null && Object.hasOwn(m, 'id')) {
      refuse(
        res,
        400,
        INVALID_REQUEST,
        'Invalid request: an id must be a string or a number, never null; leave `id` out to send a notification',
      );
      return;
    }
    this.#touch(session);
    const isRequest = id !== undefined && id !== null;
    if (!isRequest) {
      // @implements mcp-http#HTTP-STATELESS-CANCEL-BY-CLOSING
      // A stateless request's id is its POST's alone: a cancellation POSTed apart names no request.
      if (session.stateless && method === CANCELLED) {
        res.writeHead(ACCEPTED).end();
        return;
      }
      session.push(line);
      if (method === CANCELLED)
        session.cancelled(idKey((m.params as { requestId?: unknown } | undefined)?.requestId));
      res.writeHead(ACCEPTED).end();
      return;
    }
    if (idKey(id) === undefined) {
      refuse(res, 400, INVALID_REQUEST, 'Invalid request: an id must be a string or a number');
      return;
    }
    if (session.stateless) {
      const refusal = this.#refusal(req, m, version, session.server);
      if (refusal !== undefined) {
        refuseWith(res, refusal.status, refusal.error, id);
        return;
      }
    }
    if (session.stateless && method === LISTEN.method) {
      session.listen(res, id, m.params);
      return;
    }
    const scoped = session.stateless ? this.#scope(line, m) : undefined;
    const key = idKey(scoped?.loopId ?? id) as string;
    // @implements mcp-http#HTTP-PENDING-REQUESTS-ARE-BOUNDED
    if (session.pending >= this.#maxPending) {
      refuse(
        res,
        TOO_MANY,
        INVALID_REQUEST,
        `Too many requests: ${this.#maxPending} of this session are waiting for their answer; send more once some are answered`,
        id,
      );
      return;
    }
    if (scoped === undefined && session.isRunning(key)) {
      refuse(
        res,
        400,
        INVALID_REQUEST,
        `Invalid request: id ${JSON.stringify(id)} belongs to a request still running; use a fresh id`,
        id,
      );
      return;
    }
    // @implements mcp-http#HTTP-REQUEST-IS-ANSWERED-ON-ITS-STREAM
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    const meta = (m.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta;
    const token = meta !== null && typeof meta === 'object' ? idKey(meta.progressToken) : undefined;
    const opened = session;
    // @implements mcp-http#HTTP-SECOND-INITIALIZE-KEEPS-THE-SESSION
    const onAnswer =
      openedHere && opened.id !== ''
        ? (frame: string) => {
            // A refused first handshake leaves no session behind; a second one leaves the session as it was.
            if (frame.includes('"error"') && !frame.includes('"result"')) this.#drop(opened);
          }
        : undefined;
    // An initialize names its revision in its params; every later request in the header.
    const revision =
      method === METHODS.initialize
        ? String((m.params as { protocolVersion?: unknown } | undefined)?.protocolVersion ?? '')
        : version;
    const log = session.newLog(res, revision);
    const stream = new RequestStream(res, key, token, onAnswer, scoped?.writtenId, log);
    if (scoped !== undefined) stream.logLevel = logLevelOf(meta);
    session.request(scoped?.line ?? line, stream);
    if (scoped !== undefined) {
      const link = session;
      res.on('close', () => link.closedEarly(stream, scoped.loopId));
    }
  }

  /**
   * Why a stateless request is refused before the loop sees it, with the
   * HTTP status that says so, or undefined. In the order the checks build on
   * each other: the revision header, the `_meta` it needs, their agreement,
   * the method and name headers, then the revision's own refusals and
   * whether the method exists at all.
   */
  #refusal(
    req: IncomingMessage,
    m: Record<string, unknown>,
    version: string | undefined,
    server: Server,
  ): { status: number; error: RpcErrorObject } | undefined {
    const method = String(m.method);
    const mismatch = (message: string) => ({
      status: 400,
      error: { code: HEADER_MISMATCH, message: `Header mismatch: ${message}` },
    });
    // @implements mcp-http#HTTP-STATELESS-STANDARD-HEADERS
    if (version === undefined) {
      return mismatch(
        `a stateless request names its revision in the ${HTTP.versionHeader} header as well as in _meta`,
      );
    }
    // @implements mcp-http#HTTP-STATELESS-IS-DECIDED-BY-BODY-OR-HEADER
    const params = isObject(m.params) ? m.params : {};
    const meta = isObject(params._meta) ? params._meta : {};
    const missing = [META_KEYS.protocolVersion, META_KEYS.clientCapabilities].filter(
      (key) => meta[key] === undefined,
    );
    if (missing.length > 0) {
      return {
        status: 400,
        error: {
          code: INVALID_PARAMS,
          message: `Invalid params: a request of revision ${version} carries params._meta with ${missing.map((k) => `\`${k}\``).join(' and ')}`,
          data: { missing },
        },
      };
    }
    // @implements mcp-http#HTTP-STATELESS-STANDARD-HEADERS
    const inMeta = meta[META_KEYS.protocolVersion];
    if (inMeta !== version) {
      return mismatch(`${HTTP.versionHeader} is ${version} but _meta names ${JSON.stringify(inMeta)}`);
    }
    const named = headerOf(req, METHOD_HEADER);
    if (named !== method) {
      return mismatch(
        `Mcp-Method is ${named === undefined ? 'missing' : JSON.stringify(named)} but the body's method is ${JSON.stringify(method)}`,
      );
    }
    const source = NAME_SOURCES[method];
    const value = source === undefined ? undefined : params[source];
    if (typeof value === 'string') {
      const name = decodedHeader(headerOf(req, NAME_HEADER));
      if (name === null) return mismatch('Mcp-Name is wrapped as =?base64?…?= but is not well-formed base64');
      if (name !== value) {
        return mismatch(
          `Mcp-Name is ${name === undefined ? 'missing' : JSON.stringify(name)} but params.${source} is ${JSON.stringify(value)}`,
        );
      }
    }
    const param = method === 'tools/call' ? paramHeaderMismatch(req, params, server) : undefined;
    if (param !== undefined) return mismatch(param);
    // @implements mcp-http#HTTP-STATELESS-REFUSALS-HAVE-THEIR-STATUS
    const refused = modernRefusal(method, m.params);
    if (refused !== undefined) {
      return { status: refused.code === ERROR_CODES.methodNotFound ? NOT_FOUND : 400, error: refused };
    }
    if (method !== LISTEN.method && !server.hasMethod(method)) {
      return {
        status: NOT_FOUND,
        error: { code: ERROR_CODES.methodNotFound, message: `Method not found: \`${method}\`` },
      };
    }
    // @implements mcp-http#HTTP-SCREEN-REFUSALS-HAVE-THEIR-STATUS
    const screened = server.refusal({ id: m.id, method, params: m.params });
    if (screened !== undefined) {
      return { status: screened.code === ERROR_CODES.methodNotFound ? NOT_FOUND : 400, error: screened };
    }
    return undefined;
  }

  // @implements mcp-http#HTTP-STATELESS-IDS-ARE-SCOPED
  /**
   * A stateless request as the loop gets it: under an id of the endpoint's
   * own, unique while it serves, with the id the client wrote kept to answer with.
   */
  #scope(
    line: string,
    message: Record<string, unknown>,
  ): { line: string; loopId: string; writtenId: string } {
    const loopId = `${HTTP.scopePrefix}${++this.#scoped}`;
    const span = memberSpan(line, 'id');
    if (span === undefined) {
      // An id too long to find by a bounded look: spelled again whole (it is a string, so nothing is lost).
      return {
        line: JSON.stringify({ ...message, id: loopId }),
        loopId,
        writtenId: JSON.stringify(message.id),
      };
    }
    return {
      line: `${line.slice(0, span.start)}${JSON.stringify(loopId)}${line.slice(span.end)}`,
      loopId,
      writtenId: line.slice(span.start, span.end),
    };
  }

  // @implements mcp-http#HTTP-INITIALIZE-OPENS-A-SESSION
  #open(res: ServerResponse): SessionLink | undefined {
    if (this.#sessions.size >= this.#maxSessions) {
      refuse(
        res,
        503,
        INVALID_REQUEST,
        `Service unavailable: ${this.#maxSessions} sessions are open; end one (DELETE) or try later`,
      );
      return undefined;
    }
    const session = new SessionLink(randomUUID(), this.#factory, undefined, this.#replay);
    this.#sessions.set(session.id, session);
    void session.done.then(() => this.#drop(session));
    res.setHeader(HTTP.sessionHeader, session.id);
    return session;
  }

  #drop(session: SessionLink): void {
    if (this.#sessions.get(session.id) === session) this.#sessions.delete(session.id);
    clearTimeout(this.#idleTimers.get(session));
    this.#idleTimers.delete(session);
    session.end();
  }

  // @implements mcp-http#HTTP-IDLE-SESSIONS-END
  /** Restarts the session's idle clock; when it runs out, a session still doing nothing is ended. */
  #touch(session: SessionLink): void {
    if (session.id === '') return;
    const timer = this.#idleTimers.get(session);
    if (timer !== undefined) {
      timer.refresh();
      return;
    }
    const expire = (): void => {
      if (session.ended) return;
      if (!session.idle) {
        this.#idleTimers.get(session)?.refresh();
        return;
      }
      this.#drop(session);
    };
    const fresh = setTimeout(expire, this.#idleMs);
    fresh.unref();
    this.#idleTimers.set(session, fresh);
  }

  #sessionOf(req: IncomingMessage, res: ServerResponse): SessionLink | undefined {
    const named = req.headers[SESSION];
    if (typeof named !== 'string') {
      refuse(
        res,
        400,
        INVALID_REQUEST,
        `Bad request: ${req.method} needs the ${HTTP.sessionHeader} header of an open session`,
      );
      return undefined;
    }
    const session = this.#sessions.get(named);
    if (session === undefined) {
      refuse(res, 404, INVALID_REQUEST, `Session not found: ${named} has ended or never existed`);
      return undefined;
    }
    return session;
  }

  async #get(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!accepts(req.headers.accept ?? '', 'text/event-stream')) {
      refuse(
        res,
        406,
        INVALID_REQUEST,
        'Not acceptable: GET opens an event stream; send Accept: text/event-stream',
      );
      return;
    }
    const session = this.#sessionOf(req, res);
    if (session === undefined) return;
    this.#touch(session);
    // @implements mcp-http#HTTP-LAST-EVENT-ID-REPLAYS
    const last = headerOf(req, 'last-event-id');
    if (last !== undefined) {
      const refused = session.resume(res, last);
      if (refused !== undefined) refuse(res, refused.status, INVALID_REQUEST, refused.message);
      return;
    }
    if (!session.stand(res, headerOf(req, VERSION))) {
      refuse(res, 409, INVALID_REQUEST, 'Conflict: this session already has its standing stream open');
    }
  }

  async #delete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const session = this.#sessionOf(req, res);
    if (session === undefined) return;
    this.#drop(session);
    res.writeHead(200).end();
  }
}

/**
 * Serves `factory`'s servers over Streamable HTTP until `close`. Resolves
 * once listening; rejects when the address cannot be bound.
 */
// @implements mcp-http#HTTP-ONE-ENDPOINT
export async function serveHttp(factory: ServerFactory, options: HttpOptions = {}): Promise<HttpHandle> {
  const endpoint = new HttpEndpoint(factory, options);
  const host = options.host ?? HTTP.host;
  const server: NodeServer = createServer((req, res) => endpoint.handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}${endpoint.path}`,
    port,
    get sessions() {
      return endpoint.sessions;
    },
    close: () =>
      new Promise<void>((resolve) => {
        endpoint.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// @implements mcp-http#HTTP-REFUSALS-ARE-JSON-RPC
function refuse(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id: unknown = null,
): void {
  refuseWith(res, status, { code, message }, id);
}

function refuseWith(res: ServerResponse, status: number, error: RpcErrorObject, id: unknown = null): void {
  const safeId = typeof id === 'string' || typeof id === 'number' ? id : null;
  res
    .writeHead(status, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id: safeId, error }));
}

/** A header's value without the blanks around it; undefined when it is absent (or sent twice). */
function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

/** A header's value as sent, or decoded from its base64 wrapper; null when the wrapper holds no well-formed base64. */
// @implements mcp-http#HTTP-STATELESS-PARAM-HEADERS
function decodedHeader(value: string | undefined): string | undefined | null {
  const encoded = value === undefined ? null : BASE64_WRAPPED.exec(value);
  if (encoded === null) return value;
  const base64 = encoded[1] as string;
  return BASE64_STRICT.test(base64) ? Buffer.from(base64, 'base64').toString('utf8') : null;
}

/**
 * What is wrong with the `Mcp-Param-…` headers of a stateless call, for each
 * argument its tool's input schema marks to travel in one; undefined when they agree.
 */
// @implements mcp-http#HTTP-STATELESS-PARAM-HEADERS
function paramHeaderMismatch(
  req: IncomingMessage,
  params: Record<string, unknown>,
  server: Server,
): string | undefined {
  const tool = typeof params.name === 'string' ? server.tools.get(params.name) : undefined;
  const properties = tool?.descriptor.inputSchema.properties;
  if (!isObject(properties)) return undefined;
  const args = isObject(params.arguments) ? params.arguments : {};
  for (const [property, schema] of Object.entries(properties)) {
    const name = isObject(schema) ? schema[PARAM_HEADER.annotation] : undefined;
    if (typeof name !== 'string') continue;
    const header = `${PARAM_HEADER.prefix}${name}`;
    const sent = decodedHeader(headerOf(req, header.toLowerCase()));
    if (sent === null) return `${header} is wrapped as =?base64?…?= but is not well-formed base64`;
    const value = args[property];
    const expected = value === undefined || value === null ? undefined : String(value);
    if (sent !== expected) {
      return `${header} is ${sent === undefined ? 'missing' : JSON.stringify(sent)} but arguments.${property} is ${expected === undefined ? 'not given' : JSON.stringify(expected)}`;
    }
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// @implements mcp-http#HTTP-STATELESS-LOG-LEVEL-FROM-META
/** The index in LOG_LEVELS of the least severe level a request's `_meta` asks to hear; undefined for none. */
function logLevelOf(meta: unknown): number | undefined {
  const level = isObject(meta) ? meta[HTTP.logLevelKey] : undefined;
  const at = LOG_LEVELS.indexOf(level as LogLevel);
  return at === -1 ? undefined : at;
}

function accepts(header: string, type: string): boolean {
  const [kind] = type.split('/');
  return header
    .split(',')
    .map((part) => (part.split(';')[0] ?? '').trim().toLowerCase())
    .some((t) => t === type || t === '*/*' || t === `${kind}/*`);
}

/** The host name of a `Host` header, without its port (`[::1]` keeps its brackets). */
function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end === -1 ? h : h.slice(0, end + 1);
  }
  const colon = h.indexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

// @implements mcp-http#HTTP-OVERSIZED-BODY-IS-ANSWERED-BEFORE-CLOSE
/**
 * A refused body is still being sent: it is read and dropped (readBody keeps
 * the request flowing) so the socket is never closed with unread bytes in it,
 * which would reset the connection and lose the 413 on its way. A client
 * still sending after `ms` is cut off, so a body without end holds nothing
 * for long.
 */
function cutOffAfter(req: IncomingMessage, ms: number): void {
  if (req.complete) return;
  const timer = setTimeout(() => req.socket.destroy(), ms);
  timer.unref();
  const done = (): void => clearTimeout(timer);
  req.once('end', done);
  req.once('close', done);
  req.once('error', done);
}

/** The body as text, or undefined once it grows past `max` bytes (the rest is read and dropped). */
function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    req.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > max) {
        over = true;
        chunks.length = 0;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function describe(value: unknown): string {
  return value instanceof Error ? value.message : String(value);
}
