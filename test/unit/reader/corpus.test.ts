/**
 * The reader against real specs: the vibevm corpus and its EXPECTED.json,
 * and the MCP-CORE seed (labels, shorthand document marker) against the
 * corpus copy of the same spec (no labels, `<status/>` document marker).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Fact, parseSpec } from '../../../reader/index.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const shared = resolve(repoRoot, '../shared');
const corpus = join(shared, 'corpus/vibevm');
const haveShared = existsSync(join(corpus, 'EXPECTED.json'));
// Outside this workspace the corpus is absent and the tests skip with a note; CI always has it,
// so there a missing corpus fails instead of passing quietly.
if (!haveShared && process.env.CI)
  throw new Error(`${shared} is absent in CI: the corpus tests must run there`);
if (!haveShared) console.warn(`NOTE: ${shared} is absent; the corpus and seed tests are skipped`);

const read = (path: string) => readFileSync(path, 'utf8');

describe.skipIf(!haveShared)('the vibevm corpus', () => {
  const expected: Record<string, string[]> = haveShared
    ? JSON.parse(read(join(corpus, 'EXPECTED.json')))
    : {};

  it('lists every corpus file', () => {
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(8);
  });

  for (const [file, ids] of Object.entries(expected)) {
    // @verifies reader#READ-UNITS
    // @verifies reader#READ-UNIT-TOKENS
    it(`${file} yields exactly the expected ids, in order, with no diagnostics`, () => {
      const doc = parseSpec(read(join(corpus, file)), { file, doc: file.replace(/\.md$/, '') });
      expect(doc.facts.map((f) => f.id)).toEqual(ids);
      // Markup problems only: normative-looking service units are a content warning (issue 11).
      expect(doc.diagnostics.filter((d) => d.code !== 'normative-service-unit')).toEqual([]);
    });
  }
});

describe.skipIf(!haveShared)('MCP-CORE: the seed and the corpus copy', () => {
  const seedPath = join(shared, 'seeds/000_b730ad6be165447a.txt');
  const corpusPath = join(
    corpus,
    'packages/org.vibevm.ai-native/core-ai-native/v1.0.0/spec/mechanisms/MCP-CORE-v0.1.md',
  );
  const seed = haveShared ? parseSpec(read(seedPath), { file: 'seed.md', doc: 'mcp-core' }) : undefined;
  const copy = haveShared ? parseSpec(read(corpusPath), { file: 'copy.md', doc: 'mcp-core' }) : undefined;

  it('the two files really differ in the ways under test', () => {
    const seedText = read(seedPath);
    const copyText = read(corpusPath);
    expect(seedText).toMatch(/^\[p01\] @fact:/m);
    expect(copyText).not.toMatch(/\[p\d+\]/);
    expect(seedText).toMatch(/^@status:spec\/done$/m);
    expect(copyText).toMatch(/^<status stage="spec" state="done"\/>$/m);
  });

  // @verifies reader#READ-LABELS
  it('yield the same 34 ids, statuses, texts and digests; the seed keeps its labels', () => {
    const markup = (d: { code: string }) => d.code !== 'normative-service-unit';
    expect(seed!.diagnostics.filter(markup)).toEqual([]);
    expect(copy!.diagnostics.filter(markup)).toEqual([]);
    expect(seed!.facts).toHaveLength(34);
    const strip = (f: Fact) => ({
      id: f.id,
      status: f.status,
      text: f.text,
      digest: f.digest,
      section: f.section,
    });
    expect(seed!.facts.map(strip)).toEqual(copy!.facts.map(strip));
    expect(copy!.facts.every((f) => f.label === undefined)).toBe(true);
    // Labels are kept exactly where the seed writes them (every `[pNN]` in the file).
    const written = [...read(seedPath).matchAll(/\[(p\d+)\] @fact:([\w-]+)/g)].map((m) => `${m[2]}=${m[1]}`);
    expect(seed!.facts.filter((f) => f.label).map((f) => `${f.id}=${f.label}`)).toEqual(written);
  });

  // @verifies reader#READ-ROLL-DOWN
  it('reads the document marker in both spellings', () => {
    expect(seed!.status).toMatchObject({ stage: 'spec', state: 'done', origin: 'document' });
    expect(copy!.status).toEqual(seed!.status);
  });

  // @verifies reader#READ-KIND-LINES
  it('declares each section kind line as req r1', () => {
    const sections = seed!.sections.filter((s) => s.depth === 2);
    expect(sections.map((s) => s.anchor)).toEqual(['wire', 'server', 'toolset', 'capture', 'no-prompts']);
    for (const s of sections)
      expect(s.kindLine).toEqual({ kind: 'req', revision: 1, planned: false, disputed: [] });
  });
});
