/**
 * Runs one conformance vector against a fresh server process over stdio:
 * setup frames first (waiting for the answers of those that are requests,
 * which are not asserted), then the vector's request or raw line, then a
 * sentinel `ping`. Every line the server writes after the vector's line and
 * before the sentinel's answer is what the vector is judged on; that is how
 * `exact_frames: []` ("no frame at all") is proven rather than timed out.
 */
import { spawn } from 'node:child_process';
import type { Vector } from '../../checks/conform/format.ts';

export const SENTINEL_ID = 'factline-conform-sentinel';
const SENTINEL = JSON.stringify({ jsonrpc: '2.0', id: SENTINEL_ID, method: 'ping' });

export interface ServerCommand {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export type Exchange = { ok: true; lines: string[] } | { ok: false; error: string };

const idKey = (id: unknown) => JSON.stringify(id);

function frameId(line: string): string | undefined {
  try {
    const frame = JSON.parse(line) as { id?: unknown };
    return typeof frame === 'object' && frame !== null && 'id' in frame ? idKey(frame.id) : undefined;
  } catch {
    return undefined;
  }
}

// @implements conformance#CONFORM-FRESH-PROCESS-PER-VECTOR
// @implements conformance#EMPTY-FRAMES-PROVEN-BY-SENTINEL
// @implements conformance#RUNNER-IS-PORTABLE
export function exchange(server: ServerCommand, vector: Vector, timeoutMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const child = spawn(server.command, server.args, {
      cwd: server.cwd,
      env: server.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    let buffer = '';
    let settled = false;
    const finish = (result: Exchange) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdin.end();
      // A server that does not leave when its input ends is stopped.
      const kill = setTimeout(() => child.kill('SIGKILL'), 2000).unref();
      child.once('exit', () => clearTimeout(kill));
      if (child.exitCode !== null) clearTimeout(kill);
      resolve(result);
    };
    const tail = () => {
      const last = stderr.trim().split('\n').at(-1);
      return last ? `; its stderr ends: ${last.slice(0, 200)}` : '';
    };
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          error: `no answer to ${phase === 'setup' ? 'the setup frames' : 'the vector and the sentinel ping'} within ${timeoutMs} ms${tail()}`,
        }),
      timeoutMs,
    );

    // Setup requests whose answers are awaited before the vector's own line goes out.
    const awaitedSetup = new Set(
      (vector.setup ?? []).flatMap((f) => (f.id === undefined || f.id === null ? [] : [idKey(f.id)])),
    );
    const requestId = vector.request?.id;
    const awaitedAnswer = requestId === undefined || requestId === null ? undefined : idKey(requestId);
    let phase: 'setup' | 'vector' = 'setup';
    let answered = awaitedAnswer === undefined;
    let sentinelAnswered = false;
    const lines: string[] = [];

    const send = (line: string) => child.stdin.write(`${line}\n`);
    const sendVector = () => {
      phase = 'vector';
      send(vector.raw ?? JSON.stringify(vector.request));
      send(SENTINEL);
    };
    const onLine = (line: string) => {
      if (line.trim() === '') return;
      const id = frameId(line);
      if (phase === 'setup') {
        if (id !== undefined) awaitedSetup.delete(id);
        if (awaitedSetup.size === 0) sendVector();
        return;
      }
      if (id === idKey(SENTINEL_ID)) sentinelAnswered = true;
      else {
        lines.push(line);
        if (id !== undefined && id === awaitedAnswer) answered = true;
      }
      if (sentinelAnswered && answered) finish({ ok: true, lines });
    };

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
        onLine(line);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.stdin.on('error', () => {}); // a server that exits early closes its stdin; 'exit' reports it
    child.on('error', (error) =>
      finish({
        ok: false,
        error: `cannot start \`${server.command}\`: ${error.message}; check the command after --`,
      }),
    );
    child.on('exit', (code, signal) =>
      finish({
        ok: false,
        error: `the server exited (${signal ?? `code ${code}`}) before answering the ${phase === 'setup' ? 'setup frames' : 'vector and the sentinel ping'}${tail()}`,
      }),
    );
    for (const frame of vector.setup ?? []) send(JSON.stringify(frame));
    if (awaitedSetup.size === 0) sendVector();
  });
}
