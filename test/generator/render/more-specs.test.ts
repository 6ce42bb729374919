/**
 * Generation from several specs: a template may take values from a further
 * spec next to the main one, and its header names exactly the specs it used.
 */
import { describe, expect, it } from 'vitest';
import { type GenerationInput, planGeneration, readHeader } from '../../../generator/render/index.ts';
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
          text: `{{cite "METHOD-INITIALIZE"}}\n{{cite "mcp-revisions#MODERN-REVISIONS"}}\nexport const MODERN = '{{code "MODERN-REVISIONS" 1}}';\n`,
        },
        {
          path: 'templates/core.ts.hbs',
          text: `export const V = '{{code "ANSWERED-PROTOCOL-REVISION" 1}}';\n`,
        },
      ]),
    );
    expect(plan.errors).toEqual([]);
    const both = plan.outputs.find((o) => o.path === 'generated/both.ts')!.text;
    expect(both).toContain("export const MODERN = '2026-07-28';");
    expect(both).toContain('// @implements mcp-revisions#MODERN-REVISIONS~');
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
