/**
 * Requests the server sends the client (sampling, elicitation, roots): each
 * gets an id of its own and a promise that settles exactly once. The
 * transport hands every response it reads to `receive`; how the request
 * reaches the client is the transport's business (`send`).
 */
import { spec } from '../engine/generate/template-spec.ts';
import type { InboundLine } from './bounds.ts';
import type { Transport } from './transport.ts';

// @implements mcp-http#PEER-REQUESTS-ARE-ANSWERED-OR-TIME-OUT
export const PEER = {
  idPrefix: spec.value('PEER-REQUESTS-ARE-ANSWERED-OR-TIME-OUT', 'string', 'prefix'),
  timeoutMs: spec.value('PEER-REQUESTS-ARE-ANSWERED-OR-TIME-OUT', 'integer', 'timeout-ms'),
} as const;

/** Options of one request to the client. */
export interface PeerRequestOptions {
  /** Milliseconds to wait for the answer (default `PEER.timeoutMs`). */
  timeoutMs?: number;
  /** Aborting it fails the request at once (pass the tool run's `context.signal`). */
  signal?: AbortSignal;
  /** The id of the client's request this one belongs to (a tool run's `context.id`); a transport with a stream per request sends it there. */
  relatedRequestId?: unknown;
}

/** Writes one frame towards the client; `related` is the id of the client's request it belongs to, when known. */
export type PeerSend = (frame: string, related?: unknown) => void;

/** Why a request to the client failed: its error answer, a timeout, an abort or the session's end. */
export class PeerRequestError extends Error {
  override name = 'PeerRequestError';
  /** The client's JSON-RPC error code; undefined when the client never answered. */
  readonly code: number | undefined;
  readonly data: unknown;

  constructor(message: string, code?: number, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

interface Waiting {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: PeerRequestError) => void;
  timer: ReturnType<typeof setTimeout>;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** The client as the server sees it: requests to it, notifications to it, and the answers it sends back. */
export class Peer {
  #send: PeerSend | undefined;
  #next = 0;
  #waiting = new Map<string, Waiting>();
  #closed: string | undefined;

  /** `send` writes one frame towards the client (it must not throw); given later with `attach`. */
  constructor(send?: PeerSend) {
    this.#send = send;
  }

  /** Where frames go from now on (the transport serving the session). */
  attach(send: PeerSend): void {
    this.#send = send;
  }

  /** Sends a request to the client; resolves with its result, rejects with a `PeerRequestError`. */
  request(
    method: string,
    params?: Record<string, unknown>,
    options: PeerRequestOptions = {},
  ): Promise<unknown> {
    if (this.#closed !== undefined || this.#send === undefined) {
      const why = this.#closed ?? 'no transport serves this peer yet';
      return Promise.reject(new PeerRequestError(`\`${method}\` was not sent: ${why}`));
    }
    const send = this.#send;
    const signal = options.signal;
    if (signal?.aborted === true) {
      return Promise.reject(new PeerRequestError(`\`${method}\` was not sent: the call was cancelled`));
    }
    const id = `${PEER.idPrefix}${++this.#next}`;
    const timeoutMs = options.timeoutMs ?? PEER.timeoutMs;
    return new Promise<unknown>((resolve, reject) => {
      const waiting: Waiting = {
        method,
        resolve,
        reject,
        timer: setTimeout(
          () =>
            this.#settle(
              id,
              new PeerRequestError(`the client did not answer \`${method}\` within ${timeoutMs} ms`),
            ),
          timeoutMs,
        ),
        signal,
        onAbort: undefined,
      };
      if (signal !== undefined) {
        waiting.onAbort = () =>
          this.#settle(id, new PeerRequestError(`\`${method}\` was abandoned: the call was cancelled`));
        signal.addEventListener('abort', waiting.onAbort, { once: true });
      }
      this.#waiting.set(id, waiting);
      const frame: Record<string, unknown> = { jsonrpc: '2.0', id, method };
      if (params !== undefined) frame.params = params;
      send(JSON.stringify(frame), options.relatedRequestId);
    });
  }

  /** Sends a notification to the client. */
  notify(method: string, params?: Record<string, unknown>, relatedRequestId?: unknown): void {
    if (this.#closed !== undefined) return;
    const frame: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) frame.params = params;
    this.#send?.(JSON.stringify(frame), relatedRequestId);
  }

  /**
   * A message from the client: true when it answered one of this peer's
   * requests (then it is settled and the message is used up), false otherwise.
   */
  receive(message: unknown): boolean {
    if (message === null || typeof message !== 'object' || Array.isArray(message)) return false;
    const m = message as Record<string, unknown>;
    if (Object.hasOwn(m, 'method') || typeof m.id !== 'string' || !m.id.startsWith(PEER.idPrefix))
      return false;
    if (!Object.hasOwn(m, 'result') && !Object.hasOwn(m, 'error')) return false;
    const waiting = this.#waiting.get(m.id);
    if (waiting === undefined) return true;
    if (Object.hasOwn(m, 'result')) {
      this.#settle(m.id, undefined, m.result);
      return true;
    }
    const error = (m.error ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
    const code = typeof error.code === 'number' ? error.code : undefined;
    const text = typeof error.message === 'string' ? error.message : 'no message';
    this.#settle(
      m.id,
      new PeerRequestError(`the client refused \`${waiting.method}\`: ${text}`, code, error.data),
    );
    return true;
  }

  /** Requests waiting for an answer. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /** Fails every waiting request and refuses new ones (the session ended). */
  close(reason = 'the session ended'): void {
    if (this.#closed !== undefined) return;
    this.#closed = reason;
    for (const id of [...this.#waiting.keys()]) {
      this.#settle(id, new PeerRequestError(`no answer: ${reason}`));
    }
  }

  #settle(id: string, error: PeerRequestError | undefined, result?: unknown): void {
    const waiting = this.#waiting.get(id);
    if (waiting === undefined) return;
    this.#waiting.delete(id);
    clearTimeout(waiting.timer);
    if (waiting.onAbort !== undefined) waiting.signal?.removeEventListener('abort', waiting.onAbort);
    if (error === undefined) waiting.resolve(result);
    else waiting.reject(error);
  }
}

/**
 * A transport with a peer on it: frames the peer sends go out through it, and
 * the client's answers to the peer's requests are taken out of the input
 * before the loop reads them. Any line transport (stdio, a socket) gets
 * requests to the client this way.
 */
// @implements mcp-http#PEER-ON-ANY-LINE-TRANSPORT
export class PeerTransport implements Transport {
  readonly peer: Peer;
  readonly takeLine: (() => InboundLine | undefined) | undefined;
  #inner: Transport;

  constructor(inner: Transport, peer: Peer = new Peer()) {
    this.#inner = inner;
    this.peer = peer;
    peer.attach((frame) => {
      try {
        const pending = inner.writeLine(frame);
        if (pending !== undefined) pending.catch(() => undefined);
      } catch {
        // A dead channel ends the loop at its next answer; the request then times out or is closed.
      }
    });
    const take = inner.takeLine?.bind(inner);
    this.takeLine =
      take === undefined
        ? undefined
        : () => {
            for (;;) {
              const line = take();
              if (line === undefined || !this.#answersPeer(line)) return line;
            }
          };
  }

  async readLine(): Promise<InboundLine | null> {
    for (;;) {
      const line = await this.#inner.readLine();
      if (line === null || !this.#answersPeer(line)) return line;
    }
  }

  writeLine(line: string, related?: unknown): void | Promise<void> {
    return this.#inner.writeLine(line, related);
  }

  async close(): Promise<void> {
    this.peer.close('the transport closed');
    await this.#inner.close?.();
  }

  /** Whether `line` is the client's answer to one of the peer's requests (then the peer has it). */
  #answersPeer(line: InboundLine): boolean {
    if (typeof line !== 'string') return false;
    // Most lines are requests: only a line that could be an answer is parsed.
    if (!line.includes(PEER.idPrefix)) return false;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return false;
    }
    return this.peer.receive(message);
  }
}
