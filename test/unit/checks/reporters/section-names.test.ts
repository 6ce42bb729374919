/**
 * The page names each heading's section as the reader does. The reader is the
 * oracle: for generated headings (inline markup of every kind remark knows,
 * explicit anchors valid and not) and for every real spec of the shared
 * corpus, the rendered `data-section` values, in order, are the reader's
 * section anchors.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderSpecMarkup } from '../../../../checks/reporters/html/spec-markup.ts';
import { parseSpec } from '../../../../reader/index.ts';

const CORPUS = resolve(import.meta.dirname, '../../../../../shared/corpus/vibevm');

function pageSections(text: string): string[] {
  const html = renderSpecMarkup(text, 'doc', new Set());
  const decode = (v: string) =>
    v
      .replace(/&#x([0-9A-F]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<h[1-6][^>]*\bdata-section="([^"]*)"/g)].map((m) => decode(m[1]!));
}

function readerSections(text: string): string[] {
  return parseSpec(text, { file: 'doc.md', doc: 'doc' }).sections.map((s) => s.anchor);
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => join(e.parentPath, e.name));
}

const piece = fc.constantFrom(
  'Plain words',
  '`code span`',
  '``tick ` tick``',
  '[a link](http://example.com/x)',
  '[ref link][r]',
  '<http://auto.example>',
  '*emphasis*',
  '**strong**',
  '~~struck~~',
  '&amp; &copy; &#35;',
  '\\*escaped\\*',
  '<b>raw</b>',
  'ünïcödé ÄÖ',
  'under_score-dash',
  '![image](x.png)',
  '  spaced   out  ',
);
const anchor = fc.constantFrom('', ' {#good-id}', ' {#1bad}', ' {#}', ' {#with space}', '{#tight}');

describe('a heading in the page names the section the reader reads', () => {
  // @verifies report#REPORT-SECTION-NAMED-AS-READ
  it('gives generated headings of any inline markup the reader’s anchors', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            depth: fc.integer({ min: 1, max: 6 }),
            parts: fc.array(piece, { minLength: 1, maxLength: 4 }),
            anchor,
            setext: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (headings) => {
          const text = headings
            .map(({ depth, parts, anchor, setext }) => {
              const title = parts.join(' ') + anchor;
              return setext && depth <= 2
                ? `${title}\n${depth === 1 ? '===' : '---'}\n`
                : `${'#'.repeat(depth)} ${title}\n`;
            })
            .join('\nSome text.\n\n')
            .concat('\n[r]: http://example.com/r\n');
          expect(pageSections(text)).toEqual(readerSections(text));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives every real spec of the corpus the reader’s anchors', (ctx) => {
    let files: string[];
    try {
      files = markdownFiles(CORPUS);
    } catch {
      ctx.skip(`the shared corpus is absent at ${CORPUS}`);
      return;
    }
    let headings = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const reader = readerSections(text);
      expect(pageSections(text), file).toEqual(reader);
      headings += reader.length;
    }
    expect(headings).toBeGreaterThan(50);
  });
});

describe('front matter in the page', () => {
  // @verifies report#REPORT-FRONT-MATTER-AS-CODE
  it('shows front matter as YAML code and opens no section for it', () => {
    const text =
      '---\nname: sweep\ndescription: a long line\n---\n\n# Title {#root}\n\n@fact:A Text. @status:impl/done\n';
    const html = renderSpecMarkup(text, 'doc', new Set(['A']));
    expect(html).toContain(
      '<pre><code class="language-yaml">name: sweep\ndescription: a long line\n</code></pre>',
    );
    expect(html).not.toContain('<hr>');
    expect(pageSections(text)).toEqual(['root']);
    expect(readerSections(text)).toEqual(['root']);
  });

  it('reads a text that only opens with a rule as Markdown', () => {
    const text = '---\n\n# Title\n';
    expect(renderSpecMarkup(text, 'doc', new Set())).toContain('<hr>');
    expect(pageSections(text)).toEqual(readerSections(text));
  });
});
