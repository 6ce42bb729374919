/** The `facts_list` tool's `where` filter, through `factline serve` and the official MCP client. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { connect } from '../../support/mcp.ts';

const SPEC = `# Demo {#root}

@status:impl/done

@fact:DEMO-HIGH @attr:risk=02 @attr:owner=ada A risky line.

@fact:DEMO-LOW @attr:risk=3 A calmer line.

@fact:DEMO-BARE A line without attributes.
`;

type Listed = {
  structuredContent?: { facts: { address: string }[] };
  isError?: boolean;
  content: { text: string }[];
};

describe('facts_list where', () => {
  const dir = mkdtempSync(join(tmpdir(), 'factline-serve-where-'));
  let session: Awaited<ReturnType<typeof connect>>;
  const list = async (where: unknown) =>
    (await session.client.callTool({ name: 'facts_list', arguments: { where } })) as Listed;

  beforeAll(async () => {
    mkdirSync(join(dir, 'specs'));
    writeFileSync(
      join(dir, 'factline.config.json'),
      JSON.stringify({ specs: ['specs/**/*.md'], attributes: { risk: 'integer', owner: 'string' } }),
    );
    writeFileSync(join(dir, 'specs', 'demo.md'), SPEC);
    session = await connect([join(REPO, 'bin/factline.js'), 'serve'], { cwd: dir });
  });
  afterAll(async () => {
    await session?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // @verifies chains#ATTRIBUTE-FILTER-MCP
  it('keeps the facts matching every expression, typed keys compared as their type', async () => {
    const typed = await list(['risk=2']);
    expect(typed.isError).toBeFalsy();
    expect(typed.structuredContent?.facts.map((f) => f.address)).toEqual(['demo#DEMO-HIGH']);
    const absent = await list(['risk!=2']);
    expect(absent.structuredContent?.facts.map((f) => f.address)).toEqual([
      'demo#DEMO-LOW',
      'demo#DEMO-BARE',
    ]);
    const both = await list(['risk', 'owner=ada']);
    expect(both.structuredContent?.facts.map((f) => f.address)).toEqual(['demo#DEMO-HIGH']);
  });

  // @verifies chains#ATTRIBUTE-FILTER-MCP
  it('answers a bad expression as an isError report with the fix', async () => {
    const bad = await list(['risk=two']);
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toContain(
      'where[0] risk=two: `two` is not a whole number (type `integer`); write e.g. risk=42',
    );
    const shape = await list('risk=2');
    expect(shape.isError).toBe(true);
    expect(shape.content[0]!.text).toContain('/where: expected array, got string');
  });
});
