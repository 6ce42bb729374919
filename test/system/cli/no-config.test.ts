/**
 * factline started with no config, from any folder (`/` included), as a host
 * or a shell may start it. `check` exits 2 at once, never walking the folder;
 * `serve` (stdio and `--http`) opens the session for the official MCP client
 * and says what is missing where a host shows it: a log line and every tool
 * call's error result.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, collectOutput } from '../../support/cli.ts';
import { startHttp } from '../../support/http.ts';
import { HANDSHAKE, HANDSHAKE_ID } from '../../support/mcp.ts';

const empty = mkdtempSync(join(tmpdir(), 'factline-no-config-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

/** The environment a host gives a server it starts: FACTLINE_CONFIG not set. */
function hostEnv(): Record<string, string> {
  const env = { ...process.env } as Record<string, string>;
  delete env.FACTLINE_CONFIG;
  return env;
}

/** Runs factline in `cwd` with stdin left open (a host keeps it open), until it exits by itself. */
async function run(cwd: string, args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: hostEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const out = await collectOutput(child);
  child.stdin.destroy();
  return out;
}

describe('check with no config and no spec', () => {
  for (const cwd of ['/', empty]) {
    // @verifies adoption#NO-CONFIG-CHECK-EXITS-AT-ONCE
    // @verifies adoption#NO-CONFIG-NO-SPEC
    it(`factline check from ${cwd === '/' ? '/' : 'an empty folder'} exits 2 with one line naming init`, async () => {
      const { code, stdout, stderr } = await run(cwd, ['check']);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toContain('no factline.config.json and no spec matches specs/**/*.md');
      expect(stderr).toContain('factline init');
    });
  }
});

/** What a host sees of a session: the log lines it was sent, every tool, and each tool's answer. */
async function hostView(transport: Transport) {
  const client = new Client({ name: 'factline-test-host', version: '0.0.0' });
  const logs: { level: string; data: unknown }[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    logs.push({ level: n.params.level, data: n.params.data });
  });
  await client.connect(transport);
  try {
    expect(await client.ping()).toEqual({});
    const { tools } = await client.listTools();
    const calls = [];
    for (const tool of tools) {
      // Arguments that fit each tool's schema, so the answer is about the missing project.
      const args =
        tool.name === 'fact_explain' || tool.name === 'chain_impact'
          ? { ref: 'app#ANY' }
          : tool.name === 'chain_at'
            ? { file: 'src/app.ts', line: 1 }
            : {};
      const result = await client.callTool({ name: tool.name, arguments: args });
      calls.push({
        tool: tool.name,
        isError: result.isError,
        text: (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n'),
      });
    }
    return { logs, tools: tools.map((t) => t.name), calls, capabilities: client.getServerCapabilities() };
  } finally {
    await client.close();
  }
}

/** A host's view names the folder and every fix, in a log line and in each tool's error. */
function expectExplained(view: Awaited<ReturnType<typeof hostView>>, folder: string) {
  expect(view.capabilities?.logging).toEqual({});
  expect(view.tools).toEqual(['chain_at', 'chain_impact', 'fact_explain', 'facts_list', 'trace_check']);
  const says = (text: string) => {
    expect(text).toContain(`no factline.config.json at or above ${folder}`);
    expect(text).toContain('FACTLINE_CONFIG');
    expect(text).toContain('--config');
    expect(text).toContain('npx factline init');
  };
  for (const call of view.calls) {
    expect(call.isError, call.tool).toBe(true);
    says(call.text);
  }
  const errors = view.logs.filter((l) => l.level === 'error');
  expect(errors.length).toBeGreaterThan(0);
  for (const log of errors) says(String(log.data));
}

describe('serve with no config and no spec', () => {
  for (const cwd of ['/', empty]) {
    // @verifies serve#SERVE-WITHOUT-PROJECT-STILL-ANSWERS
    // @verifies serve#SERVE-WITHOUT-PROJECT-TOOLS-SAY-WHY
    // @verifies serve#SERVE-WITHOUT-PROJECT-LOGS-WHY
    it(`factline serve from ${cwd === '/' ? '/' : 'an empty folder'} opens the session and says what is missing`, async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'serve'],
        cwd,
        env: hostEnv(),
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const view = await hostView(transport);
      expectExplained(view, cwd);
      // The host's log file gets it too.
      expect(stderr).toContain(`no factline.config.json at or above ${cwd}`);
    });
  }

  // @verifies serve#SERVE-WITHOUT-PROJECT-STILL-ANSWERS
  it('factline serve with no project exits 0 once the host closes its input, stdout frames only', async () => {
    const child = spawn(process.execPath, [BIN, 'serve'], { cwd: empty, env: hostEnv(), stdio: 'pipe' });
    child.stdin.end(`${HANDSHAKE}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n`);
    const { code, stdout } = await collectOutput(child);
    expect(code).toBe(0);
    const frames = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: unknown });
    expect(frames.filter((f) => f.id !== undefined).map((f) => f.id)).toEqual([HANDSHAKE_ID, 2]);
  });

  // @verifies serve#SERVE-WITHOUT-PROJECT-STILL-ANSWERS
  // @verifies serve#SERVE-WITHOUT-PROJECT-TOOLS-SAY-WHY
  // @verifies serve#SERVE-WITHOUT-PROJECT-LOGS-WHY
  it('factline serve --http from an empty folder opens sessions and says what is missing', async () => {
    const server = await startHttp([BIN, 'serve', '--http', '0'], {
      cwd: empty,
      env: { FACTLINE_CONFIG: '' },
    });
    try {
      const view = await hostView(new StreamableHTTPClientTransport(new URL(server.url)));
      expectExplained(view, empty);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
