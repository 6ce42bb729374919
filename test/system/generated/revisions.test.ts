/**
 * The revision rules line by line: every new error, the per-request era on
 * one connection, structured output and closed inputs per revision. Most run
 * the loop over the scripted transport; the errors also run against the real
 * `factline serve` process, raw lines in and out.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  McpCoreError,
  revisionServer,
  ScriptedTransport,
  structuredOutput,
  type Tool,
  ToolSet,
} from '../../../generated/index.ts';
import { collectOutput, REPO } from '../../support/cli.ts';
import { req } from '../../support/mcp.ts';

const MODERN = '2026-07-28';
const SUPPORTED = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', MODERN];
const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const INFO = 'io.modelcontextprotocol/serverInfo';

/** Params of a stateless request: the `_meta` envelope (overridable) plus `rest`. */
const modern = (rest: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) => ({
  ...rest,
  _meta: { [PV]: MODERN, [CAPS]: {}, ...meta },
});
const init = (id: number, protocolVersion: string) =>
  req(id, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } });

/** A tool with a closed input schema and an output schema. */
const add: Tool = {
  descriptor: {
    name: 'add',
    description: 'adds two integers',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'integer' }, mode: { enum: ['sum', 'diff'] } },
      required: ['a', 'b'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { value: { type: 'integer' } },
      required: ['value'],
      additionalProperties: false,
    },
  },
  run: (args) => {
    const value = args.mode === 'diff' ? Number(args.a) - Number(args.b) : Number(args.a) + Number(args.b);
    return structuredOutput({ value });
  },
};
/** An open tool: its arguments arrive unchecked. */
const echo: Tool = {
  descriptor: { name: 'echo', description: 'echoes', inputSchema: { type: 'object' } },
  run: (args) => ({ report: JSON.stringify(args) }),
};

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, field by field, as a client would
type Loose = Record<string, any>;

async function replay(lines: string[], tools: Tool[] = [add, echo]) {
  const server = revisionServer('scripted', '0.0.1', new ToolSet(tools), { capture: false });
  const transport = new ScriptedTransport(lines);
  await server.serve(transport);
  return transport.frames() as { id: unknown; result?: Loose; error?: Loose }[];
}

describe('stateless requests (2026-07-28)', () => {
  // @verifies mcp-revisions#MODERN-UNSUPPORTED-REVISION
  it('an unknown revision in _meta is -32022 with every supported revision and the one asked for', async () => {
    const [unknown, notString] = await replay([
      req(1, 'tools/list', modern({}, { [PV]: '2099-01-01' })),
      req(2, 'server/discover', modern({}, { [PV]: 7 })),
    ]);
    expect(unknown!.error).toMatchObject({
      code: -32022,
      data: { supported: SUPPORTED, requested: '2099-01-01' },
    });
    expect(unknown!.error!.message).toContain('2099-01-01');
    expect(notString!.error).toMatchObject({ code: -32022, data: { supported: SUPPORTED, requested: 7 } });
  });

  // @verifies mcp-revisions#MODERN-CAPABILITIES-REQUIRED
  it('a stateless request without client capabilities is -32602 naming the key; clientInfo is optional', async () => {
    const [missing, notObject, fine] = await replay([
      req(1, 'tools/list', { _meta: { [PV]: MODERN } }),
      req(2, 'tools/list', modern({}, { [CAPS]: [] })),
      req(3, 'tools/list', modern()),
    ]);
    expect(missing!.error).toMatchObject({ code: -32602 });
    expect(missing!.error!.message).toContain(CAPS);
    expect(notObject!.error).toMatchObject({ code: -32602 });
    expect(fine!.result!.tools).toHaveLength(2);
  });

  // @verifies mcp-revisions#METHOD-SERVER-DISCOVER
  // @verifies mcp-revisions#MODERN-REVISIONS
  // @verifies mcp-revisions#MODERN-RESULT-TYPE
  // @verifies mcp-revisions#MODERN-SERVER-IDENTITY
  // @verifies mcp-revisions#MODERN-CACHE-HINTS
  it('server/discover answers versions, capabilities, identity and cache hints; without _meta it is -32602', async () => {
    const [discovered, bare] = await replay([req(1, 'server/discover', modern()), req(2, 'server/discover')]);
    expect(discovered!.result).toEqual({
      resultType: 'complete',
      supportedVersions: SUPPORTED,
      capabilities: { tools: { listChanged: false } },
      _meta: { [INFO]: { name: 'scripted', version: '0.0.1' } },
      ttlMs: 0,
      cacheScope: 'private',
    });
    expect(bare!.error).toMatchObject({ code: -32602 });
    expect(bare!.error!.message).toContain(PV);
  });

  // @verifies mcp-revisions#MODERN-RESULT-TYPE
  // @verifies mcp-revisions#MODERN-SERVER-IDENTITY
  // @verifies mcp-revisions#MODERN-CACHE-HINTS
  it('every stateless result is typed and names the server; only listings carry cache hints', async () => {
    const [listed, called] = await replay([
      req(1, 'tools/list', modern()),
      req(2, 'tools/call', modern({ name: 'add', arguments: { a: 2, b: 3 } })),
    ]);
    expect(listed!.result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    expect(listed!.result!._meta).toEqual({ [INFO]: { name: 'scripted', version: '0.0.1' } });
    expect(called!.result).toEqual({
      resultType: 'complete',
      content: [{ type: 'text', text: '{"value":5}' }],
      isError: false,
      structuredContent: { value: 5 },
      _meta: { [INFO]: { name: 'scripted', version: '0.0.1' } },
    });
  });

  // @verifies mcp-revisions#MODERN-REMOVED-METHODS
  it('initialize and ping are unknown methods in the stateless era, and still work in the legacy one', async () => {
    const [initModern, pingModern, pingLegacy] = await replay([
      req(1, 'initialize', modern({ protocolVersion: '2025-11-25', capabilities: {} })),
      req(2, 'ping', modern()),
      req(3, 'ping'),
    ]);
    expect(initModern!.error).toMatchObject({ code: -32601 });
    expect(initModern!.error!.message).toContain(MODERN);
    expect(pingModern!.error).toMatchObject({ code: -32601 });
    expect(pingLegacy!.result).toEqual({});
  });

  // @verifies mcp-revisions#ERA-IS-DECIDED-PER-REQUEST
  // @verifies mcp-revisions#MODERN-NEEDS-NO-HANDSHAKE
  it('eras alternate on one connection: a legacy session does not leak into stateless answers, nor back', async () => {
    const frames = await replay([
      req(1, 'tools/call', modern({ name: 'add', arguments: { a: 1, b: 1 } })),
      init(2, '2024-11-05'),
      req(3, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } }),
      req(4, 'tools/call', modern({ name: 'add', arguments: { a: 1, b: 3 } })),
      req(5, 'tools/list'),
    ]);
    // Before any handshake, the stateless request is answered in full.
    expect(frames[0]!.result).toMatchObject({ structuredContent: { value: 2 }, resultType: 'complete' });
    expect(frames[1]!.result!.protocolVersion).toBe('2024-11-05');
    // The legacy session settled on 2024-11-05: no structured output, no stateless fields.
    expect(frames[2]!.result).toEqual({ content: [{ type: 'text', text: '{"value":3}' }], isError: false });
    expect(frames[3]!.result).toMatchObject({ structuredContent: { value: 4 }, resultType: 'complete' });
    expect(frames[4]!.result!.tools.find((t: { name: string }) => t.name === 'add')).not.toHaveProperty(
      'outputSchema',
    );
  });
});

describe('the lifecycle gate beside the revision rules', () => {
  // @verifies mcp-revisions#MODERN-NEEDS-NO-HANDSHAKE
  // @verifies mcp-lifecycle#MODERN-REQUESTS-NEED-NO-HANDSHAKE
  it('refuses legacy requests before initialize and lets stateless ones through, after the revision checks', async () => {
    const server = revisionServer('gated', '1', new ToolSet([add]), { capture: false });
    const transport = new ScriptedTransport([
      req(1, 'tools/list'),
      req(2, 'tools/list', modern()),
      req(3, 'tools/list', modern({}, { [PV]: '2099-01-01' })),
      init(4, '2025-06-18'),
      req(5, 'tools/list'),
    ]);
    await server.serve(transport);
    const frames = transport.frames() as Loose[];
    expect(frames[0]!.error.code).toBe(-32002);
    expect(frames[0]!.error.message).toContain('initialize');
    expect(frames[1]!.result).toMatchObject({ resultType: 'complete' });
    expect(frames[2]!.error.code).toBe(-32022);
    expect(frames[3]!.result.protocolVersion).toBe('2025-06-18');
    expect(frames[4]!.result.tools).toHaveLength(1);
  });
});

describe('legacy negotiation', () => {
  // @verifies mcp-revisions#INITIALIZE-NEGOTIATES
  // @verifies mcp-revisions#LEGACY-REVISIONS
  it('answers each legacy revision asked for, and the newest legacy one for anything else', async () => {
    for (const revision of SUPPORTED.slice(0, 4)) {
      const [answer] = await replay([init(1, revision)]);
      expect(answer!.result!.protocolVersion).toBe(revision);
    }
    for (const other of ['2024-10-07', MODERN, '1.0', undefined]) {
      const [answer] = await replay([
        req(1, 'initialize', {
          protocolVersion: other,
          capabilities: {},
          clientInfo: { name: 'c', version: '1' },
        }),
      ]);
      expect(answer!.result!.protocolVersion).toBe('2025-11-25');
    }
  });

  // @verifies mcp-revisions#LEGACY-FEATURES-FOLLOW-THE-NEGOTIATED-REVISION
  // @verifies mcp-revisions#STRUCTURED-OUTPUT-FROM
  it('structured output appears from 2025-06-18 on; before any initialize the lifecycle gate refuses the call', async () => {
    const call = req(2, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } });
    const shapes: Record<string, boolean> = {};
    for (const revision of SUPPORTED.slice(0, 4)) {
      const [, called] = await replay([init(1, revision), call]);
      shapes[revision] = 'structuredContent' in called!.result!;
    }
    expect(shapes).toEqual({
      '2024-11-05': false,
      '2025-03-26': false,
      '2025-06-18': true,
      '2025-11-25': true,
    });
    const [before] = await replay([call]);
    expect(before!.error!.code).toBe(-32002);
  });
});

describe('closed inputs and output schemas', () => {
  const bad = [
    { a: 1, b: 2, c: 3 },
    { a: 1, b: 'two' },
    { a: 1 },
    { a: 1.5, b: 2 },
    { a: 1, b: 2, mode: 'product' },
  ];

  // @verifies mcp-revisions#CLOSED-INPUTS-ARE-VALIDATED
  // @verifies mcp-revisions#INPUT-ERRORS-AS-RESULTS-FROM
  it('before 2025-11-25 a closed-input violation is -32602 naming the field', async () => {
    const frames = await replay([
      init(1, '2025-06-18'),
      ...bad.map((args, i) => req(10 + i, 'tools/call', { name: 'add', arguments: args })),
    ]);
    const errors = frames.slice(1).map((f) => f.error);
    expect(errors.map((e) => e?.code)).toEqual([-32602, -32602, -32602, -32602, -32602]);
    expect(errors.map((e) => e?.data.problems[0])).toEqual([
      '/c: unknown field (known: a, b, mode)',
      '/b: expected integer, got string',
      '/b: required field is missing',
      '/a: expected integer, got number',
      '/mode: must be one of "sum", "diff"',
    ]);
  });

  // @verifies mcp-revisions#INPUT-ERRORS-AS-RESULTS-FROM
  it('from 2025-11-25, and in the stateless era, it is a failed tool result the model can read', async () => {
    const frames = await replay([
      init(1, '2025-11-25'),
      req(2, 'tools/call', { name: 'add', arguments: bad[0] }),
      req(3, 'tools/call', modern({ name: 'add', arguments: bad[1] })),
    ]);
    expect(frames[1]!.result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Invalid arguments of tool `add` do not fit its inputSchema: /c: unknown field (known: a, b, mode)',
        },
      ],
      isError: true,
    });
    expect(frames[2]!.result).toMatchObject({ isError: true, resultType: 'complete' });
    expect(frames[2]!.result!.content[0].text).toContain('/b: expected integer, got string');
  });

  // @verifies mcp-revisions#CLOSED-INPUTS-ARE-VALIDATED
  it('an open schema passes its arguments through unchecked', async () => {
    const [, called] = await replay([
      init(0, '2025-11-25'),
      req(1, 'tools/call', { name: 'echo', arguments: { anything: [1] } }),
    ]);
    expect(called!.result).toEqual({ content: [{ type: 'text', text: '{"anything":[1]}' }], isError: false });
  });

  // @verifies mcp-revisions#STRUCTURED-OUTPUT-MATCHES-ITS-SCHEMA
  // @verifies mcp-revisions#STRUCTURED-RESULT-CARRIES-A-TEXT-COPY
  // @verifies mcp-revisions#TOOL-OUTPUT-SCHEMA-IS-OPTIONAL
  it('a tool that breaks its output schema fails with a report saying how', async () => {
    const liar: Tool = {
      descriptor: { ...add.descriptor, name: 'liar' },
      run: (args) => (args.a === 0 ? { report: 'no data' } : structuredOutput({ value: 'many' }, 'prose')),
    };
    const [nothing, wrong] = await replay(
      [
        req(1, 'tools/call', modern({ name: 'liar', arguments: { a: 0, b: 0 } })),
        req(2, 'tools/call', modern({ name: 'liar', arguments: { a: 1, b: 0 } })),
      ],
      [liar],
    );
    expect(nothing!.result).toMatchObject({ isError: true });
    expect(nothing!.result).not.toHaveProperty('structuredContent');
    expect(nothing!.result!.content[0].text).toContain('returned no structured output');
    expect(wrong!.result!.content[0].text).toBe(
      'tool `liar` returned structured output its outputSchema rejects: /value: expected integer, got string',
    );
  });

  // @verifies mcp-revisions#VALIDATOR-IS-A-SMALL-SUBSET
  // @verifies mcp-features#SCHEMA-2020-12-AS-WRITTEN
  it('registers a schema with keywords the checker lacks, and refuses only a malformed one, naming it', () => {
    const register = (descriptor: Partial<Tool['descriptor']>) => () =>
      new ToolSet([
        {
          descriptor: { name: 't', description: 'd', inputSchema: { type: 'object' }, ...descriptor },
          run: () => ({ report: '' }),
        },
      ]);
    expect(
      register({
        inputSchema: { type: 'object', properties: { n: { minimum: 1 } }, additionalProperties: false },
      }),
    ).not.toThrow();
    expect(register({ outputSchema: { type: 'object', pattern: 'x' } })).not.toThrow();
    expect(
      register({
        inputSchema: { type: 'object', properties: { n: { type: 'int' } }, additionalProperties: false },
      }),
    ).toThrow(/inputSchema #\/properties\/n\/type: unknown type "int"/);
    expect(
      register({ outputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/none' } } } }),
    ).toThrow(McpCoreError);
  });
});

describe('the real factline serve, raw lines', () => {
  // @verifies mcp-revisions#MODERN-UNSUPPORTED-REVISION
  // @verifies mcp-revisions#MODERN-CAPABILITIES-REQUIRED
  // @verifies mcp-revisions#CLOSED-INPUTS-ARE-VALIDATED
  // @verifies mcp-revisions#INPUT-ERRORS-AS-RESULTS-FROM
  it('answers every new error on the wire', async () => {
    const child = spawn(process.execPath, [join(REPO, 'bin/factline.js'), 'serve'], {
      cwd: REPO,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const lines = [
      req(1, 'tools/list', modern({}, { [PV]: '2025-11-25' })),
      req(2, 'tools/list', { _meta: { [PV]: MODERN } }),
      req(3, 'tools/call', modern({ name: 'facts_list', arguments: { bogus: true } })),
      init(4, '2025-06-18'),
      req(5, 'tools/call', { name: 'facts_list', arguments: { class: 'upper' } }),
    ];
    child.stdin.end(`${lines.join('\n')}\n`);
    const { stdout, code } = await collectOutput(child);
    expect(code).toBe(0);
    const frames = stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
      // Answers come as their work completes (the call waits for the tools to load): read them by id.
      .sort((a, b) => a.id - b.id);
    expect(frames.map((f) => f.id)).toEqual([1, 2, 3, 4, 5]);
    expect(frames[0].error).toMatchObject({
      code: -32022,
      data: { supported: SUPPORTED, requested: '2025-11-25' },
    });
    expect(frames[1].error.code).toBe(-32602);
    expect(frames[2].result).toMatchObject({ isError: true, resultType: 'complete' });
    expect(frames[2].result.content[0].text).toContain('/bogus: unknown field');
    expect(frames[4].error).toMatchObject({ code: -32602, data: { tool: 'facts_list' } });
    expect(frames[4].error.data.problems[0]).toBe('/class: must be one of "normative", "service"');
  });
});
