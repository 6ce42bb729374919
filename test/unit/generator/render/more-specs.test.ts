/**
 * Generation from several specs: a template may take values from a further
 * spec next to the main one, and its header names exactly the specs it used.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type GenerationInput,
  isCodeTemplate,
  planGeneration,
  readHeader,
} from '../../../../generator/render/index.ts';
import { parseSpec } from '../../../../reader/index.ts';
import { MINI, specDoc } from './fixtures/spec-doc.ts';

const REVISIONS = () =>
  specDoc(
    [{ id: 'MODERN-REVISIONS', text: 'The stateless revisions are `2026-07-28`.', section: 'modern' }],
    'mcp-revisions',
    'specs/mcp-revisions.md',
  );

const input = (templates: GenerationInput['templates']): GenerationInput => ({
  spec: MINI(),
  moreSpecs: [REVISIONS()],
  templatesDir: 'templates',
  outDir: 'generated',
  templates,
  existing: [],
});

describe('generation from several specs', () => {
  // @verifies mcp-revisions#GENERATED-FROM-SEVERAL-SPECS
  it('resolves ids in every spec, by bare id or DOC#ID, and names the specs used in each header', () => {
    const plan = planGeneration(
      input([
        {
          path: 'templates/both.ts.hbs',
          text: `{{cite "METHOD-INITIALIZE"}}\n{{cite "mcp-revisions#MODERN-REVISIONS"}}\nexport const MODERN = {{value "MODERN-REVISIONS" type="revision"}};\n`,
        },
        {
          path: 'templates/core.ts.hbs',
          text: `export const V = {{value "ANSWERED-PROTOCOL-REVISION" type="revision"}};\n`,
        },
      ]),
    );
    expect(plan.errors).toEqual([]);
    const both = plan.outputs.find((o) => o.path === 'generated/both.ts')!.text;
    expect(both).toContain("export const MODERN = '2026-07-28';");
    expect(both).toContain('// @implements mcp-revisions#MODERN-REVISIONS — ');
    expect(readHeader(both)?.spec).toBe('specs/mcp-core.md+specs/mcp-revisions.md');
    const core = plan.outputs.find((o) => o.path === 'generated/core.ts')!.text;
    expect(readHeader(core)?.spec).toBe('specs/mcp-core.md');
  });

  // @verifies mcp-revisions#GENERATED-FROM-SEVERAL-SPECS
  it('an unknown id names the main spec and the further ones', () => {
    const plan = planGeneration(
      input([{ path: 'templates/x.ts.hbs', text: '{{cite "MODERN-REVISION"}}\n' }]),
    );
    expect(plan.errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.message}`)).toEqual([
      'templates/x.ts.hbs:1:1 mcp-core#MODERN-REVISION is not a fact of specs/mcp-core.md; did you mean `MODERN-REVISIONS`? (nor of specs/mcp-revisions.md)',
    ]);
  });
});

describe('the revision values flow from specs/mcp-revisions.md', () => {
  const REPO = join(import.meta.dirname, '..', '..', '..', '..');
  const read = (file: string) => readFileSync(join(REPO, file), 'utf8');
  const templates = readdirSync(join(REPO, 'templates'))
    .filter((name) => isCodeTemplate(name) || name.endsWith('.hbs'))
    .map((name) => ({ path: `templates/${name}`, text: read(`templates/${name}`) }));
  const core = parseSpec(read('specs/mcp-core.md'), { file: 'specs/mcp-core.md', doc: 'mcp-core' });
  // The other specs the templates read (bounds, lifecycle, host, HTTP, features), unedited.
  const others = ['mcp-bounds', 'mcp-lifecycle', 'mcp-host', 'mcp-http', 'mcp-features'].map((doc) =>
    parseSpec(read(`specs/${doc}.md`), { file: `specs/${doc}.md`, doc }),
  );
  const plan = (revisionsText: string) =>
    planGeneration({
      spec: core,
      moreSpecs: [
        ...others,
        parseSpec(revisionsText, { file: 'specs/mcp-revisions.md', doc: 'mcp-revisions' }),
      ],
      templatesDir: 'templates',
      outDir: 'generated',
      templates,
      existing: [],
    });
  const VALUES = [
    '2026-07-28',
    '2025-11-25',
    '2025-06-18',
    '-32022',
    'server/discover',
    'io.modelcontextprotocol/',
    'ttlMs',
    'cacheScope',
    'resultType',
    'structuredContent',
  ];

  // @verifies mcp-revisions#GENERATED-FROM-SEVERAL-SPECS
  it('no template spells a revision value; editing the spec changes the generated module', () => {
    for (const t of templates) {
      // Only the placeholders (`spec.value(…)`, `spec.codes(…)`) may name the values' facts.
      const literal = VALUES.filter((v) => t.text.replace(/spec\.(?:value|codes)\([^)]*\)/g, '').includes(v));
      expect(literal, t.path).toEqual([]);
    }
    const original = read('specs/mcp-revisions.md');
    const edited = original
      .replace('`2026-07-28`', '`2027-03-01`')
      .replace('`unsupported-revision: -32022`', '`unsupported-revision: -32099`')
      .replace('`ttl-ms: 0`', '`ttl-ms: 5000`')
      .replace('`method: server/discover` answers', '`method: server/describe` answers');
    expect(edited).not.toBe(original);
    const before = plan(original).outputs.find((o) => o.path === 'generated/revisions.ts')!.text;
    const result = plan(edited);
    expect(result.errors).toEqual([]);
    const after = result.outputs.find((o) => o.path === 'generated/revisions.ts')!.text;
    expect(before).toContain("MODERN_REVISIONS: readonly string[] = ['2026-07-28']");
    expect(after).toContain("MODERN_REVISIONS: readonly string[] = ['2027-03-01']");
    expect(after).toContain('unsupportedRevision: -32099');
    expect(after).toContain('ttl: 5000');
    expect(after).toContain("discover: 'server/describe'");
  });
});
