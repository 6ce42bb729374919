import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { xmlDialectBreach } from '../../../../checks/profiles/vibevm-xml.ts';
import { readXmlSpec } from '../../../../checks/profiles/vibevm-xml-document.ts';

const NS = 'xmlns="https://vibevm.org/spec/1"';

/** A document in the dialect, one element per line so each unit's line is plain to see. */
const XML = [
  `<spec ${NS}>`, // 1
  '  <title id="root">Demo document</title>', // 2
  '  <status stage="spec" state="work"/>', // 3
  '  <p><fact id="LEAD" status="spec/done">The lead fact.</fact></p>', // 4
  '  <section id="laws" title="The laws">', // 5
  '    <p>`req r2`</p>', // 6
  '    <p>Body prose.</p>', // 7
  '    <list ordered="false">', // 8
  '      <item><fact id="ITEM-FACT" status="impl/done">an item fact</fact></item>', // 9
  '      <item>plain item</item>', // 10
  '    </list>', // 11
  '    <fence lang="text">one', // 12
  'two</fence>', // 13
  '    <section id="nested" title="Nested">', // 14
  '      <p><fact id="NESTED" status="impl/work">nested fact body</fact></p>', // 15
  '    </section>', // 16
  '  </section>', // 17
  '</spec>', // 18
  '',
].join('\n');

/**
 * The same document as vibevm's own test spells its canonical Markdown twin
 * (xmlspec/tests.rs `MD_TWIN`), byte for byte: the trailing blank line included.
 */
const TWIN = [
  '# Demo document {#root}',
  '',
  '<status stage="spec" state="work"/>',
  '',
  '@fact:LEAD The lead fact. @status:spec/done',
  '',
  '## The laws {#laws}',
  '',
  '`req r2`',
  '',
  'Body prose.',
  '',
  '- @fact:ITEM-FACT an item fact @status:impl/done',
  '- plain item',
  '',
  '```text',
  'one',
  'two',
  '```',
  '',
  '### Nested {#nested}',
  '',
  '@fact:NESTED nested fact body @status:impl/work',
  '',
  '',
].join('\n');

/**
 * What vibevm's Markdown reader (mdspec) hashes for a unit of a Markdown text,
 * restated: a heading's span runs from its line to the next heading of its
 * level or higher; a fact's span is its own line; lines joined by `\n`.
 */
function twinHashes(markdown: string): Map<string, string> {
  const lines = markdown.split('\n');
  if (markdown.endsWith('\n')) lines.pop();
  const hash = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
  const out = new Map<string, string>();
  lines.forEach((line, i) => {
    const heading = /^(#{1,6}) .* \{#([^}]+)\}$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      let end = i + 1;
      const levelOf = (l: string) => /^(#{1,6}) /.exec(l)?.[1]?.length ?? 7;
      while (end < lines.length && levelOf(lines[end]!) > level) end++;
      out.set(heading[2]!, hash(lines.slice(i, end).join('\n')));
    }
    const fact = /^(?:- )?@fact:([A-Za-z][\w-]*)/.exec(line);
    if (fact) out.set(fact[1]!, hash(line));
  });
  return out;
}

function read(xml: string) {
  const r = readXmlSpec(xml);
  if ('breach' in r) throw new Error(`breach at ${r.breach.line}: ${r.breach.message}`);
  return r;
}

describe('vibevm .xml spec units', () => {
  // @verifies vibevm#XML-UNITS
  // @verifies vibevm#XML-CONTENT-HASH
  it('reads the document as its canonical Markdown twin and mints its units at the XML lines, hashed as the twin', () => {
    const r = read(XML);
    expect(r.projection.markdown).toBe(TWIN.slice(0, -1));
    const twin = twinHashes(TWIN);
    expect(r.units.map((u) => [u.anchor, u.kind, u.line, u.contentHash === twin.get(u.anchor)])).toEqual([
      ['root', 'heading', 2, true],
      ['LEAD', 'fact', 4, true],
      ['laws', 'heading', 5, true],
      ['ITEM-FACT', 'fact', 9, true],
      ['nested', 'heading', 14, true],
      ['NESTED', 'fact', 15, true],
    ]);
    expect(r.units.find((u) => u.anchor === 'ITEM-FACT')?.heading).toBe('an item fact @status:impl/done');
    // Each projected line maps back to the element it came from.
    expect(r.projection.lineMap[r.projection.markdown.split('\n').indexOf('### Nested {#nested}')]).toBe(14);
    expect(r.warnings).toEqual([]);
  });

  // @verifies vibevm#XML-UNITS
  it('gives the same units for named sections and named facts as for the generic elements', () => {
    const named = XML.replace('<section id="laws" title="The laws">', '<laws title="The laws">')
      .replace('  </section>\n</spec>', '  </laws>\n</spec>')
      .replace('<section id="nested" title="Nested">', '<nested title="Nested">')
      .replace('    </section>\n  </laws>', '    </nested>\n  </laws>')
      .replace(
        '<fact id="LEAD" status="spec/done">The lead fact.</fact>',
        '<LEAD fact="true" status="spec/done">The lead fact.</LEAD>',
      )
      .replace(
        '<list ordered="false">\n      <item><fact id="ITEM-FACT" status="impl/done">an item fact</fact></item>\n      <item>plain item</item>\n    </list>',
        '<facts ordered="false">\n      <ITEM-FACT fact="true" status="impl/done">an item fact</ITEM-FACT>\n    </facts>',
      );
    const generic = read(XML.replace('\n      <item>plain item</item>', ''));
    const alike = (r: ReturnType<typeof read>) => r.units.map((u) => [u.anchor, u.line, u.contentHash]);
    expect(alike(read(named))).toEqual(alike(generic));
  });

  // @verifies vibevm#XML-UNITS
  it('mints no unit for a fact in a cell, in a quote, or bound to the next fence, while the section span holds them', () => {
    const xml = [
      `<spec ${NS}>`,
      '  <section id="s" title="S">',
      '    <table><tr><td>H</td></tr><tr><td><fact status="impl/done">cell</fact></td></tr></table>',
      '    <quote><fact id="Q">quoted</fact></quote>',
      '    <p><fact id="RUN" status="impl/done">run this</fact></p>',
      '    <fence lang="bash" fact="RUN">cargo test\n</fence>',
      '  </section>',
      '</spec>',
    ].join('\n');
    const r = read(xml);
    expect(r.units.map((u) => u.anchor)).toEqual(['s']);
    const md = r.projection.markdown;
    expect(md).toContain('| cell @status:impl/done |');
    expect(md).toContain('> @fact:Q quoted');
    expect(md).toContain('@fact/code:RUN run this @status:impl/done\n\n```bash\ncargo test\n\n```');
    expect(r.units[0]!.contentHash).toBe(twinHashes(`${md}\n`).get('s'));
  });

  // @verifies vibevm#XML-KIND-FROM-FIRST-BLOCK
  it('takes a section revision from the first line of its first paragraph, a fact body included', () => {
    const section = (body: string) =>
      read(`<spec ${NS}>\n<section id="s" title="S">\n${body}\n</section>\n</spec>\n`);
    const kind = (body: string) => section(body).units[0]?.kindLine;
    expect(kind('<p>`req r2` and prose</p>')).toEqual({
      kind: 'req',
      revision: 2,
      planned: false,
      disputed: [],
    });
    expect(kind('<p>`prop r1 planned`</p>')?.planned).toBe(true);
    expect(kind('<p>intro</p>\n<p>`req r1`</p>')).toBeUndefined();
    expect(kind('<list ordered="false"><item>i</item></list>\n<p>`req r1`</p>')).toBeUndefined();
    expect(kind('<status stage="spec" state="done"/>\n<p>`req r1`</p>')).toBeUndefined();
    // vibevm reads the fact's own text, not its `@fact:` line: a kind line written as a fact counts here,
    // though the Markdown twin's first line opens with `@fact:` and gives no revision.
    expect(kind('<p><fact id="kind-line-s" status="impl/done">`req r4`</fact></p>')?.revision).toBe(4);
    const malformed = section('<p>`req rX`</p>');
    expect(malformed.units.map((u) => u.anchor)).toEqual(['s']);
    expect(malformed.warnings).toEqual([
      {
        code: 'malformed-kind-line',
        line: 3,
        message: 'kind line `req rX` has a malformed revision `rX` (expected `r<N>`, N ≥ 1)',
      },
    ]);
  });

  // @verifies vibevm#XML-UNITS
  it('skips a section whose id is no anchor but still mints the facts under it, and keeps a repeated id', () => {
    const r = read(
      `<spec ${NS}>\n  <section id="9lives" title="T">\n    <p><fact id="OK">body</fact></p>\n    <section id="OK" title="U"/>\n  </section>\n</spec>\n`,
    );
    expect(r.units.map((u) => `${u.anchor}:${u.line}`)).toEqual(['OK:3', 'OK:4']);
    expect(r.warnings.map((w) => `${w.code}:${w.line}`)).toEqual(['invalid-anchor:2', 'duplicate-anchor:4']);
  });

  // @verifies vibevm#XML-LONG-SECTION
  it('measures a leaf section over its XML lines, from its opening to its closing tag', () => {
    const leaf = `<spec ${NS}>\n  <section id="s" title="S">\n    <p>one</p>\n    <p>two</p>\n  </section>\n</spec>\n`;
    const long = (xml: string, at: number) =>
      readXmlSpec(xml, at) as Exclude<ReturnType<typeof readXmlSpec>, { breach: unknown }>;
    expect(long(leaf, 4).warnings.map((w) => `${w.code}:${w.line}`)).toEqual(['long-section:2']);
    expect(long(leaf, 5).warnings).toEqual([]);
    const container = `<spec ${NS}>\n<section id="p" title="P">\n<section id="c" title="C">\n<p>x</p>\n</section>\n</section>\n</spec>\n`;
    expect(long(container, 3).warnings.map((w) => `${w.code}:${w.line}`)).toEqual(['long-section:3']);
    expect(long(container, 0).warnings).toEqual([]);
  });

  // @verifies vibevm#XML-DIALECT
  it('drops a document that breaks the closed vocabulary inside <spec>, naming the line', () => {
    const doc = (body: string) => `<spec ${NS}>\n${body}\n</spec>\n`;
    expect(xmlDialectBreach(doc('  <bogus/>'))).toEqual({
      line: 2,
      message: 'the dialect has no <bogus> element (inside <spec>) — the vocabulary is closed',
    });
    expect(xmlDialectBreach(doc('  <section id="x" title="T" bogus="1"><p>t</p></section>'))?.message).toBe(
      "the <section> element has no `bogus` attribute — the dialect's vocabulary is closed",
    );
    expect(xmlDialectBreach(doc('<p><CLAIM fact="yes">x</CLAIM></p>'))?.message).toBe(
      'the `fact` discriminator on <CLAIM> must be "true", found `yes`',
    );
    expect(xmlDialectBreach(doc('<p><CLAIM>x</CLAIM></p>'))?.message).toBe(
      'the dialect has no <CLAIM> element (inside <p>)',
    );
    expect(xmlDialectBreach(doc('<p><table fact="true">x</table></p>'))?.message).toBe(
      'named fact <table> is not elementable — use <fact id="table">',
    );
    expect(xmlDialectBreach(doc('<facts ordered="false"><p>plain</p></facts>'))?.message).toBe(
      '<facts> accepts only fact elements; mixed lists stay in <list> — found <p>',
    );
    expect(xmlDialectBreach(doc('<p>one</p>\n<fence fact="X">x</fence>'))?.line).toBe(3);
    expect(xmlDialectBreach(doc('<section id="s" title="S"/>\n<p>late</p>'))?.message).toBe(
      '<p> cannot follow a top-level <section> — Markdown preamble blocks come before sections',
    );
  });
});
