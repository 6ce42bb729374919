import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../checks/model.ts';
import { REPO, runInProcess } from '../../support/cli.ts';
import { tempDir } from '../../support/temp.ts';

// tsx by its file URL: the server may start in a temp folder with no node_modules.
const SDK_SERVER = [
  process.execPath,
  '--import',
  import.meta.resolve('tsx'),
  join(REPO, 'test/system/conform/fixtures/sdk-server.ts'),
];
const env = { ...process.env, NO_COLOR: '1' };
const conform = (cwd: string, args: string[]) => runInProcess(cwd, ['conform', ...args], { env });

const initialize = (version: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

/** A project with two facts, each implemented, and verified only by the vectors. */
function project(): string {
  const dir = tempDir('conform');
  for (const sub of ['specs', 'src', 'vectors']) mkdirSync(join(dir, sub));
  writeFileSync(
    join(dir, 'factline.config.json'),
    JSON.stringify({
      specsRoot: 'specs',
      specs: ['specs/**/*.md'],
      sources: ['src/**/*'],
      tests: ['test/**/*'],
    }),
  );
  writeFileSync(
    join(dir, 'specs/demo.md'),
    '# Demo\n\n@status:impl/done\n\n@fact:NEGOTIATES Initialize answers the asked revision.\n\n@fact:PINGS Ping answers an empty object.\n',
  );
  writeFileSync(
    join(dir, 'src/server.ts'),
    '// @implements demo#NEGOTIATES\n// @implements demo#PINGS\nexport {};\n',
  );
  const vectors = [
    {
      id: 'planted',
      transport: 'stdio',
      verifies: ['demo#NEGOTIATES'],
      request: initialize('2025-06-18'),
      expect: { assertions: [{ pointer: '/result/protocolVersion', equals: '2024-11-05' }] },
    },
    {
      id: 'ping',
      transport: 'stdio',
      verifies: ['demo#PINGS', 'demo#PONGS'],
      setup: [initialize('2025-06-18')],
      request: { jsonrpc: '2.0', id: 2, method: 'ping' },
      expect: { exact_frames: [{ jsonrpc: '2.0', id: 2, result: {} }] },
    },
    {
      id: 'origin-policy',
      transport: 'http',
      http: { path: '/mcp', headers: { Origin: 'https://evil.example' } },
      request: { jsonrpc: '2.0', id: 3, method: 'ping' },
      expect: { assertions: [{ pointer: '/error', exists: true }] },
    },
  ];
  writeFileSync(
    join(dir, 'vectors/demo.json'),
    `${JSON.stringify({ format: 'mcp-conformance-vectors/1', vectors }, null, 2)}\n`,
  );
  return dir;
}

describe('factline conform against a server built with the official SDK', () => {
  // @verifies conformance#RUNNER-IS-PORTABLE
  // @verifies conformance#CONFORM-FRESH-PROCESS-PER-VECTOR
  // @verifies conformance#EMPTY-FRAMES-PROVEN-BY-SENTINEL
  it('passes every shipped legacy vector, the silent notifications included', async () => {
    const r = await conform(REPO, ['vectors/legacy.json', '--', ...SDK_SERVER]);
    expect(r.stdout).toContain('legacy.notification.initialized-is-silent');
    expect(r.stdout).toMatch(/\n(\d+) vectors: \1 passed, 0 failed, 0 skipped\n$/);
    expect(r.code).toBe(0);
  }, 120_000);

  // @verifies conformance#CONFORM-COMMAND
  // @verifies conformance#CONFORM-REPORTS-EACH-VECTOR
  // @verifies conformance#HTTP-VECTORS-SKIPPED
  // @verifies conformance#CONFORM-WRITES-RESULTS
  // @verifies conformance#VECTOR-RESULTS-ARE-EVIDENCE
  it('fails a planted wrong expectation with pointer, expected and actual; the gate counts the passing vector only', async () => {
    const dir = project();
    const r = await conform(dir, ['vectors/demo.json', '--results', 'out/vectors.json', '--', ...SDK_SERVER]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      'FAIL  planted  (vectors/demo.json:4)',
      '      at /result/protocolVersion: expected "2024-11-05", actual "2025-06-18"',
      'pass  ping  (vectors/demo.json:32)',
      'skip  origin-policy  (vectors/demo.json:69)',
      '      http vector: this run speaks to the server over stdio only',
      '',
      '3 vectors: 1 passed, 1 failed, 1 skipped',
      '',
    ]);
    const results = JSON.parse(readFileSync(join(dir, 'out/vectors.json'), 'utf8'));
    expect(results.format).toBe('factline-vector-results/1');
    expect(results.vectors[1]).toEqual({
      id: 'ping',
      file: 'vectors/demo.json',
      line: 32,
      status: 'passed',
      verifies: [
        { ref: 'demo#PINGS', line: 36, column: 9 },
        { ref: 'demo#PONGS', line: 37, column: 9 },
      ],
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const gate = await runInProcess(dir, ['check', '--json', '--no-cache', '--results', 'out/vectors.json']);
    const trace = JSON.parse(gate.stdout) as TraceResult;
    expect(gate.code).toBe(1);
    expect(trace.facts.map((f) => `${f.id} ${f.state}`)).toEqual([
      'NEGOTIATES test-failed',
      'PINGS verified',
    ]);
    const failed = trace.findings.find((f) => f.rule === 'verification-failed');
    expect(failed).toMatchObject({ file: 'vectors/demo.json', line: 8, fact: 'demo#NEGOTIATES' });
    expect(failed?.message).toContain('"planted"');
    expect(failed?.message).toContain('expected "2024-11-05", actual "2025-06-18"');
    // A reference no spec defines is reported at its place in the vectors file, like any citation's.
    expect(trace.findings.find((f) => f.file === 'vectors/demo.json' && f.line === 37)?.message).toContain(
      'PONGS',
    );
  }, 120_000);

  // @verifies conformance#BAD-VECTORS-NAME-THEIR-LINE
  it('exits 2 on a malformed vectors file, naming its line, before starting any server', async () => {
    const dir = tempDir('conform-bad');
    writeFileSync(
      join(dir, 'bad.json'),
      '{"format": "mcp-conformance-vectors/1", "vectors": [\n  {"id": "a", "transport": "stdio", "expect": {"exact_frames": []}}\n]}\n',
    );
    const r = await conform(dir, ['bad.json', '--', join(dir, 'no-such-server')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.json:2:3: vector `a` has neither `request` nor `raw`; give exactly one');
    expect(r.stdout).toBe('');
  });
});

describe('factline conform: what a run reports', () => {
  // @verifies conformance#CONFORM-REPORTS-EACH-VECTOR
  it('--json lists each vector with its status; a server that cannot start fails the vector, not the run', async () => {
    const dir = tempDir('conform-json');
    const vectors = [
      {
        id: 'a',
        transport: 'stdio',
        request: { jsonrpc: '2.0', id: 1, method: 'ping' },
        expect: { exact_frames: [] },
      },
      { id: 'b', transport: 'http', http: { path: '/mcp' }, raw: '{}', expect: { exact_frames: [] } },
    ];
    writeFileSync(join(dir, 'v.json'), JSON.stringify({ format: 'mcp-conformance-vectors/1', vectors }));
    const r = await conform(dir, ['v.json', '--json', '--', join(dir, 'no-such-server')]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.summary).toEqual({ total: 2, passed: 0, failed: 1, skipped: 1 });
    expect(report.vectors[0]).toMatchObject({ id: 'a', file: 'v.json', line: 1, status: 'failed' });
    expect(report.vectors[0].error).toMatch(
      /^cannot start `.*no-such-server`: .*ENOENT.*; check the command after --$/,
    );
    expect(report.vectors[1]).toMatchObject({
      id: 'b',
      status: 'skipped',
      reason: expect.stringContaining('http'),
    });
  });
});

describe('the shipped vectors', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(
    JSON.parse(readFileSync(join(REPO, 'schema/conformance-vectors.schema.json'), 'utf8')),
  );

  // @verifies conformance#VECTORS-SCHEMA-SHIPPED
  it('match the shipped JSON Schema, which rejects what the runner rejects', () => {
    const files = readdirSync(join(REPO, 'vectors')).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) {
      expect(validate(JSON.parse(readFileSync(join(REPO, 'vectors', f), 'utf8'))), f).toBe(true);
    }
    const vector = { id: 'a', transport: 'stdio', raw: 'x', expect: { exact_frames: [] } };
    const file = (v: object) => ({ format: 'mcp-conformance-vectors/1', vectors: [v] });
    expect(validate(file(vector))).toBe(true);
    expect(validate(file({ ...vector, request: {} }))).toBe(false);
    expect(validate(file({ ...vector, transport: 'http' }))).toBe(false);
    expect(
      validate(file({ ...vector, expect: { assertions: [{ pointer: '/a', exists: true, absent: true }] } })),
    ).toBe(false);
    expect(validate(file({ ...vector, expect: { assertions: [{ pointer: 'a', exists: true }] } }))).toBe(
      false,
    );
  });

  // @verifies conformance#SHIPPED-VECTORS-PASS-IN-CI
  it('pass against `factline serve`, and CI runs them and hands the results to the gate', async () => {
    const ci = readFileSync(join(REPO, '.ci/run'), 'utf8');
    expect(ci).toMatch(
      /factline\.js conform vectors\/\*\.json --results \.test-results\/vectors\.json -- node bin\/factline\.js serve/,
    );
    expect(ci).toMatch(/check --results \.test-results\/vitest\.json \.test-results\/vectors\.json/);
    const serve = [process.execPath, join(REPO, 'bin/factline.js'), 'serve'];
    const shipped = ['mcp-core', 'mcp-bounds', 'mcp-lifecycle', 'mcp-revisions'].map(
      (v) => `vectors/${v}.json`,
    );
    const r = await conform(REPO, [...shipped, '--', ...serve]);
    expect(r.stdout).toMatch(/\n(\d+) vectors: \1 passed, 0 failed, 0 skipped\n$/);
    expect(r.code).toBe(0);
  }, 180_000);
});
