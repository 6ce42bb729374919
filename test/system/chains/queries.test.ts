/**
 * `impact` and `at` on a copy of docs/chains: through the real CLI (text and
 * --json) and through `factline serve` driven by the official MCP client.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, runFactline } from '../../support/cli.ts';
import { connect } from '../../support/mcp.ts';

// One copy for the file: every test here only reads it (a serve session spans several tests).
const root = mkdtempSync(join(tmpdir(), 'factline-chains-queries-'));
cpSync(join(REPO, 'docs', 'chains'), root, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('factline impact', () => {
  // @verifies chains#IMPACT-QUERY
  it('lists the downstream facts at every depth, then the code and the tests', async () => {
    const r = await runFactline(['impact', 'system#SYS-GREET'], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'downstream facts (2):\n  software#SW-GREET  implemented  (software#SW-GREET refines system#SYS-GREET)  specs/software.md:8',
    );
    expect(r.stdout).toContain(
      '  tests#TC-GREET-ADA  verified  (tests#TC-GREET-ADA refines software#SW-GREET, 2 links away)  specs/tests.md:8',
    );
    expect(r.stdout).toMatch(
      /code \(1\):\n {2}src\/greet\.ts:1:4 {2}@implements software#SW-GREET {2}function greet/,
    );
    expect(r.stdout).toMatch(
      /tests \(1\):\n {2}test\/greet\.test\.ts:4:4 {2}@verifies tests#TC-GREET-ADA {2}test "greets Ada by name"/,
    );
    const json = JSON.parse((await runFactline(['impact', 'SYS-GREET', '--json'], root)).stdout);
    expect(json.downstream.map((f: { address: string; depth: number }) => `${f.address}@${f.depth}`)).toEqual(
      ['software#SW-GREET@1', 'tests#TC-GREET-ADA@2'],
    );
    expect(json.tests.map((t: { file: string; line: number }) => `${t.file}:${t.line}`)).toEqual([
      'test/greet.test.ts:4',
    ]);
  });

  // @verifies chains#IMPACT-QUERY
  it('exits 2 with a did-you-mean for an unknown fact', async () => {
    const r = await runFactline(['impact', 'system#SYS-GRET'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('did you mean system#SYS-GREET');
  });
});

describe('factline at', () => {
  // @verifies chains#AT-QUERY
  it('names the facts a code line serves and those upstream of them', async () => {
    const r = await runFactline(['at', 'src/greet.ts:4'], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('serves (2):\n  software#SW-GREET  implemented  specs/software.md:8');
    expect(r.stdout).toContain(
      'and upstream (2):\n  system#SYS-GREET  refined  (software#SW-GREET refines system#SYS-GREET)  specs/system.md:8',
    );
    const test = JSON.parse((await runFactline(['at', 'test/greet.test.ts:11', '--json'], root)).stdout);
    expect(test.direct.map((f: { address: string }) => f.address)).toEqual(['tests#TC-GREET-EMPTY']);
    expect(test.upstream.map((f: { address: string }) => f.address)).toEqual([
      'software#SW-GREET-EMPTY',
      'system#SYS-GREET-EMPTY',
    ]);
  });

  // @verifies chains#AT-QUERY
  it('names the fact written on a spec line, and says when a line serves nothing', async () => {
    const spec = JSON.parse((await runFactline(['at', 'specs/tests.md:8', '--json'], root)).stdout);
    expect(spec.direct.map((f: { address: string }) => f.address)).toEqual(['tests#TC-GREET-ADA']);
    expect(spec.upstream.map((f: { address: string; depth: number }) => `${f.address}@${f.depth}`)).toEqual([
      'software#SW-GREET@1',
      'system#SYS-GREET@2',
    ]);
    const none = await runFactline(['at', 'test/greet.test.ts:1'], root);
    expect(none.stdout).toContain('serves no fact');
    expect((await runFactline(['at', 'src/greet.ts'], root)).code).toBe(2);
  });
});

describe('the queries as MCP tools', () => {
  let session: Awaited<ReturnType<typeof connect>>;
  beforeAll(async () => {
    session = await connect([join(REPO, 'bin/factline.js'), 'serve'], { cwd: root });
  });
  afterAll(async () => {
    await session?.close();
  });

  // @verifies chains#QUERIES-AS-MCP-TOOLS
  it('answers chain_impact and chain_at with structured content and the command text', async () => {
    const impact = (await session.client.callTool({
      name: 'chain_impact',
      arguments: { ref: 'system#SYS-GREET' },
    })) as unknown as {
      structuredContent: { downstream: { address: string }[]; code: { file: string }[] };
      content: { text: string }[];
    };
    expect(impact.structuredContent.downstream.map((f) => f.address)).toEqual([
      'software#SW-GREET',
      'tests#TC-GREET-ADA',
    ]);
    expect(impact.structuredContent.code.map((c) => c.file)).toEqual(['src/greet.ts']);
    expect(impact.content[0]!.text).toContain('downstream facts (2):');
    const at = (await session.client.callTool({
      name: 'chain_at',
      arguments: { file: 'src/greet.ts', line: 4 },
    })) as unknown as {
      structuredContent: { direct: { address: string }[]; upstream: { address: string }[] };
    };
    expect(at.structuredContent.direct.map((f) => f.address)).toEqual([
      'software#SW-GREET',
      'software#SW-GREET-EMPTY',
    ]);
    expect(at.structuredContent.upstream.map((f) => f.address)).toEqual([
      'system#SYS-GREET',
      'system#SYS-GREET-EMPTY',
    ]);
  });
});
