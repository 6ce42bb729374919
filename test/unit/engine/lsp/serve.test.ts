/**
 * The editor server in this process over two in-memory streams: what it
 * writes is protocol frames only, and how it ends is its exit code.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serveLsp } from '../../../../engine/lsp/server.ts';
import { demoProject } from '../../../support/lsp-project.ts';

const frame = (message: object) => {
  const body = JSON.stringify({ jsonrpc: '2.0', ...message });
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

/** Every frame in `text`, in order; throws on anything between them that is not a frame. */
function frames(text: string): { id?: number; method?: string; result?: unknown }[] {
  const out: { id?: number }[] = [];
  let at = 0;
  while (at < text.length) {
    const header = /^Content-Length: (\d+)\r\n\r\n/.exec(text.slice(at));
    if (!header) throw new Error(`not a frame at ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
    const start = at + header[0].length;
    const length = Number(header[1]);
    out.push(JSON.parse(Buffer.from(text.slice(start)).subarray(0, length).toString('utf8')));
    at = start + Buffer.from(text.slice(start)).subarray(0, length).toString('utf8').length;
  }
  return out;
}

function streams() {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  let logged = '';
  const stderr = { write: (s: string) => (logged += s) };
  return { input, output, stderr, written: () => written, logged: () => logged };
}

describe('serveLsp', () => {
  // @verifies lsp#STDIO-SERVER
  it('writes frames only, even when something prints, and exits 0 after shutdown and exit', async () => {
    const root = demoProject();
    const s = streams();
    const served = serveLsp({
      input: s.input,
      output: s.output,
      io: { cwd: root, env: {}, stderr: s.stderr },
    });
    s.input.write(
      frame({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }),
    );
    console.log('a stray line');
    s.input.write(frame({ id: 2, method: 'shutdown' }));
    // A client sends `exit` once `shutdown` is answered.
    while (!s.written().includes('"id":2')) await new Promise((r) => setTimeout(r, 20));
    s.input.write(frame({ method: 'exit' }));
    expect(await served).toBe(0);
    const answers = frames(s.written());
    expect(answers.map((f) => f.id)).toEqual([1, 2]);
    expect(JSON.stringify(answers[0]!.result)).toContain('"hoverProvider":true');
    expect(s.logged()).toContain('a stray line');
  });

  // @verifies lsp#STDIO-SERVER
  it('exits 1 when the input ends without shutdown, and 1 on exit without shutdown', async () => {
    const ended = streams();
    const first = serveLsp({
      input: ended.input,
      output: ended.output,
      io: { cwd: demoProject(), env: {}, stderr: ended.stderr },
    });
    ended.input.end();
    expect(await first).toBe(1);
    const bare = streams();
    const second = serveLsp({
      input: bare.input,
      output: bare.output,
      io: { cwd: demoProject(), env: {}, stderr: bare.stderr },
    });
    bare.input.write(frame({ method: 'exit' }));
    expect(await second).toBe(1);
  });
});
