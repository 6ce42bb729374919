/**
 * Generating from several specs: a template reads facts from any of them,
 * and each output's header names only the specs its template took facts from.
 */
import { describe, expect, it } from 'vitest';
import { planGeneration, readHeader } from '../../../generator/render/index.ts';
import { parseSpec } from '../../../reader/index.ts';

const core = parseSpec('# Core\n\n@fact:PING-METHOD The method is `ping`. @status:impl/done\n', {
  file: 'specs/core.md',
  doc: 'core',
});
const bounds = parseSpec(
  '# Bounds\n\n@fact:FRAME-LIMIT Frames stop at `1048576` bytes. @status:impl/done\n',
  {
    file: 'specs/bounds.md',
    doc: 'bounds',
  },
);
const templates = [
  {
    path: 'templates/both.ts.hbs',
    text: 'export const M = \'{{code "PING-METHOD" 1}}\';\nexport const L = {{code "FRAME-LIMIT" 1}};\n',
  },
  {
    path: 'templates/one.ts.hbs',
    text: '{{cite "FRAME-LIMIT"}}\nexport const L = {{code "FRAME-LIMIT" 1}};\n',
  },
];

describe('generating from a list of specs', () => {
  // @verifies factline#GEN-HELPERS-TAKE-VALUES-FROM-FACTS
  it('takes values from every spec and names in each header only the specs its template read', () => {
    const plan = planGeneration({
      spec: core,
      specs: [core, bounds],
      templatesDir: 'templates',
      outDir: 'generated',
      templates,
      existing: [],
    });
    expect(plan.errors).toEqual([]);
    const both = plan.outputs.find((o) => o.path === 'generated/both.ts')!;
    expect(both.text).toContain("export const M = 'ping';");
    expect(both.text).toContain('export const L = 1048576;');
    expect(readHeader(both.text)?.spec).toBe('specs/core.md,specs/bounds.md');
    const one = plan.outputs.find((o) => o.path === 'generated/one.ts')!;
    expect(one.text).toContain('// @implements bounds#FRAME-LIMIT~');
    expect(readHeader(one.text)?.spec).toBe('specs/bounds.md');
  });

  // @verifies factline#GEN-UNKNOWN-FACT-SUGGESTS-NEAREST
  it('an unknown id names the spec of its nearest match, or every spec when there is none', () => {
    const plan = planGeneration({
      spec: core,
      specs: [core, bounds],
      templatesDir: 'templates',
      outDir: 'generated',
      templates: [
        { path: 'templates/bad.ts.hbs', text: '{{code "FRAME-LIMT" 1}}\n{{code "ZZZZZZZZZZZZ" 1}}\n' },
      ],
      existing: [],
    });
    expect(plan.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('is not a fact of specs/bounds.md; did you mean `FRAME-LIMIT`'),
      expect.stringContaining('is not a fact of specs/core.md or specs/bounds.md'),
    ]);
  });
});
