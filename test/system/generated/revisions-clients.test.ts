/**
 * The real `factline serve` process against the official clients of both
 * generations and a raw client per legacy revision: each gets the revision
 * it asks for, and the stateless one works without a handshake.
 */

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client as V2Client } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2StdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { collectOutput, REPO } from '../../support/cli.ts';
import { req } from '../../support/mcp.ts';

const SPEC = `# Demo {#root}

@status:impl/done

@fact:DEMO-ANSWERS-PING The demo answers \`ping\`. @status:impl/done

@fact:DEMO-LATER Something for later. @status:spec/work
`;

const dir = mkdtempSync(join(tmpdir(), 'factline-revisions-'));
for (const [file, body] of Object.entries({
  'factline.config.json': JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'] }),
  'specs/demo.md': SPEC,
  'src/ping.ts': '// @implements demo#DEMO-ANSWERS-PING\nexport const ping = () => ({});\n',
})) {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), body);
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SERVE = [join(REPO, 'bin/factline.js'), 'serve'];
/** How both clients launch `factline serve` in the demo project (stderr piped, so it never clutters the run). */
const SERVE_PARAMS = {
  command: process.execPath,
  args: SERVE,
  cwd: dir,
  env: process.env as Record<string, string>,
  stderr: 'pipe' as const,
};

/** The official v2 client on a fresh `factline serve`, negotiating as `mode` says. */
async function connectV2(
  mode: 'auto' | { pin: string },
): Promise<{ client: V2Client; stderr: () => string }> {
  const transport = new V2StdioTransport(SERVE_PARAMS);
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const client = new V2Client({ name: 'factline-test', version: '0.0.0' }, { versionNegotiation: { mode } });
  await client.connect(transport);
  return { client, stderr: () => err };
}

/** Writes `lines` to a fresh `factline serve` in the demo project and parses every answer. */
async function rawServe(lines: string[]): Promise<Record<string, unknown>[]> {
  const child = spawn(process.execPath, SERVE, { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end(`${lines.join('\n')}\n`);
  const { stdout, code } = await collectOutput(child);
  expect(code).toBe(0);
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

const textOf = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;

describe('factline serve with the official v2 client', () => {
  // @verifies mcp-revisions#SERVE-SPEAKS-EVERY-REVISION
  // @verifies mcp-revisions#METHOD-SERVER-DISCOVER
  // @verifies mcp-revisions#MODERN-NEEDS-NO-HANDSHAKE
  // @verifies mcp-revisions#SERVE-TOOLS-DECLARE-OUTPUT-SCHEMAS
  it('pinned to 2026-07-28 it connects, lists the tools and calls one, receiving structured content', async () => {
    const { client, stderr } = await connectV2({ pin: '2026-07-28' });
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(client.getServerVersion()).toMatchObject({ name: 'factline' });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        'chain_at',
        'chain_impact',
        'fact_explain',
        'facts_list',
        'trace_check',
      ]);
      for (const tool of tools) expect(tool.outputSchema).toMatchObject({ type: 'object' });
      const result = await client.callTool({ name: 'facts_list', arguments: { doc: 'demo' } });
      expect(result.isError).toBe(false);
      expect(result.structuredContent).toMatchObject({
        count: 2,
        facts: [
          { address: 'demo#DEMO-ANSWERS-PING', status: 'impl/done', class: 'normative' },
          { address: 'demo#DEMO-LATER', status: 'spec/work' },
        ],
      });
      // The text copy is the report a text-only client reads.
      expect(textOf(result)).toMatch(/^2 facts\nspecs\/demo\.md:5:1: demo#DEMO-ANSWERS-PING/);
      const explained = await client.callTool({
        name: 'fact_explain',
        arguments: { ref: 'DEMO-ANSWERS-PING' },
      });
      expect(explained.structuredContent).toMatchObject({
        fact: { address: 'demo#DEMO-ANSWERS-PING' },
        citations: [{ verb: 'implements', file: 'src/ping.ts', line: 1 }],
      });
    } finally {
      await client.close();
    }
    expect(stderr()).not.toMatch(/Error/);
  });

  // @verifies mcp-revisions#ERA-IS-DECIDED-PER-REQUEST
  it('in auto mode it settles on 2026-07-28', async () => {
    const { client } = await connectV2('auto');
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const checked = await client.callTool({ name: 'trace_check', arguments: {} });
      // The demo has a fact without verification: a failed gate, still with its findings as data.
      expect(checked.isError).toBe(true);
      expect(checked.structuredContent).toMatchObject({
        clean: false,
        findings: [{ rule: 'missing-verification', file: 'specs/demo.md', severity: 'error' }],
      });
    } finally {
      await client.close();
    }
  });
});

describe('factline serve with legacy clients', () => {
  // @verifies mcp-revisions#INITIALIZE-NEGOTIATES
  // @verifies mcp-revisions#STRUCTURED-OUTPUT-FROM
  it('the v1 client negotiates 2025-11-25 and reads structured content', async () => {
    const transport = new V1StdioTransport(SERVE_PARAMS);
    transport.stderr?.on('data', () => {});
    // The client hands the negotiated revision to its transport once `initialize` is answered.
    let negotiated: string | undefined;
    Object.assign(transport, { setProtocolVersion: (v: string) => (negotiated = v) });
    const client = new V1Client({ name: 'factline-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      expect(negotiated).toBe('2025-11-25');
      const result = await client.callTool({ name: 'facts_list', arguments: { status: 'work' } });
      expect(result.structuredContent).toMatchObject({ count: 1, facts: [{ address: 'demo#DEMO-LATER' }] });
    } finally {
      await client.close();
    }
  });

  const init = (id: number, protocolVersion: string) =>
    req(id, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } });

  // @verifies mcp-revisions#INITIALIZE-NEGOTIATES
  // @verifies mcp-revisions#LEGACY-FEATURES-FOLLOW-THE-NEGOTIATED-REVISION
  // @verifies mcp-revisions#STRUCTURED-OUTPUT-FROM
  it.each([
    ['2024-11-05', false],
    ['2025-06-18', true],
  ])(
    'a raw client asking %s gets it, with structured output only from 2025-06-18',
    async (revision, structured) => {
      const frames = await rawServe([
        init(1, revision),
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        req(2, 'tools/list'),
        req(3, 'tools/call', { name: 'facts_list', arguments: { doc: 'demo' } }),
      ]);
      const [initialized, listed, called] = frames as { result: Record<string, unknown> }[];
      expect(initialized!.result.protocolVersion).toBe(revision);
      const tools = listed!.result.tools as Record<string, unknown>[];
      expect(tools.every((t) => 'outputSchema' in t)).toBe(structured);
      expect('structuredContent' in called!.result).toBe(structured);
      expect(textOf(called!.result)).toMatch(/^2 facts\n/);
      // Legacy answers carry none of the stateless fields.
      expect(called!.result).not.toHaveProperty('resultType');
    },
  );
});
