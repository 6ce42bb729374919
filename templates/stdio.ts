/**
 * The production transport: lines over the process's stdin and stdout. It
 * reads and writes through the private channel `claimStdio` hands it, so the
 * capture guard can swap the process's descriptors under a tool run without
 * the protocol stream noticing.
 */
import type { Readable, Writable } from 'node:stream';
import { spec } from '../engine/generate/template-spec.ts';
import { DEFAULT_LIMITS, type InboundLine, type Limits } from './bounds.ts';
import { openChannel, watchHangUp } from './capture.ts';
import { McpCoreError } from './errors.ts';
import { type Peer, PeerTransport } from './peer.ts';
import { killStartedSince } from './processes.ts';
import type { LoopEnd, Server } from './server.ts';
import { LineDecoder, type Transport } from './transport.ts';

// Lines read ahead before input is paused, whatever their size; the bound in
// bytes (characters, never more than the bytes they came as) is the limits'.
const READ_AHEAD_LINES = 4096;

// @implements mcp-host#CLOSED-OUTPUT-IS-NOTICED-AT-ONCE
const HANG_UP_POLL_MS = spec.value('CLOSED-OUTPUT-IS-NOTICED-AT-ONCE', 'integer');

// @implements mcp-core#WIRE-IS-LINE-DELIMITED-JSON-RPC-OVER-STDIO~0e26c851
export class StdioTransport implements Transport {
  #input: Readable;
  #output: Writable;
  #decoder: LineDecoder;
  #lines: InboundLine[] = [];
  #head = 0;
  /** Characters of the lines read ahead and not yet taken. */
  #queuedChars = 0;
  #readAhead: number;
  #highWater: number;
  /** Characters of answers in `#pending`, not yet handed to the stream. */
  #pendingChars = 0;
  #ended = false;
  #paused = false;
  #failure: McpCoreError | undefined;
  #waiter: { resolve: (line: InboundLine | null) => void; reject: (error: unknown) => void } | undefined;
  #pending: string[] = [];
  #flushQueued = false;
  #dead: McpCoreError | undefined;

  /** Whether `close` ends the output (not when it is the process's own, which never closes). */
  #endOutput: boolean;

  constructor(
    input: Readable,
    output: Writable,
    limits: Limits = DEFAULT_LIMITS,
    options: { endOutput?: boolean } = {},
  ) {
    this.#input = input;
    this.#output = output;
    this.#endOutput = options.endOutput !== false;
    // @implements mcp-bounds#LONG-LINE-IS-SKIPPED-NOT-HELD
    this.#decoder = new LineDecoder({ maxLineBytes: limits.frameBytes });
    this.#readAhead = limits.readAheadBytes;
    this.#highWater = limits.writeHighWater;
    input.on('data', (chunk: Buffer | string) => {
      const lines = this.#decoder.push(chunk);
      for (const line of lines) {
        this.#lines.push(line);
        this.#queuedChars += charsOf(line);
      }
      // @implements mcp-bounds#READ-AHEAD-IS-BOUNDED-IN-BYTES
      const queued = this.#lines.length - this.#head;
      if ((queued > READ_AHEAD_LINES || this.#queuedChars > this.#readAhead) && !this.#paused) {
        this.#paused = true;
        input.pause();
      }
      this.#wake();
    });
    input.on('end', () => {
      for (const line of this.#decoder.end()) {
        this.#lines.push(line);
        this.#queuedChars += charsOf(line);
      }
      this.#ended = true;
      this.#wake();
    });
    input.on('error', (error: Error) => {
      this.#failure = new McpCoreError('input-failed', `reading stdin failed: ${error.message}`, {
        cause: error,
      });
      this.#wake();
    });
    output.on('error', (error: Error) => {
      this.hangUp(`writing stdout failed: ${error.message}`, error);
    });
    output.on('close', () => this.hangUp('stdout was closed'));
  }

  /**
   * The reader of the output went away: no answer can reach it, so a read
   * waiting for input fails now instead of when the next answer is written.
   */
  // @implements mcp-host#CLOSED-OUTPUT-IS-NOTICED-AT-ONCE
  hangUp(detail = 'the host stopped reading stdout', cause?: unknown): void {
    if (this.#dead !== undefined) return;
    this.#dead = new McpCoreError('output-closed', detail, cause === undefined ? undefined : { cause });
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.reject(this.#dead);
  }

  readLine(): Promise<InboundLine | null> {
    if (this.#dead) return Promise.reject(this.#dead);
    const line = this.#take();
    if (line !== undefined) return Promise.resolve(line);
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#ended) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  takeLine(): InboundLine | undefined {
    return this.#take();
  }

  writeLine(line: string): void | Promise<void> {
    if (this.#dead) throw this.#dead;
    this.#pending.push(line);
    this.#pendingChars += line.length;
    // One write per turn of the event loop: a pipelining host gets its answers
    // in batches instead of one syscall per frame.
    if (!this.#flushQueued) {
      this.#flushQueued = true;
      setImmediate(() => this.#flush());
    }
    // @implements mcp-bounds#OUTPUT-RESPECTS-BACK-PRESSURE
    // Answers made in one turn count too: past the bound they go to the stream
    // at once, and once the stream holds that much the loop waits for the host
    // to read. (Flushing earlier than that would stall a pipelining host.)
    if (this.#pendingChars >= this.#highWater) this.#flush();
    if (this.#output.writableLength < this.#highWater) return undefined;
    return new Promise((resolve, reject) => {
      const done = (): void => {
        this.#output.off('drain', done);
        this.#output.off('close', done);
        if (this.#dead) reject(this.#dead);
        else resolve();
      };
      this.#output.on('drain', done);
      this.#output.on('close', done);
    });
  }

  /** Writes what is queued, ends the output and waits until it is flushed. */
  async close(): Promise<void> {
    this.#flush();
    this.#input.destroy();
    const output = this.#output;
    if (output.destroyed || output.writableFinished || this.#dead !== undefined) return;
    if (!this.#endOutput) {
      // The process's own stream is never ended or closed: wait only until what is queued is out.
      if (output.writableLength === 0) return;
      await new Promise<void>((resolve) => {
        output.once('drain', resolve);
        output.once('error', () => resolve());
      });
      return;
    }
    await new Promise<void>((resolve) => {
      output.once('close', resolve);
      output.once('finish', resolve);
      output.once('error', () => resolve());
      output.end();
    });
  }

  #flush(): void {
    this.#flushQueued = false;
    if (this.#pending.length === 0 || this.#dead) return;
    const text = this.#pending.length === 1 ? `${this.#pending[0]}\n` : `${this.#pending.join('\n')}\n`;
    this.#pending = [];
    this.#pendingChars = 0;
    this.#output.write(text);
  }

  #take(): InboundLine | undefined {
    if (this.#head >= this.#lines.length) return undefined;
    const line = this.#lines[this.#head++] as InboundLine;
    this.#queuedChars -= charsOf(line);
    if (this.#head === this.#lines.length) {
      this.#lines = [];
      this.#head = 0;
    }
    if (
      this.#paused &&
      this.#lines.length - this.#head < READ_AHEAD_LINES / 2 &&
      this.#queuedChars < this.#readAhead / 2
    ) {
      this.#paused = false;
      this.#input.resume();
    }
    return line;
  }

  #wake(): void {
    const waiter = this.#waiter;
    if (!waiter) return;
    const line = this.#take();
    if (line !== undefined) {
      this.#waiter = undefined;
      waiter.resolve(line);
    } else if (this.#failure) {
      this.#waiter = undefined;
      waiter.reject(this.#failure);
    } else if (this.#ended) {
      this.#waiter = undefined;
      waiter.resolve(null);
    }
  }
}

/**
 * Serves `server` on this process's stdin and stdout until input ends or the
 * host goes away, then flushes and releases the channel. Resolves with why it
 * stopped; the caller decides the exit code. With `peer`, the server's tools
 * can send the client requests of their own (sampling, elicitation, roots).
 */
export async function serveStdio(server: Server, options: { peer?: Peer } = {}): Promise<LoopEnd> {
  const { channel, captured } = openChannel(server.capture);
  if (!captured) server.withoutCapture();
  const transport = new StdioTransport(channel.input, channel.output, server.limits, {
    endOutput: captured,
  });
  const unwatch = watchHangUp(channel.outputFd, () => transport.hangUp(), HANG_UP_POLL_MS);
  // @implements mcp-host#SIGTERM-ENDS-THE-RUNS-PROCESS-TREES
  const onTerm = (signal: NodeJS.Signals): void => {
    // The tools' children would outlive the server: they go first, then the
    // signal does what it would have done.
    killStartedSince(Number.NEGATIVE_INFINITY);
    process.off(signal, onTerm);
    // Another listener decides what the signal does; with none, it does what it would have done.
    if (process.listenerCount(signal) > 0) return;
    channel.release();
    process.kill(process.pid, signal);
  };
  process.once('SIGTERM', onTerm);
  try {
    // @implements mcp-http#PEER-ON-ANY-LINE-TRANSPORT
    return await server.serve(
      options.peer === undefined ? transport : new PeerTransport(transport, options.peer),
    );
  } finally {
    process.off('SIGTERM', onTerm);
    unwatch();
    channel.release();
    await transport.close();
  }
}

/** Characters a queued line holds in memory: a skipped line's note holds none of it. */
function charsOf(line: InboundLine): number {
  return typeof line === 'string' ? line.length : 0;
}
