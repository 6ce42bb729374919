/**
 * A session over time: the handshake gate, the ids of requests in flight or
 * waiting, cancellation and progress of the running call, and the optional
 * ASP profile (`shutdown`, `exit`, `$/cancelRequest`). The loop asks this
 * module what to do; it holds the state, the loop does the I/O.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { spec } from '../engine/generate/template-spec.ts';
import { METHODS, RawId, type RpcErrorObject } from './jsonrpc.ts';
import { killSpawned } from './processes.ts';

export const LIFECYCLE_CODES = {
  // @implements mcp-lifecycle#REQUESTS-BEFORE-INITIALIZE-ARE-REFUSED
  notInitialized: spec.value('REQUESTS-BEFORE-INITIALIZE-ARE-REFUSED', 'jsonrpc-code'),
  // @implements mcp-lifecycle#SECOND-INITIALIZE-IS-REFUSED
  alreadyInitialized: spec.value('SECOND-INITIALIZE-IS-REFUSED', 'jsonrpc-code'),
  // @implements mcp-lifecycle#REUSED-IN-FLIGHT-ID-IS-REFUSED
  idInFlight: spec.value('REUSED-IN-FLIGHT-ID-IS-REFUSED', 'jsonrpc-code'),
  // @implements mcp-lifecycle#ASP-PROFILE-IS-OPT-IN
  aspCancelled: spec.value('ASP-PROFILE-IS-OPT-IN', 'jsonrpc-code'),
} as const;

export const LIFECYCLE_METHODS = {
  cancelled: spec.value('CANCELLED-ABORTS-THE-RUN', 'string', 'method'),
  progress: spec.value('PROGRESS-ONLY-FOR-A-PROGRESS-TOKEN', 'string', 'method'),
  shutdown: spec.value('ASP-PROFILE-IS-OPT-IN', 'string', 'request'),
  exit: spec.value('ASP-PROFILE-IS-OPT-IN', 'string', 'notification'),
  aspCancel: spec.value('ASP-PROFILE-IS-OPT-IN', 'string', 'cancel'),
} as const;

/** `mcp`: the MCP session alone. `asp`: also the ASP state machine's `shutdown`, `exit` and `$/cancelRequest`. */
export type Profile = 'mcp' | 'asp';

/** A key equal for equal JSON-RPC ids (a string and a number never collide); undefined for an id no one can reuse. */
export function idKey(id: unknown): string | undefined {
  if (typeof id === 'string') return `s${id}`;
  if (typeof id === 'number') return `n${id}`;
  // @implements mcp-host#IDS-ARE-ECHOED-AS-WRITTEN
  if (id instanceof RawId) return `n${id.text}`;
  return undefined;
}

/** The handshake and the end of a session. */
export class Session {
  #initialized = false;
  #shutDown = false;
  readonly profile: Profile;

  constructor(profile: Profile = 'mcp') {
    this.profile = profile;
  }

  /** The refusal for a request at this point of the session, or undefined when it may run. */
  gate(method: string, stateless: boolean): RpcErrorObject | undefined {
    if (this.#shutDown) {
      return {
        // The same invalid-request code a second handshake gets: the request is out of place.
        code: LIFECYCLE_CODES.alreadyInitialized,
        message: `Invalid request: the session was shut down; \`${method}\` is not run`,
      };
    }
    // The revision rules (the Server's `isStateless` hook) say which requests are stateless.
    // @implements mcp-lifecycle#MODERN-REQUESTS-NEED-NO-HANDSHAKE
    if (stateless) return undefined;
    if (method === METHODS.initialize) {
      // @implements mcp-lifecycle#SECOND-INITIALIZE-IS-REFUSED
      if (this.#initialized) {
        return {
          code: LIFECYCLE_CODES.alreadyInitialized,
          message: 'Invalid request: the session is already initialized; the first handshake stands',
        };
      }
      return undefined;
    }
    // @implements mcp-lifecycle#REQUESTS-BEFORE-INITIALIZE-ARE-REFUSED
    if (!this.#initialized && method !== METHODS.ping) {
      return {
        code: LIFECYCLE_CODES.notInitialized,
        message: `Server not initialized: send \`${METHODS.initialize}\` before \`${method}\``,
      };
    }
    return undefined;
  }

  /** `initialize` was answered with a result: the session is open. */
  opened(): void {
    this.#initialized = true;
  }

  /** `shutdown` was answered (ASP profile): no new work is taken. */
  shutDown(): void {
    this.#shutDown = true;
  }
}

// @implements mcp-lifecycle#RUN-CONTEXT-CARRIES-SIGNAL-AND-PROGRESS
export interface RunContext {
  /** Aborts when the call is cancelled; pass it on to child processes and fetches. */
  readonly signal: AbortSignal;
  /** Reports how far the run got; sent only when the caller asked with a `progressToken`. */
  progress(done: number, total?: number, message?: string): void;
  // @implements mcp-revisions#MODERN-INPUT-REQUIRED
  /** The client's answers to the requests an earlier round asked for, by their keys; undefined in a first round. */
  readonly inputResponses?: Record<string, unknown>;
  /** The opaque state an earlier round gave the client, handed back as it was. */
  readonly requestState?: string;
  /** What the client declared it can do, for a stateless request (its `_meta` capabilities); undefined otherwise. */
  readonly clientCapabilities?: Record<string, unknown>;
}

// @implements mcp-revisions#MODERN-INPUT-REQUIRED
/** Where a later round of a call carries the client's answers and the state handed back. */
const INPUT_FIELDS = {
  responses: spec.value('MODERN-INPUT-REQUIRED', 'string', 'responses-field'),
  state: spec.value('MODERN-INPUT-REQUIRED', 'string', 'state-field'),
} as const;

const CAPABILITIES_KEY = spec.value('MODERN-CAPABILITIES-REQUIRED', 'string', 'capabilities-key');

// @implements mcp-revisions#MODERN-REQUEST-STATE-IS-SEALED
// The key of this process's seals: a state handed out here is only taken back here.
const SEAL_KEY = randomBytes(32);
const SEAL_MARK = '.';

function sealOf(state: string): string {
  return createHmac('sha256', SEAL_KEY).update(state).digest('base64url');
}

/** `state` with this process's seal: what the client is given to hand back. */
export function sealState(state: string): string {
  return `${state}${SEAL_MARK}${sealOf(state)}`;
}

/** Whether `sealed` is a state this process handed out, unchanged. */
export function stateIsSealed(sealed: string): boolean {
  const at = sealed.lastIndexOf(SEAL_MARK);
  if (at === -1) return false;
  const given = Buffer.from(sealed.slice(at + 1));
  const expected = Buffer.from(sealOf(sealed.slice(0, at)));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function unsealedState(sealed: string): string {
  const at = sealed.lastIndexOf(SEAL_MARK);
  return at === -1 ? sealed : sealed.slice(0, at);
}

/** The call a tool is running now: its id, its cancellation and where its progress goes. */
export class RunningCall implements RunContext {
  readonly id: unknown;
  cancelled = false;
  #controller: AbortController | undefined;
  #token: unknown;
  #notify: ((frame: string, related?: unknown) => void) | undefined;
  /** Reason given when cancelled through ASP's `$/cancelRequest`: then the request is answered with an error. */
  aspCancelled = false;
  /** The processes this call spawned (processes.ts recordingSpawns): a cancel kills these trees only. */
  readonly spawned = new Set<number>();
  #progress: RunContext['progress'] | undefined;

  constructor(id: unknown, params: unknown, notify?: (frame: string, related?: unknown) => void) {
    this.id = id;
    // @implements mcp-lifecycle#PROGRESS-ONLY-FOR-A-PROGRESS-TOKEN
    const meta = (params as { _meta?: { progressToken?: unknown } } | null | undefined)?._meta;
    this.#token = meta !== null && typeof meta === 'object' ? meta.progressToken : undefined;
    this.#notify = notify;
    this.#params = params;
  }

  #params: unknown;

  // @implements mcp-revisions#MODERN-INPUT-REQUIRED
  get inputResponses(): Record<string, unknown> | undefined {
    const answers = (this.#params as Record<string, unknown> | null | undefined)?.[INPUT_FIELDS.responses];
    return answers !== null && typeof answers === 'object' && !Array.isArray(answers)
      ? (answers as Record<string, unknown>)
      : undefined;
  }

  /** The state as the run gave it: the seal the server added (`sealState`) taken off. */
  get requestState(): string | undefined {
    const state = (this.#params as Record<string, unknown> | null | undefined)?.[INPUT_FIELDS.state];
    return typeof state === 'string' ? unsealedState(state) : undefined;
  }

  /** What the client declared it can do: a stateless request's `_meta` capabilities, else undefined. */
  get clientCapabilities(): Record<string, unknown> | undefined {
    const meta = (this.#params as { _meta?: unknown } | null | undefined)?._meta;
    const caps =
      meta !== null && typeof meta === 'object'
        ? (meta as Record<string, unknown>)[CAPABILITIES_KEY]
        : undefined;
    return caps !== null && typeof caps === 'object' && !Array.isArray(caps)
      ? (caps as Record<string, unknown>)
      : undefined;
  }

  // Made on first use: most tools never look at it, and most calls are never cancelled.
  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    return this.#controller.signal;
  }

  /** The key of its id, made when asked: only a call that is still running when more input comes needs it. */
  get key(): string | undefined {
    return idKey(this.id);
  }

  // Bound on first use, so a tool may take it out of the context (`{ progress }`) and call it alone.
  get progress(): RunContext['progress'] {
    this.#progress ??= (done, total, message) => this.#report(done, total, message);
    return this.#progress;
  }

  #report(done: number, total?: number, message?: string): void {
    const token = this.#token;
    if (
      this.cancelled ||
      this.#notify === undefined ||
      (typeof token !== 'string' && typeof token !== 'number')
    ) {
      return;
    }
    const params: Record<string, unknown> = { progressToken: token, progress: done };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    // Named with its request, so a transport with a stream per request sends it on the right one.
    this.#notify(JSON.stringify({ jsonrpc: '2.0', method: LIFECYCLE_METHODS.progress, params }), this.id);
  }

  // @implements mcp-lifecycle#CANCELLED-ABORTS-THE-RUN
  cancel(reason: string): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.#controller?.abort(new Error(reason));
    killSpawned(this.spawned);
  }
}

/** The id a cancellation names: `requestId` for MCP, `id` for ASP's `$/cancelRequest`. */
export function cancelledId(method: string, params: unknown, line?: string): unknown {
  const p = (params ?? {}) as { requestId?: unknown; id?: unknown };
  const key = method === LIFECYCLE_METHODS.aspCancel ? 'id' : 'requestId';
  const id = p[key];
  // @implements mcp-host#IDS-ARE-ECHOED-AS-WRITTEN
  // A number JavaScript rounds names its request by the digits written, as the request's own id does.
  if (typeof id !== 'number' || Number.isSafeInteger(id) || line === undefined) return id;
  const written = new RegExp(`"${key}"\\s*:\\s*(-?\\d[\\d.eE+-]*)`).exec(line)?.[1];
  return written === undefined || written === JSON.stringify(id) ? id : new RawId(written);
}

// @implements mcp-lifecycle#ASP-PROFILE-IS-OPT-IN
export function aspCancelledError(method: string): RpcErrorObject {
  return {
    code: LIFECYCLE_CODES.aspCancelled,
    message: `Request cancelled: \`${method}\` was stopped on ${LIFECYCLE_METHODS.aspCancel}`,
    data: { failClass: spec.value('ASP-PROFILE-IS-OPT-IN', 'string', 'fail-class'), retryable: true },
  };
}
