/**
 * specs/mcp-core.md is our wording of the MCP-CORE v0.1 seed: every fact id,
 * paragraph label, status and section anchor must match the seed's, and the
 * values the generator takes (revision, error codes, method names) too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickValue } from '../../../generator/render/index.ts';
import { type Fact, parseSpec, type SpecDocument } from '../../../reader/index.ts';

const repo = resolve(import.meta.dirname, '../../..');
const seedFile = resolve(repo, '../shared/seeds/000_b730ad6be165447a.txt');
const haveSeed = existsSync(seedFile);
if (!haveSeed && process.env.CI) throw new Error(`${seedFile} is absent in CI`);
if (!haveSeed) console.warn(`NOTE: ${seedFile} is absent; the seed comparison is skipped`);

const ours = parseSpec(readFileSync(join(repo, 'specs/mcp-core.md'), 'utf8'), {
  file: 'specs/mcp-core.md',
  doc: 'mcp-core',
});

const shape = (d: SpecDocument) =>
  d.facts.map((f: Fact) => ({
    id: f.id,
    label: f.label,
    status: `${f.status.stage}/${f.status.state}`,
    section: f.section,
  }));

/** Integer tokens outside code spans: where error codes live in a fact's text. */
const integers = (f: Fact) => (f.text.replace(/`[^`]*`/g, '').match(/(?<![\w.])-?\d+(?![\w.])/g) ?? []).map(Number);

describe.skipIf(!haveSeed)('specs/mcp-core.md against the MCP-CORE seed', () => {
  const seed = haveSeed
    ? parseSpec(readFileSync(seedFile, 'utf8'), { file: 'seed', doc: 'mcp-core' })
    : ({ facts: [], sections: [], diagnostics: [] } as unknown as SpecDocument);

  it('keeps every fact id, label, status and section, in order, and reads cleanly', () => {
    // The seed marks three service-unit leads impl/done, which lint flags as normative-looking.
    expect(ours.diagnostics.filter((d) => d.code !== 'normative-service-unit')).toEqual([]);
    expect(ours.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(ours.facts).toHaveLength(34);
    expect(shape(ours)).toEqual(shape(seed));
    expect(ours.status).toMatchObject({ stage: seed.status?.stage, state: seed.status?.state });
    expect(ours.sections.map((s) => s.anchor)).toEqual(seed.sections.map((s) => s.anchor));
  });

  it('keeps the values the generator reads: revision, error codes, method names', () => {
    const byId = (d: SpecDocument, id: string) => d.facts.find((f) => f.id === id)!;
    // What the templates ask for (named, typed), against the seed's values by position.
    const value = (id: string, type: Parameters<typeof pickValue>[1], name?: string) => {
      const picked = pickValue(byId(ours, id).codes, type, name);
      return picked.ok ? picked.source : picked.found;
    };
    expect(value('ANSWERED-PROTOCOL-REVISION', 'revision')).toBe(`'${byId(seed, 'ANSWERED-PROTOCOL-REVISION').codes[0]}'`);
    expect(value('MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP', 'jsonrpc-code')).toBe(
      String(integers(byId(seed, 'MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP'))[0]),
    );
    const [invalidParams, methodNotFound] = integers(byId(seed, 'METHOD-TOOLS-CALL'));
    expect(value('METHOD-TOOLS-CALL', 'jsonrpc-code', 'invalid-params')).toBe(String(invalidParams));
    expect(value('METHOD-TOOLS-CALL', 'jsonrpc-code', 'method-not-found')).toBe(String(methodNotFound));
    expect(value('METHOD-TOOLS-CALL', 'method', 'method')).toBe(`'${byId(seed, 'METHOD-TOOLS-CALL').codes[0]}'`);
    for (const id of ['METHOD-INITIALIZE', 'METHOD-TOOLS-LIST', 'METHOD-PING']) {
      expect(value(id, 'method'), id).toBe(`'${byId(seed, id).codes[0]}'`);
    }
  });
});
