/**
 * `factline serve` under hostile input, through the real processes: every
 * string argument of every tool the server lists gets names that lead out of
 * the project, block or never end; lines that imitate the decoder's own note
 * of a skipped line, and ids of the wrong type, reach the stdio loop; and the
 * HTTP edge gets a second handshake and a null id. The server answers each
 * at once, echoes nothing from outside, and keeps serving.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { type HttpProcess, startHttp } from '../../support/http.ts';
import { rawRun } from '../../support/mcp.ts';

const BIN = join(REPO, 'bin/factline.js');
const SECRET = 'factline-secret-3f9a1c';

const project = mkdtempSync(join(tmpdir(), 'factline-hostile-'));
const outside = mkdtempSync(join(tmpdir(), 'factline-outside-'));
const put = (root: string, file: string, body: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), body);
};

let server: HttpProcess;
beforeAll(async () => {
  put(
    project,
    'factline.config.json',
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
  put(project, 'specs/demo.md', '# Demo {#root}\n\n@fact:DEMO-PING Pings. @status:impl/done\n');
  put(project, 'src/ping.ts', '// @implements demo#DEMO-PING\nexport const ping = 1;\n');
  // What lies outside: a results file whose text would be echoed if it were read.
  put(outside, 'results.json', `{"${SECRET}": true}`);
  symlinkSync(join(outside, 'results.json'), join(project, 'link-out.json'));
  execFileSync('mkfifo', [join(project, 'pipe.json')]);
  mkdirSync(join(project, 'folder.json'));
  // Sparse: 65 MiB on paper, nothing on disk.
  writeFileSync(join(project, 'huge.json'), '');
  truncateSync(join(project, 'huge.json'), 65 * 1024 * 1024);
  server = await startHttp([BIN, 'serve', '--http', '0'], { cwd: project });
});
afterAll(async () => {
  await server?.stop();
  rmSync(project, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** Names no tool may read: out of the root by every road, and files that block or never end. */
const HOSTILE_NAMES = [
  join(outside, 'results.json'),
  `../${outside.split('/').at(-1)}/results.json`,
  'link-out.json',
  'pipe.json',
  '/dev/zero',
  '/dev/stdin',
  '/proc/self/environ',
  'folder.json',
  'huge.json',
  'nul\0.json',
];

/** A string argument of a tool: a plain string, or (`array`) the items of an array of strings. */
interface StringArgument {
  name: string;
  array: boolean;
}

/** The string arguments a tool's input schema declares. */
function stringArguments(schema: Record<string, unknown>): StringArgument[] {
  const properties = (schema.properties ?? {}) as Record<
    string,
    { type?: string; items?: { type?: string } }
  >;
  return Object.entries(properties).flatMap(([name, p]): StringArgument[] =>
    p.type === 'string'
      ? [{ name, array: false }]
      : p.type === 'array' && p.items?.type === 'string'
        ? [{ name, array: true }]
        : [],
  );
}

const text = (r: unknown) =>
  ((r as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

describe('factline serve --http: every string argument of every tool against hostile names', () => {
  // @verifies serve#CLIENT-NAMED-FILES-STAY-IN-THE-PROJECT
  it('answers each at once, reads nothing outside the project, refuses what is not a regular file, and keeps serving', async () => {
    const client = new Client({ name: 'hostile', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const { tools } = await client.listTools();
    let sent = 0;
    let refusedPaths = 0;
    for (const tool of tools) {
      const required = (tool.inputSchema.required ?? []) as string[];
      for (const arg of stringArguments(tool.inputSchema as Record<string, unknown>)) {
        for (const name of HOSTILE_NAMES) {
          const args: Record<string, unknown> = {};
          for (const r of required) if (r !== arg.name) args[r] = 'demo#DEMO-PING';
          args[arg.name] = arg.array ? [name] : name;
          // A FIFO or /dev/zero that were read would hold this call past its timeout.
          const result = await client.callTool({ name: tool.name, arguments: args }, undefined, {
            timeout: 20_000,
          });
          sent++;
          expect(text(result)).not.toContain(SECRET);
          if (arg.array) {
            // Names the tool reads as files: each refused, naming the argument.
            expect(result.isError, `${tool.name} ${arg.name}=${JSON.stringify(name)}`).toBe(true);
            expect(text(result)).toContain(`${arg.name}[0]`);
            refusedPaths++;
          }
          await expect(client.ping()).resolves.toEqual({});
        }
      }
    }
    expect(refusedPaths).toBeGreaterThanOrEqual(2 * HOSTILE_NAMES.length);
    expect(sent).toBeGreaterThan(refusedPaths);
    await client.close();
  });

  // @verifies serve#CLIENT-NAMED-FILES-STAY-IN-THE-PROJECT
  it('still reads a results file inside the project, through a link that stays inside', async () => {
    put(project, 'results/junit.xml', '<testsuites><testsuite name="s" tests="0"></testsuite></testsuites>');
    symlinkSync(join(project, 'results/junit.xml'), join(project, 'link-in.xml'));
    const client = new Client({ name: 'inside', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    for (const name of ['results/junit.xml', 'link-in.xml', join(project, 'results/junit.xml')]) {
      const result = await client.callTool({ name: 'trace_check', arguments: { results: [name] } });
      expect(text(result), name).not.toMatch(/results\[0\]/);
      expect(text(result)).toContain('demo#DEMO-PING');
    }
    await client.close();
  });
});

describe('factline serve --http: the handshake and the id at the edge', () => {
  const post = (body: unknown, session?: string) =>
    fetch(server.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Protocol-Version': '2025-06-18',
        ...(session === undefined ? {} : { 'Mcp-Session-Id': session }),
      },
      body: JSON.stringify(body),
    });
  const initialize = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  });

  // @verifies mcp-http#HTTP-SECOND-INITIALIZE-KEEPS-THE-SESSION
  it('a second initialize naming a live session is refused and the session goes on', async () => {
    const opened = await post(initialize(1));
    const session = opened.headers.get('mcp-session-id') as string;
    await opened.text();
    expect(session).toBeTruthy();
    await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).text();
    const again = await (await post(initialize(2), session)).text();
    expect(again).toContain('"id":2');
    expect(again).toContain('already initialized');
    const ping = await post({ jsonrpc: '2.0', id: 3, method: 'ping' }, session);
    expect(ping.status).toBe(200);
    expect(await ping.text()).toContain('"id":3,"result":{}');
  });

  // @verifies mcp-http#HTTP-NULL-ID-IS-INVALID
  it('a request with "id": null gets 400 and -32600, not a 202 with no answer', async () => {
    const opened = await post(initialize(1));
    const session = opened.headers.get('mcp-session-id') as string;
    await opened.text();
    const answer = await post({ jsonrpc: '2.0', id: null, method: 'ping' }, session);
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { id: unknown; error: { code: number; message: string } };
    expect(body.id).toBeNull();
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toContain('never null');
  });
});

describe('factline serve on stdio: no line is taken for the decoder’s note, no id of the wrong type is run', () => {
  // @verifies mcp-host#SKIPPED-LINE-IS-NOT-TEXT
  it('lines of a NUL, digits and anything after are parse errors, never the oversized-frame refusal', async () => {
    const lines = fc.sample(
      fc
        .tuple(
          fc.integer({ min: 0, max: 10 ** 12 }),
          fc.option(
            fc.oneof(
              fc.integer(),
              fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
            ),
          ),
          fc.string({ maxLength: 8 }).map((s) => s.replace(/[\r\n]/g, '')),
        )
        .map(([bytes, id, tail]) => `\u0000${bytes}${id === null ? '' : `\u0000${id}`}${tail}`),
      { numRuns: 200, seed: 7 },
    );
    const run = await rawRun(`${lines.join('\n')}\n{"jsonrpc":"2.0","id":"last","method":"ping"}\n`, {
      args: [BIN, 'serve'],
    });
    expect(run.frames).toHaveLength(lines.length + 1);
    for (const frame of run.frames.slice(0, -1)) {
      expect(frame).toMatchObject({ id: null, error: { code: -32700 } });
      expect(JSON.stringify(frame)).not.toContain('skipped unread');
    }
    expect(run.frames.at(-1)).toEqual({ jsonrpc: '2.0', id: 'last', result: {} });
  });

  // @verifies mcp-host#REQUEST-ID-IS-A-STRING-OR-A-NUMBER
  it('ids that are objects, arrays or booleans get -32600 with a null id, and the method is not run', async () => {
    const ids = [{ a: 1 }, [1], true, false, {}];
    const input = ids
      .flatMap((id) => [
        JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }),
        JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }),
      ])
      .join('\n');
    const run = await rawRun(`${input}\n{"jsonrpc":"2.0","id":0,"method":"ping"}\n`, {
      args: [BIN, 'serve'],
    });
    expect(run.frames).toHaveLength(ids.length * 2 + 1);
    for (const frame of run.frames.slice(0, -1)) {
      expect(frame).toMatchObject({ id: null, error: { code: -32600 } });
      expect(frame).not.toHaveProperty('result');
    }
    expect(run.frames.at(-1)).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
  });
});
