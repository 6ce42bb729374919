/**
 * ReqIF export over generated specs: any heading structure, hostile text,
 * links and attributes give a file the OMG schema accepts (xmllint), and
 * that file imported and exported again has the same objects, parents and
 * relations (read by Python's XML parser), and the same fact ids.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportModel } from '../../../checks/interchange/export-model.ts';
import { readReqif } from '../../../checks/interchange/reqif/read.ts';
import { reqifToMarkdown } from '../../../checks/interchange/reqif/to-markdown.ts';
import { writeReqif } from '../../../checks/interchange/reqif/write.ts';
import { parseXml } from '../../../checks/interchange/xml-tree.ts';
import type { TraceResult } from '../../../checks/model.ts';
import { parseSpec } from '../../../reader/index.ts';
import type { SpecSet } from '../../../reader/model.ts';
import { reqifStructure } from '../../support/reqif-structure.ts';
import { HAS_XMLLINT, validateReqif } from '../../support/shared.ts';
import { tempDir } from '../../support/temp.ts';

const NO_TRACE = { facts: [] } as unknown as TraceResult;
const OPTIONS = { title: 'generated', time: '2026-12-02T12:00:00Z', tool: 'factline test' };

const TEXT = fc.oneof(
  fc.constantFrom(
    'The system shall *log* every `error`.',
    'A **bold** claim with a [link](https://example.com/a?b=1&c=2).',
    'Line one\\\nline two.',
    'Ampersands & <angles> and "quotes".',
    'Unicode: naïve café — ✓.',
    '~~gone~~ and text.',
  ),
  fc.stringMatching(/^[A-Za-z][A-Za-z .,;:!?()'-]{0,40}$/),
);

interface Tree {
  facts: { text: string; refines: number[]; attr?: string }[];
  headings: { depth: number; title: string; at: number }[];
}

/** A document: facts in order, headings of random depth (2–6) interleaved. */
const doc: fc.Arbitrary<Tree> = fc
  .tuple(
    fc.array(
      fc.record({
        text: TEXT,
        refines: fc.array(fc.nat(30), { maxLength: 2 }),
        attr: fc.option(fc.stringMatching(/^[a-z][a-z ]{0,10}$/), { nil: undefined }),
      }),
      {
        minLength: 1,
        maxLength: 12,
      },
    ),
    fc.array(
      fc.record({
        depth: fc.integer({ min: 2, max: 6 }),
        title: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}$/),
        at: fc.nat(12),
      }),
      {
        maxLength: 8,
      },
    ),
  )
  .map(([facts, headings]) => ({ facts, headings }));

function markdown(name: string, tree: Tree, all: { doc: string; id: string }[]): string {
  const lines = [`# ${name}`, ''];
  tree.facts.forEach((f, i) => {
    for (const h of tree.headings.filter((x) => x.at === i))
      lines.push(`${'#'.repeat(h.depth)} ${h.title}`, '');
    const links = f.refines
      .map((n) => all[n % all.length] as { doc: string; id: string })
      .filter((t) => !(t.doc === name && t.id === `F${i}`));
    const tokens = [`@fact:F${i}`, ...links.map((t) => `@refines:${t.doc}#${t.id}`)];
    if (f.attr !== undefined) tokens.push(`@attr:owner="${f.attr}"`);
    lines.push(`${tokens.join(' ')} ${f.text}`, '');
  });
  return lines.join('\n');
}

function specSet(files: { doc: string; text: string }[]): SpecSet {
  return { documents: files.map((f) => parseSpec(f.text, { file: `${f.doc}.md`, doc: f.doc })) };
}

// @verifies interchange#EXPORT-REQIF-VALIDATES
// @verifies interchange#EXPORT-REQIF-HIERARCHY
describe.skipIf(!HAS_XMLLINT)('ReqIF export of generated specs', () => {
  it('validates, and survives import and export with the same objects, parents and relations', () => {
    const dir = tempDir('reqif-export');
    let n = 0;
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 3 }), (trees) => {
        const names = trees.map((_, i) => `doc${i}`);
        const all = trees.flatMap((t, d) =>
          t.facts.map((_, i) => ({ doc: names[d] as string, id: `F${i}` })),
        );
        const set = specSet(
          trees.map((t, d) => ({ doc: names[d] as string, text: markdown(names[d] as string, t, all) })),
        );
        for (const d of set.documents) expect(d.diagnostics).toEqual([]);
        const first = join(dir, `first-${++n}.reqif`);
        writeFileSync(first, writeReqif(exportModel(set, NO_TRACE), OPTIONS));
        const verdict = validateReqif(first);
        expect(verdict.output).toContain('validates');

        const imported = reqifToMarkdown(
          readReqif(parseXml(writeReqif(exportModel(set, NO_TRACE), OPTIONS))),
          {
            docPrefix: '',
            stem: 'x',
            sourceName: 'first.reqif',
          },
        );
        const back = specSet(imported.files.map((f) => ({ doc: f.doc, text: f.content })));
        for (const d of back.documents) expect(d.diagnostics).toEqual([]);
        const second = join(dir, `second-${n}.reqif`);
        writeFileSync(second, writeReqif(exportModel(back, NO_TRACE), OPTIONS));
        expect(validateReqif(second).valid).toBe(true);
        expect(reqifStructure(second)).toEqual(reqifStructure(first));
        // Facts keep their ids (headings with no fact became facts of their own).
        const ids = (s: SpecSet) => s.documents.flatMap((d) => d.facts.map((f) => f.id));
        expect(ids(back)).toEqual(expect.arrayContaining(ids(set)));
        return true;
      }),
      { numRuns: 15 },
    );
  });
});
