/**
 * `factline serve` driven by the official MCP client, in a throwaway project:
 * factline's tools answer from the files on disk, read afresh on each call.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectOutput, REPO } from '../../support/cli.ts';
import { connect, HANDSHAKE } from '../../support/mcp.ts';

const SPEC = `# Demo {#root}

@status:impl/done

@fact:DEMO-ANSWERS-PING The demo answers \`ping\`. @status:impl/done

@fact:DEMO-LATER Something for later. @status:spec/work

@fact:note-line A service line. @status:impl/done
`;

const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;

describe('factline serve with the official client', () => {
  const dir = mkdtempSync(join(tmpdir(), 'factline-serve-'));
  const write = (file: string, body: string) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), body);
  };
  let session: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    write(
      'factline.config.json',
      JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
    );
    write('specs/demo.md', SPEC);
    write('src/ping.ts', '// @implements demo#DEMO-ANSWERS-PING\nexport const ping = () => ({});\n');
    session = await connect([join(REPO, 'bin/factline.js'), 'serve'], { cwd: dir });
  });
  afterAll(async () => {
    await session?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // @verifies serve#CORE-SERVE-MOUNTS-FACTLINE-TOOLS
  it('serves factline on the generated core with its five tools', async () => {
    expect(session.client.getServerVersion()?.name).toBe('factline');
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'chain_at',
      'chain_impact',
      'fact_explain',
      'facts_list',
      'trace_check',
    ]);
    await expect(session.client.ping()).resolves.toEqual({});
  });

  // @verifies serve#CORE-FACTS-LIST-FILTERS
  it('facts_list filters by document, status and class, one file:line:col line per fact', async () => {
    const all = text(await session.client.callTool({ name: 'facts_list', arguments: {} }));
    expect(all.split('\n')[0]).toBe('3 facts');
    const done = text(
      await session.client.callTool({
        name: 'facts_list',
        arguments: { status: 'impl/done', class: 'normative' },
      }),
    );
    expect(done).toBe(
      '1 fact\nspecs/demo.md:5:1: demo#DEMO-ANSWERS-PING impl/done normative — The demo answers `ping`.',
    );
    const work = text(
      await session.client.callTool({ name: 'facts_list', arguments: { doc: 'demo', status: 'work' } }),
    );
    expect(work).toContain('demo#DEMO-LATER spec/work');
    expect(work.split('\n')[0]).toBe('1 fact');
    const service = text(
      await session.client.callTool({ name: 'facts_list', arguments: { class: 'service' } }),
    );
    expect(service).toContain('demo#note-line');
    const bad = await session.client.callTool({ name: 'facts_list', arguments: { doc: 'nope' } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toBe('facts_list: no document `nope` (loaded: demo)');
    const badClass = await session.client.callTool({ name: 'facts_list', arguments: { class: 'upper' } });
    expect(badClass.isError).toBe(true);
  });

  // @verifies serve#CORE-FACT-EXPLAIN-SHOWS-CITATIONS
  it('fact_explain answers text, status, digest and citations; an unknown ref is an isError report with a suggestion', async () => {
    const report = text(
      await session.client.callTool({ name: 'fact_explain', arguments: { ref: 'DEMO-ANSWERS-PING' } }),
    );
    expect(report).toContain('demo#DEMO-ANSWERS-PING');
    expect(report).toContain('impl/done');
    expect(report).toMatch(/digest\s+[0-9a-f]{64}/);
    expect(report).toContain('The demo answers `ping`.');
    expect(report).toMatch(/src\/ping\.ts:1:\d+\s+@implements/);
    const unknown = await session.client.callTool({
      name: 'fact_explain',
      arguments: { ref: 'DEMO-ANSWER-PING' },
    });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('DEMO-ANSWERS-PING');
  });

  // @verifies serve#CORE-TRACE-CHECK-IS-THE-GATE
  // @verifies mcp-core#REPORTS-SPEAK-THE-CLASS-F-REQ-CITING-GRAMMAR
  it('trace_check answers the gate report, isError while a fact lacks evidence and clean once it has it', async () => {
    const gaps = await session.client.callTool({ name: 'trace_check', arguments: {} });
    expect(gaps.isError).toBe(true);
    expect(text(gaps)).toMatch(/^specs\/demo\.md:5:\d+: error missing-verification .*DEMO-ANSWERS-PING/m);
    // The agent fixes the gap; the next call reads the new file.
    write('test/ping.test.ts', "// @verifies demo#DEMO-ANSWERS-PING\nit('pings', () => {});\n");
    const clean = await session.client.callTool({ name: 'trace_check', arguments: {} });
    expect(clean.isError).toBe(false);
    expect(text(clean)).toContain('1 verified');
  });

  // @verifies serve#SERVE-TOOLS-PROGRESS-AND-CANCEL
  it('trace_check and fact_explain report their progress when the call carries a progressToken', async () => {
    // Raw frames: the official client drops progress that reaches it in the same read as the answer.
    const child = spawn(process.execPath, [join(REPO, 'bin/factline.js'), 'serve'], { cwd: dir });
    const call = (id: number, name: string, args: object) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name, arguments: args, _meta: { progressToken: `p${id}` } },
      });
    child.stdin.end(
      `${[HANDSHAKE, call(1, 'trace_check', {}), call(2, 'fact_explain', { ref: 'DEMO-ANSWERS-PING' }), JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'trace_check', arguments: {} } })].join('\n')}\n`,
    );
    const { stdout, code } = await collectOutput(child);
    expect(code).toBe(0);
    const frames = stdout
      .trimEnd()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            method?: string;
            params?: { progressToken: string; progress: number; total: number; message: string };
          },
      );
    for (const token of ['p1', 'p2']) {
      const notes = frames
        .filter((f) => f.method === 'notifications/progress' && f.params?.progressToken === token)
        .map((f) => f.params!);
      expect(notes.map((n) => [n.progress, n.total])).toEqual([
        [0, 3],
        [1, 3],
        [2, 3],
        [3, 3],
      ]);
      expect(notes.map((n) => n.message)).toEqual([
        'loading the specs',
        expect.stringMatching(/^scanning \d+ files?$/),
        'tracing',
        'done',
      ]);
    }
    // A call without a token gets none.
    expect(frames.filter((f) => f.method === 'notifications/progress')).toHaveLength(8);
  });

  // @verifies serve#SERVE-TOOLS-PROGRESS-AND-CANCEL
  it('a cancelled gate run gets no answer and the server goes on', async () => {
    const controller = new AbortController();
    const call = session.client.callTool({ name: 'trace_check', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    controller.abort('not needed');
    await expect(call).rejects.toThrow();
    await expect(session.client.ping()).resolves.toEqual({});
    const after = await session.client.callTool({ name: 'trace_check', arguments: {} });
    expect(after.isError).toBe(false);
  });

  // @verifies serve#SERVE-TOOLS-REUSE-THE-LOADED-PROJECT
  it('keeps its loaded specs between calls, and reads them again once a spec file changes', async () => {
    const before = text(await session.client.callTool({ name: 'facts_list', arguments: {} }));
    expect(before.split('\n')[0]).toBe('3 facts');
    write('specs/more.md', '# More {#root}\n\n@fact:MORE-LATER Later. @status:spec/work\n');
    const after = text(await session.client.callTool({ name: 'facts_list', arguments: {} }));
    expect(after.split('\n')[0]).toBe('4 facts');
    const explained = text(
      await session.client.callTool({ name: 'fact_explain', arguments: { ref: 'MORE-LATER' } }),
    );
    expect(explained).toContain('more#MORE-LATER');
  });
});

describe('factline tools called directly', () => {
  // @verifies serve#SERVE-TOOLS-PROGRESS-AND-CANCEL
  it('a run whose call is already cancelled does no work and says so', async () => {
    const { factlineTools } = await import('../../../engine/mcp/tools.ts');
    const { loadConfig } = await import('../../../engine/config/load.ts');
    const tools = factlineTools({ cwd: REPO, env: {}, stderr: { write: () => true } }, loadConfig(REPO));
    const controller = new AbortController();
    controller.abort(new Error('by the host'));
    const steps: number[] = [];
    const output = await tools
      .get('trace_check')!
      .run({}, { signal: controller.signal, progress: (done) => steps.push(done) });
    expect(output).toEqual({ report: 'cancelled: by the host', isError: true });
    expect(steps).toEqual([]);
  });
});
