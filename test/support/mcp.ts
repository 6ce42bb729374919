/**
 * Drives real server processes for the tests: the official client, or raw
 * lines written to stdin with every stdout line collected.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { collectOutput, REPO } from './cli.ts';

export const ECHO_SERVER = fileURLToPath(new URL('../fixtures/echo-server.ts', import.meta.url));

/** Node with the tsx loader, the way a consumer runs a TypeScript server. */
export const NODE_TSX = ['--import', 'tsx'];

/** Connects the official client to a server process; stderr is piped and drained into `stderr()`. */
export async function connect(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ client: Client; stderr: () => string; close: () => Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    cwd: options.cwd ?? REPO,
    env: { ...(process.env as Record<string, string>), ...options.env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const client = new Client({ name: 'factline-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}

export interface RawRun {
  /** Every stdout line, as written. */
  lines: string[];
  /** stdout lines parsed as JSON (throws on a non-JSON line: stdout must hold frames only). */
  frames: Record<string, unknown>[];
  stderr: string;
  code: number | null;
}

/** The id of the handshake `rawRun` and the scripted replays open a session with. */
export const HANDSHAKE_ID = 'handshake';
/** An `initialize` request: the lifecycle refuses other requests until one is answered. */
export const HANDSHAKE = JSON.stringify({
  jsonrpc: '2.0',
  id: HANDSHAKE_ID,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '0' } },
});

/**
 * Writes `input` to a fresh server's stdin, closes it, and waits for the
 * process to exit. Unless `handshake: false`, the session is opened first
 * and the handshake's answer is left out of `lines` and `frames`.
 */
export function rawRun(
  input: string,
  options: { args?: string[]; env?: Record<string, string>; handshake?: boolean } = {},
): Promise<RawRun> {
  const child = spawn(process.execPath, options.args ?? [...NODE_TSX, ECHO_SERVER], {
    cwd: REPO,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const handshake = options.handshake !== false;
  child.stdin.end(handshake ? `${HANDSHAKE}\n${input}` : input);
  return collectOutput(child).then(({ stdout, stderr, code }) => {
    let lines = stdout === '' ? [] : stdout.replace(/\n$/, '').split('\n');
    if (handshake)
      lines = lines.filter((line) => !line.startsWith(`{"jsonrpc":"2.0","id":"${HANDSHAKE_ID}"`));
    return { lines, frames: lines.map((line) => JSON.parse(line)), stderr, code };
  });
}

/** One request line. */
export const req = (id: unknown, method: string, params?: unknown): string =>
  JSON.stringify(
    params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params },
  );

export const LIFECYCLE_SERVER = fileURLToPath(new URL('../fixtures/lifecycle-server.ts', import.meta.url));

/** A live server process driven line by line: what a host does between two requests. */
export interface LiveSession {
  /** Writes one frame (an object is serialized; a string is sent as is) and its newline. */
  send(frame: unknown): void;
  /** The first frame, from those seen so far or yet to come, that `match` accepts. */
  next(
    match: (frame: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Every frame seen so far, in order. */
  readonly frames: Record<string, unknown>[];
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Closes stdin and waits for the exit. */
  end(): Promise<{ code: number | null; stderr: string }>;
  /** Stops reading the server's stdout, as a host that went away does (stdin stays open). */
  closeOutput(): void;
  /** Waits for the exit without closing stdin (a server that ends by itself). */
  exited(): Promise<{ code: number | null; stderr: string }>;
  pid: number;
}

export function liveSession(
  options: { env?: Record<string, string>; handshake?: boolean; server?: string } = {},
): LiveSession {
  const child = spawn(process.execPath, [...NODE_TSX, options.server ?? LIFECYCLE_SERVER], {
    cwd: REPO,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const frames: Record<string, unknown>[] = [];
  const waiters: {
    match: (f: Record<string, unknown>) => boolean;
    resolve: (f: Record<string, unknown>) => void;
  }[] = [];
  let partial = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      const frame = JSON.parse(line) as Record<string, unknown>;
      frames.push(frame);
      for (const w of [...waiters]) {
        if (w.match(frame)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, stderr: err }));
  });
  const session: LiveSession = {
    pid: child.pid as number,
    frames,
    send(frame) {
      child.stdin.write(`${typeof frame === 'string' ? frame : JSON.stringify(frame)}\n`);
    },
    next(match, timeoutMs = 10_000) {
      const seen = frames.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching frame within ${timeoutMs} ms; stderr: ${err}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f);
          },
        });
      });
    },
    stderr: () => err,
    end() {
      child.stdin.end();
      return exit;
    },
    exited: () => exit,
    closeOutput: () => child.stdout.destroy(),
  };
  if (options.handshake !== false) session.send(HANDSHAKE);
  return session;
}

/** The answer to request `id`. */
export const answerTo = (id: unknown) => (frame: Record<string, unknown>) => frame.id === id;
