/**
 * The loop: reads lines and takes each as it comes. Quick requests are
 * answered at once; tool calls run side by side, up to a per-server limit,
 * and each is answered when it is done. Methods live in a table, so later
 * specs (discovery, lifecycle, cancellation) add or replace handlers without
 * touching the loop.
 */
import { spec } from '../engine/generate/template-spec.ts';
import { type InboundLine, type Limits, limitsOf, screenFrame } from './bounds.ts';
import {
  type Captured,
  captureRun,
  captureShared,
  heldBytes,
  releaseCapture,
  replayOnStderr,
} from './capture.ts';
import { asCoreError, type McpCoreError } from './errors.ts';
import {
  classifyLine,
  ERROR_CODES,
  errorFrame,
  isBlank,
  METHODS,
  PROTOCOL_VERSION,
  type Reply,
  type RpcErrorObject,
  replyFrame,
  resultFrame,
  resultJsonFrame,
  rpcError,
} from './jsonrpc.ts';
import {
  aspCancelledError,
  cancelledId,
  idKey,
  LIFECYCLE_CODES,
  LIFECYCLE_METHODS,
  type Profile,
  type RunContext,
  RunningCall,
  Session,
} from './lifecycle.ts';
import { recordingSpawns } from './processes.ts';
import { type Tool, type ToolOutput, type ToolSet, toolResultJsonOf, toolResultOf } from './toolset.ts';
import type { Transport } from './transport.ts';

/** A method handler: params in, a result or a protocol error out. */
export type MethodHandler = (
  params: unknown,
  request: { id: unknown; method: string },
) => Reply | Promise<Reply>;

// @implements serve#CORE-LOOP-EXTENSIBLE
export interface ServerOptions {
  /** Extra or replacing method handlers, by method name. */
  methods?: Record<string, MethodHandler>;
  /** Run each tool inside the capture guard (default true). */
  capture?: boolean;
  /**
   * What happens to what a tool run wrote to stdout/stderr. Default: it is
   * written to this process's stderr once the run is over, so it reaches the host's log.
   */
  onCapture?: (captured: { tool: string; bytes: number; output: Buffer }) => void;
  /** Looks at each raw line before it is parsed; an error returned is answered instead. */
  screenLine?: (line: string) => RpcErrorObject | undefined;
  /** Bounds every frame must keep (specs/mcp-bounds.md); unset fields take the spec's values. */
  limits?: Partial<Limits>;
  /** `asp` adds the ASP session's `shutdown`, `exit` and `$/cancelRequest` (default `mcp`). */
  profile?: Profile;
  /**
   * Slow set-up the tools need (loading them, say). Started once the session
   * is open, after the `initialize` answer is out, and awaited by `tools/list`
   * and `tools/call`: the handshake never waits for it.
   */
  prepare?: () => Promise<unknown>;
  /** Per-request hooks (see `RequestHooks`). */
  hooks?: RequestHooks;
  /**
   * Tool calls run at once (default `DEFAULT_CONCURRENCY`); more wait their
   * turn. With the capture guard and a custom `onCapture`, runs are captured
   * one at a time whatever this says, so each output is its own run's.
   */
  concurrency?: number;
}

/** One inbound request, as the request hooks see it. */
export interface RequestInfo {
  id: unknown;
  method: string;
  params: unknown;
}

/**
 * Rules that span methods (protocol revisions, lifecycle): each hook sees the
 * request, so one module can refuse requests and shape answers across the table.
 */
export interface RequestHooks {
  /** Before dispatch: an error answered instead of the method, or undefined to go on. */
  screen?(request: RequestInfo): RpcErrorObject | undefined;
  /** Before a tool runs: an error, or an output answered without running it; undefined runs it. */
  checkArguments?(
    tool: Tool,
    args: Record<string, unknown>,
    request: RequestInfo,
  ): { error: RpcErrorObject } | { output: ToolOutput } | undefined;
  /** A tool run's result serialized (default: `toolResultJson`). */
  toolResultJson?(tool: Tool, output: ToolOutput, request: RequestInfo): string;
  /** Any other method's result, before it is serialized. */
  result?(result: unknown, request: RequestInfo): unknown;
  /** A request of the stateless era: it needs no handshake, so the lifecycle gate lets it pass. */
  isStateless?(request: RequestInfo): boolean;
}

/** Why the loop stopped: input ended, or the channel died. */
export type LoopEnd = { reason: 'end-of-input' } | { reason: 'channel-failed'; error: McpCoreError };

// @implements mcp-host#CALLS-RUN-SIDE-BY-SIDE
/** Tool calls one server runs at once, unless `ServerOptions.concurrency` says otherwise. */
export const DEFAULT_CONCURRENCY = spec.value('CALLS-RUN-SIDE-BY-SIDE', 'integer');

/** A request taken and not answered yet. */
interface InFlight {
  readonly id: unknown;
  readonly key: string | undefined;
  /** Its tool's run, once started. */
  call?: RunningCall;
  /** Cancelled: it gets no answer, but for ASP's `$/cancelRequest` the error that says so. */
  cancelled: boolean;
  asp: boolean;
}

/** A tool call waiting for a free slot. */
interface Waiting {
  request: RequestInfo;
  flight: InFlight;
  tool: Tool;
  args: Record<string, unknown>;
  chars: number;
  resolve: (answer: string | undefined | Promise<string | undefined>) => void;
}

/**
 * What one `serve` holds: the requests in flight by id, the calls waiting for
 * a slot, and the state of the channel. The loop only reads and takes;
 * every answer is written when its work is done.
 */
class Serving {
  readonly transport: Transport;
  readonly flights = new Map<string, InFlight>();
  readonly waiting: Waiting[] = [];
  waitingChars = 0;
  running = 0;
  /** Requests taken whose answer is still to come. */
  open = 0;
  /** A write the host has not taken yet: no reading until it has. */
  blocked: Promise<void> | undefined;
  failure: McpCoreError | undefined;
  #wake: (() => void) | undefined;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  // @implements mcp-bounds#OUTPUT-RESPECTS-BACK-PRESSURE
  write(frame: string, related?: unknown): undefined {
    if (this.failure !== undefined) return undefined;
    let pending: void | Promise<void>;
    try {
      pending = this.transport.writeLine(frame, related);
    } catch (error) {
      this.fail(asCoreError(error, 'output-closed', 'writing a frame failed'));
      return undefined;
    }
    if (pending === undefined) return undefined;
    const blocked = pending.then(
      () => undefined,
      (error: unknown) => this.fail(asCoreError(error, 'output-closed', 'writing a frame failed')),
    );
    this.blocked = blocked;
    void blocked.then(() => {
      if (this.blocked === blocked) this.blocked = undefined;
      this.changed();
    });
    return undefined;
  }

  fail(error: McpCoreError): void {
    this.failure ??= error;
    this.changed();
  }

  /** Resolves at the next change: an answer out, a slot free, a write taken, a failure. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
    });
  }

  changed(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}

type Arrival = { line: InboundLine | null } | { error: unknown };

// @implements mcp-core#SERVER-IS-NAME-VERSION-TOOLSET-OVER-A-TRANSPORT-SEAM~9ae822b0
export class Server {
  readonly name: string;
  readonly version: string;
  readonly tools: ToolSet;
  #methods = new Map<string, MethodHandler>();
  #capture: boolean;
  #onCapture: NonNullable<ServerOptions['onCapture']>;
  #screen: ServerOptions['screenLine'];
  #hooks: RequestHooks;
  readonly limits: Limits;
  #concurrency: number;
  #session: Session;
  /** Writes a notification (progress) of the request `related` while serving; undefined outside `serve`. */
  #notify: ((frame: string, related?: unknown) => void) | undefined;
  #exitRequested = false;
  #prepare: (() => Promise<unknown>) | undefined;
  #prepared: Promise<unknown> | undefined;
  /** The built-in `tools/call` handler, answered on a faster path unless a consumer replaces it. */
  #toolsCall: MethodHandler = (params) => this.#call(params);

  constructor(name: string, version: string, tools: ToolSet, options: ServerOptions = {}) {
    this.name = name;
    this.version = version;
    this.tools = tools;
    this.#capture = options.capture !== false;
    this.#onCapture = options.onCapture ?? replayOnStderr;
    this.#screen = options.screenLine;
    this.#hooks = options.hooks ?? {};
    this.limits = limitsOf(options.limits);
    this.#concurrency = checkedConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY);
    this.#session = new Session(options.profile);
    this.#prepare = options.prepare;
    // @implements mcp-core#METHOD-INITIALIZE~3612b7e6
    this.#methods.set(METHODS.initialize, () => ({
      result: {
        protocolVersion: PROTOCOL_VERSION,
        serverInfo: { name: this.name, version: this.version },
        capabilities: { tools: { listChanged: false } },
      },
    }));
    this.#methods.set(METHODS.toolsList, () => ({ result: { tools: this.tools.descriptors() } }));
    this.#methods.set(METHODS.toolsCall, this.#toolsCall);
    // @implements mcp-core#METHOD-PING~895a9e8c
    this.#methods.set(METHODS.ping, () => ({ result: {} }));
    if (this.#session.profile === 'asp') {
      this.#methods.set(LIFECYCLE_METHODS.shutdown, () => {
        this.#session.shutDown();
        return { result: null };
      });
    }
    for (const [method, handler] of Object.entries(options.methods ?? {})) this.#methods.set(method, handler);
  }

  /** Whether tool runs go through the capture guard. */
  get capture(): boolean {
    return this.#capture;
  }

  /** Tool calls run at once. */
  get concurrency(): number {
    return this.#concurrency;
  }

  /**
   * Runs up to `limit` tool calls at once from now on: for a server that a
   * transport shares between many clients (the stateless requests over HTTP).
   */
  withConcurrency(limit: number): void {
    this.#concurrency = checkedConcurrency(limit);
  }

  // @implements mcp-http#HTTP-SCREEN-REFUSALS-HAVE-THEIR-STATUS
  /**
   * The refusal the request hooks' `screen` gives `request`, or undefined: a
   * transport may answer it before it queues the request (with its own status).
   */
  refusal(request: RequestInfo): RpcErrorObject | undefined {
    return this.#hooks.screen?.(request);
  }

  /** Whether `method` has a handler: a transport may refuse a request for one that has none before it queues it. */
  hasMethod(method: string): boolean {
    return this.#methods.has(method);
  }

  /** Serves without the capture guard from now on: for a platform where it cannot work. */
  withoutCapture(): void {
    this.#capture = false;
  }

  /** Serves until input ends or the channel dies; never rejects. */
  async serve(transport: Transport): Promise<LoopEnd> {
    // Tool runs share one redirect while they overlap or follow each other
    // closely, when captured output goes to the default replay: it cannot
    // tell one replay per run from one per burst.
    const hold = this.#capture && this.#onCapture === replayOnStderr && transport.takeLine !== undefined;
    let end: LoopEnd;
    try {
      end = await this.#loop(transport, hold);
    } catch (error) {
      // Only a held redirect that could not be put back gets here.
      end = { reason: 'channel-failed', error: asCoreError(error, 'capture-syscall', 'the loop stopped') };
    }
    // @implements mcp-core#RESTORATION-RIDES-DROP~ca96cf91
    try {
      if (hold) await this.#release();
    } catch (error) {
      if (end.reason === 'end-of-input') {
        end = {
          reason: 'channel-failed',
          error: asCoreError(error, 'capture-syscall', 'restoring the descriptors failed'),
        };
      }
    }
    this.#notify = undefined;
    return end;
  }

  /**
   * Reads and takes lines until input ends. Nothing it takes holds it up:
   * a tool call runs beside the loop, and its answer is written when it is
   * done, so `ping`, `tools/list` and a cancellation are dealt with at once.
   */
  // @implements mcp-lifecycle#INPUT-IS-READ-WHILE-A-TOOL-RUNS
  // @implements mcp-host#CONTROL-IS-NEVER-QUEUED-BEHIND-A-TOOL
  async #loop(transport: Transport, hold: boolean): Promise<LoopEnd> {
    const s = new Serving(transport);
    this.#serving = s;
    this.#notify = (frame, related) => s.write(frame, related);
    let reading: Promise<Arrival> | undefined;
    for (;;) {
      if (this.#exitRequested) return { reason: 'end-of-input' };
      if (s.failure !== undefined) return { reason: 'channel-failed', error: s.failure };
      // @implements mcp-bounds#READ-AHEAD-IS-BOUNDED-IN-BYTES
      // A host slow to read, or calls waiting for a slot that hold the read-ahead bound: read no more until that changes.
      if (s.blocked !== undefined || s.waitingChars >= this.limits.readAheadBytes) {
        await s.next();
        continue;
      }
      let line: InboundLine | null | undefined = reading === undefined ? transport.takeLine?.() : undefined;
      if (line === undefined) {
        // Nothing queued and no tool running: the burst is over, the descriptors go back.
        if (hold && s.running === 0) await this.#release();
        reading ??= transport.readLine().then(
          (read) => ({ line: read }),
          (error: unknown) => ({ error }),
        );
        const won = await Promise.race([reading, s.next()]);
        if (won === undefined) continue;
        reading = undefined;
        if ('error' in won) {
          return {
            reason: 'channel-failed',
            error: asCoreError(won.error, 'input-failed', 'reading a frame failed'),
          };
        }
        line = won.line;
      }
      if (line === null) return this.#finish(s);
      const barrier = this.#take(line, s, hold);
      if (barrier !== undefined) await barrier;
    }
  }

  // @implements mcp-lifecycle#END-OF-INPUT-EXITS-ZERO-AFTER-FLUSHING
  /** Input is over: what was taken is finished and answered, then the loop ends. */
  async #finish(s: Serving): Promise<LoopEnd> {
    while ((s.open > 0 || s.blocked !== undefined) && s.failure === undefined && !this.#exitRequested) {
      await s.next();
    }
    return s.failure === undefined
      ? { reason: 'end-of-input' }
      : { reason: 'channel-failed', error: s.failure };
  }

  /** The frame answering one inbound line, or undefined when the line gets no answer. */
  async answer(line: string): Promise<string | undefined> {
    const written: string[] = [];
    let given = false;
    await this.#loop(
      {
        readLine: async () => {
          if (given) return null;
          given = true;
          return line;
        },
        writeLine: (frame) => {
          written.push(frame);
        },
      },
      false,
    );
    this.#notify = undefined;
    return written.at(-1);
  }

  /**
   * Takes one line: refusals, notifications and quick requests are answered
   * at once; work that takes time is tracked and answered when it is done.
   * Returns a promise only when the loop must wait before it judges the next
   * line (a handshake still being answered).
   */
  #take(line: InboundLine, s: Serving, hold: boolean): Promise<unknown> | undefined {
    if (typeof line === 'string' && isBlank(line)) return undefined;
    // @implements mcp-bounds#LOOP-GOES-ON-AFTER-A-REFUSAL
    const refused = screenFrame(line, this.limits);
    if (refused !== undefined) return s.write(refused);
    // screenFrame refuses every skipped line: what is left is text.
    if (typeof line !== 'string') return undefined;
    const screened = this.#screen?.(line);
    if (screened !== undefined) return s.write(errorFrame(null, screened));
    const frame = classifyLine(line);
    // @implements mcp-core#MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP~6ba9b91c
    if (frame.kind === 'malformed') {
      const what = frame.code === ERROR_CODES.parseError ? 'Parse error' : 'Invalid request';
      return s.write(errorFrame(frame.id, { code: frame.code, message: `${what}: ${frame.reason}` }));
    }
    // @implements mcp-core#FRAME-WITHOUT-ID-IS-A-NOTIFICATION~10ab74d3
    if (frame.kind === 'notification') return this.#notified(frame.method, frame.params, s, line);
    // @implements mcp-core#FRAME-WITH-ID-IS-A-REQUEST~1297feb4
    const { id, method } = frame;
    const key = idKey(id);
    // @implements mcp-lifecycle#REUSED-IN-FLIGHT-ID-IS-REFUSED
    // @implements mcp-host#LIFECYCLE-HOLDS-FROM-THE-FIRST-BYTE
    if (key !== undefined && s.flights.has(key)) {
      return s.write(
        errorFrame(id, {
          code: LIFECYCLE_CODES.idInFlight,
          message: `Invalid request: id ${String(JSON.stringify(id) ?? id)} belongs to a request still in flight; use a fresh id`,
        }),
      );
    }
    // The revision screen first (a stateless request is judged by its revision), then the lifecycle gate.
    const refusal =
      this.#hooks.screen?.(frame) ?? this.#session.gate(method, this.#hooks.isStateless?.(frame) === true);
    if (refusal !== undefined) return s.write(errorFrame(id, refusal));
    const flight: InFlight = { id, key, cancelled: false, asp: false };
    if (this.#prepare !== undefined && (method === METHODS.toolsList || method === METHODS.toolsCall)) {
      // The set-up is awaited beside the loop: a ping, a cancellation or a reused id is dealt with meanwhile.
      this.#track(s, flight, this.#whenPrepared(frame, flight, line.length, s, hold));
      return undefined;
    }
    if (hold && this.#methods.get(method) !== this.#toolsCall) {
      // Any other handler (a consumer's own included) runs with the process's
      // descriptors where they belong, unless tools running beside it hold the redirect.
      const released = this.#release();
      if (released !== undefined) {
        const later = released.then(() => this.#request(frame, flight, line.length, s, hold));
        this.#track(s, flight, later);
        return later;
      }
    }
    const answer = this.#request(frame, flight, line.length, s, hold);
    if (answer === undefined) return undefined;
    if (typeof answer === 'string') return s.write(answer);
    this.#track(s, flight, answer);
    // The handshake settles before the next request is judged against it.
    return method === METHODS.initialize ? answer : undefined;
  }

  /** The answer to a request: a frame now, none, or a frame to come. */
  #request(
    request: RequestInfo,
    flight: InFlight,
    chars: number,
    s: Serving,
    hold: boolean,
  ): string | undefined | Promise<string | undefined> {
    const handler = this.#methods.get(request.method);
    if (handler === this.#toolsCall) return this.#callFrame(request, flight, chars, s, hold);
    return this.#dispatchFrame(request);
  }

  /** Writes `answer` once it comes, unless its request was cancelled meanwhile; its id is free again after. */
  #track(s: Serving, flight: InFlight, answer: Promise<string | undefined>): void {
    if (flight.key !== undefined) s.flights.set(flight.key, flight);
    s.open++;
    const done = (frame: string | undefined): void => {
      s.open--;
      if (flight.key !== undefined && s.flights.get(flight.key) === flight) s.flights.delete(flight.key);
      // @implements mcp-host#ANSWERS-IN-COMPLETION-ORDER-EACH-ID-ONCE
      const out = flight.cancelled ? this.#cancelledFrame(flight) : frame;
      if (out !== undefined) s.write(out);
      s.changed();
    };
    answer.then(done, (error: unknown) => done(internalErrorFrame(flight.id, error)));
  }

  #isCancel(method: string): boolean {
    return (
      method === LIFECYCLE_METHODS.cancelled ||
      (this.#session.profile === 'asp' && method === LIFECYCLE_METHODS.aspCancel)
    );
  }

  /** Acts on a notification; never answers it. */
  #notified(method: string, params: unknown, s: Serving, line?: string): undefined {
    if (this.#session.profile === 'asp' && method === LIFECYCLE_METHODS.exit) {
      this.#exitRequested = true;
      s.changed();
      return undefined;
    }
    if (!this.#isCancel(method)) return undefined;
    const id = cancelledId(method, params, line);
    const key = idKey(id);
    const flight = key === undefined ? undefined : s.flights.get(key);
    if (flight === undefined || flight.cancelled) return undefined;
    // @implements mcp-lifecycle#CANCELLED-ABORTS-THE-RUN
    flight.cancelled = true;
    flight.asp = method === LIFECYCLE_METHODS.aspCancel;
    if (flight.call !== undefined) {
      const reason = (params as { reason?: unknown } | null)?.reason;
      flight.call.aspCancelled = flight.asp;
      flight.call.cancel(typeof reason === 'string' ? reason : `${method} for id ${JSON.stringify(id)}`);
      return undefined;
    }
    // Still waiting for a slot (or for the set-up): it never starts.
    const at = s.waiting.findIndex((w) => w.flight === flight);
    if (at !== -1) {
      const [dropped] = s.waiting.splice(at, 1);
      if (dropped !== undefined) {
        s.waitingChars -= dropped.chars;
        dropped.resolve(undefined);
      }
    }
    return undefined;
  }

  #dispatchFrame(request: RequestInfo): string | Promise<string> {
    const reply = this.#dispatch(request);
    return reply instanceof Promise
      ? reply.then((r) => this.#replyFrame(request, r))
      : this.#replyFrame(request, reply);
  }

  /** A method's reply as a frame; the `result` hook shapes a result first. */
  #replyFrame(request: RequestInfo, reply: Reply): string {
    const shape = this.#hooks.result;
    if (shape === undefined || !('result' in reply)) return replyFrame(request.id, reply);
    return resultFrame(request.id, shape(reply.result, request));
  }

  // @implements mcp-lifecycle#SLOW-SET-UP-WAITS-BEHIND-THE-HANDSHAKE
  /** Starts `prepare` once; a timer, so the answer in hand is written first. */
  #startPreparing(): Promise<unknown> {
    const prepare = this.#prepare;
    this.#prepared ??= new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => prepare?.())
      .then((value) => {
        this.#prepare = undefined;
        return value;
      });
    return this.#prepared;
  }

  /** A tools request once `prepare` is done; its failure is the request's internal error. */
  #whenPrepared(
    request: RequestInfo,
    flight: InFlight,
    chars: number,
    s: Serving,
    hold: boolean,
  ): Promise<string | undefined> {
    return this.#startPreparing().then(
      () => (flight.cancelled ? undefined : this.#request(request, flight, chars, s, hold)),
      (error: unknown) =>
        errorFrame(
          request.id,
          rpcError(ERROR_CODES.internalError, `The tools could not be loaded: ${describe(error)}`).error,
        ),
    );
  }

  #dispatch({ id, method, params }: RequestInfo): Reply | Promise<Reply> {
    const reply = this.#handle(id, method, params);
    if (method !== METHODS.initialize) return reply;
    const opened = (r: Reply): Reply => {
      if ('result' in r) {
        this.#session.opened();
        if (this.#prepare !== undefined) void this.#startPreparing().catch(() => undefined);
      }
      return r;
    };
    return reply instanceof Promise ? reply.then(opened) : opened(reply);
  }

  #handle(id: unknown, method: string, params: unknown): Reply | Promise<Reply> {
    const handler = this.#methods.get(method);
    // @implements mcp-core#METHOD-ANYTHING-ELSE~004ba888
    if (handler === undefined) {
      return rpcError(ERROR_CODES.methodNotFound, `Method not found: \`${method}\``, {
        known: [...this.#methods.keys()].sort(),
      });
    }
    // Still exactly one answer per request, even when a handler is broken.
    const broken = (error: unknown): Reply =>
      rpcError(ERROR_CODES.internalError, `Internal error in \`${method}\`: ${describe(error)}`);
    try {
      const reply = handler(params, { id, method });
      return isThenable(reply) ? Promise.resolve(reply).then((r) => r, broken) : reply;
    } catch (error) {
      return broken(error);
    }
  }

  /** Tool calls run at once: one when each run's output is captured on its own. */
  #slots(hold: boolean): number {
    return this.#capture && !hold ? 1 : this.concurrency;
  }

  /** The built-in `tools/call`: answered at once when the tool is sync, else when its run is over. */
  // @implements mcp-host#CALLS-RUN-SIDE-BY-SIDE
  #callFrame(
    request: RequestInfo,
    flight: InFlight,
    chars: number,
    s: Serving,
    hold: boolean,
  ): string | undefined | Promise<string | undefined> {
    const id = request.id;
    const target = this.#target(request.params);
    if ('error' in target) return errorFrame(id, target.error);
    const checked = this.#hooks.checkArguments?.(target.tool, target.args, request);
    if (checked !== undefined) {
      return 'error' in checked
        ? errorFrame(id, checked.error)
        : resultJsonFrame(id, this.#toolJson(target.tool, checked.output, request));
    }
    if (s.running < this.#slots(hold)) return this.#start(request, flight, target.tool, target.args, s, hold);
    return new Promise((resolve) => {
      s.waiting.push({ request, flight, tool: target.tool, args: target.args, chars, resolve });
      s.waitingChars += chars;
    });
  }

  #start(
    request: RequestInfo,
    flight: InFlight,
    tool: Tool,
    args: Record<string, unknown>,
    s: Serving,
    hold: boolean,
  ): string | undefined | Promise<string | undefined> {
    const call = new RunningCall(request.id, request.params, this.#notify);
    flight.call = call;
    s.running++;
    let output: ToolOutput | Promise<ToolOutput>;
    try {
      output = recordingSpawns(call.spawned, () => this.#run(tool, args, hold, call));
    } catch (error) {
      output = thrown(tool.descriptor.name, error);
    }
    const frameOf = (o: ToolOutput): string | undefined =>
      call.cancelled ? undefined : resultJsonFrame(request.id, this.#toolJson(tool, o, request));
    if (!(output instanceof Promise)) {
      s.running--;
      this.#afterRun(s, hold);
      return frameOf(output);
    }
    return output.then(
      (o) => {
        s.running--;
        this.#afterRun(s, hold);
        return frameOf(o);
      },
      (error: unknown) => {
        s.running--;
        this.#afterRun(s, hold);
        return call.cancelled ? undefined : internalErrorFrame(request.id, error);
      },
    );
  }

  /** A run is over: calls waiting for a slot start, and a long burst gives the descriptors back. */
  #afterRun(s: Serving, hold: boolean): void {
    // The next waiting call starts once this run's answer is out, so answers keep the order runs end in.
    if (s.waiting.length > 0) setImmediate(() => this.#startWaiting(s, hold));
    if (hold && s.running === 0) {
      this.#burstRuns++;
      if (this.#burstRuns >= BURST_RUNS || heldBytes() >= BURST_BYTES) void this.#release();
    }
    s.changed();
  }

  #startWaiting(s: Serving, hold: boolean): void {
    while (s.waiting.length > 0 && s.running < this.#slots(hold)) {
      const next = s.waiting.shift() as Waiting;
      s.waitingChars -= next.chars;
      next.resolve(this.#start(next.request, next.flight, next.tool, next.args, s, hold));
    }
    s.changed();
  }

  /** A cancelled request gets no answer, unless ASP's `$/cancelRequest` stopped it. */
  #cancelledFrame(flight: InFlight): string | undefined {
    return flight.asp ? errorFrame(flight.id, aspCancelledError(METHODS.toolsCall)) : undefined;
  }

  #toolJson(tool: Tool, output: ToolOutput, request: RequestInfo): string {
    const hook = this.#hooks.toolResultJson;
    return hook === undefined ? toolResultJsonOf(tool, output) : hook(tool, output, request);
  }

  // @implements mcp-core#METHOD-TOOLS-CALL~f91c3cc4
  async #call(params: unknown): Promise<Reply> {
    const target = this.#target(params);
    if ('error' in target) return target;
    // @implements mcp-core#RELATED-LAWS-LIVE-IN-THE-CONSUMING-REPO~61ac6cf1
    const output = await this.#run(target.tool, target.args, false, new RunningCall(undefined, params));
    return { result: toolResultOf(target.tool, output) };
  }

  /** The tool a `tools/call` names and its arguments, or the protocol error when there is none. */
  #target(params: unknown): { tool: Tool; args: Record<string, unknown> } | { error: RpcErrorObject } {
    const p = (params ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof p.name !== 'string') {
      return rpcError(
        ERROR_CODES.invalidParams,
        `Invalid params: ${METHODS.toolsCall} needs \`name\`, a string naming the tool`,
        { known: this.tools.names() },
      );
    }
    const tool = this.tools.get(p.name);
    // @implements mcp-host#UNKNOWN-TOOL-IS-INVALID-PARAMS
    // @deviates mcp-core#METHOD-TOOLS-CALL reason="an unknown tool is invalid params, -32602, as the MCP specification and mcp-host say; mcp-core said method not found"
    if (tool === undefined) {
      return rpcError(ERROR_CODES.unknownTool, `Invalid params: unknown tool \`${p.name}\``, {
        known: this.tools.names(),
      });
    }
    const args = p.arguments ?? {};
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      return rpcError(
        ERROR_CODES.invalidParams,
        `Invalid params: \`arguments\` of \`${p.name}\` must be an object`,
      );
    }
    return { tool, args: args as Record<string, unknown> };
  }

  // @implements mcp-core#TOOL-FAILURE-IS-A-RESULT-NEVER-A-PROTOCOL-ERROR~04062b80
  #run(
    tool: Tool,
    args: Record<string, unknown>,
    hold: boolean,
    context: RunContext,
  ): ToolOutput | Promise<ToolOutput> {
    const name = tool.descriptor.name;
    if (!this.#capture) {
      let output: ToolOutput | Promise<ToolOutput>;
      try {
        output = tool.run(args, context);
      } catch (error) {
        return thrown(name, error);
      }
      return isThenable(output)
        ? Promise.resolve(output).then(
            (value) => checkOutput(name, value),
            (error: unknown) => thrown(name, error),
          )
        : checkOutput(name, output);
    }
    if (!hold) return this.#runCaptured(tool, args, context);
    // @implements mcp-host#CAPTURE-IS-SHARED-BY-OVERLAPPING-RUNS
    let captured: Captured<ToolOutput> | Promise<Captured<ToolOutput>>;
    try {
      captured = captureShared(() => tool.run(args, context));
    } catch (error) {
      return notRun(name, error);
    }
    if (captured instanceof Promise) {
      return captured.then(
        (c) => outcomeOf(name, c),
        (error: unknown) => notRun(name, error),
      );
    }
    return outcomeOf(name, captured);
  }

  async #runCaptured(tool: Tool, args: Record<string, unknown>, context: RunContext): Promise<ToolOutput> {
    const name = tool.descriptor.name;
    let captured: Captured<ToolOutput>;
    try {
      captured = await captureRun(() => tool.run(args, context));
    } catch (error) {
      return notRun(name, error);
    }
    if (captured.bytes > 0) this.#onCapture({ tool: name, bytes: captured.bytes, output: captured.output });
    return outcomeOf(name, captured);
  }

  #burstRuns = 0;
  /** What the running `serve` holds, for `cancelRunning`; undefined outside `serve`. */
  #serving: Serving | undefined;

  /**
   * Cancels every tool call running or waiting now, as a cancellation naming
   * each would: their signals abort and the processes they started are
   * killed. For a transport whose channel is ending (a session deleted, a
   * server shutting down), so no tool outlives it.
   */
  cancelRunning(reason: string): void {
    const s = this.#serving;
    if (s === undefined) return;
    for (const flight of s.flights.values()) {
      if (flight.cancelled) continue;
      flight.cancelled = true;
      flight.call?.cancel(reason);
    }
    for (const waiting of s.waiting.splice(0)) {
      waiting.flight.cancelled = true;
      s.waitingChars -= waiting.chars;
      waiting.resolve(undefined);
    }
    s.changed();
  }

  /** Ends a burst: the descriptors go back and what its runs wrote is replayed, in order. */
  #release(): Promise<void> | undefined {
    this.#burstRuns = 0;
    return releaseCapture({ replayAll: true });
  }
}

// A burst releases its redirect after this many runs or captured bytes, so
// the replay of what its tools wrote reaches the host's log without delay
// worth noticing, and the replay never holds much in memory.
const BURST_RUNS = 1024;
const BURST_BYTES = 1 << 20;

function checkedConcurrency(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`concurrency must be a whole number from 1, got ${String(limit)}`);
  }
  return limit;
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function outcomeOf(name: string, captured: Captured<ToolOutput>): ToolOutput {
  return captured.outcome.ok
    ? checkOutput(name, captured.outcome.value)
    : thrown(name, captured.outcome.error);
}

function notRun(name: string, error: unknown): ToolOutput {
  return { report: `tool \`${name}\` was not run: ${describe(error)}`, isError: true };
}

function internalErrorFrame(id: unknown, error: unknown): string {
  return errorFrame(
    id,
    rpcError(ERROR_CODES.internalError, `Internal error in \`${METHODS.toolsCall}\`: ${describe(error)}`)
      .error,
  );
}

function checkOutput(name: string, output: unknown): ToolOutput {
  const o = output as Partial<ToolOutput> | null | undefined;
  if (o !== null && typeof o === 'object' && typeof o.report === 'string') return o as ToolOutput;
  return {
    report: `tool \`${name}\` returned ${describe(output)} instead of a ToolOutput {report, isError}`,
    isError: true,
  };
}

function thrown(name: string, error: unknown): ToolOutput {
  return { report: `tool \`${name}\` threw: ${describe(error)}`, isError: true };
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
