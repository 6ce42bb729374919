import { describe, expect, it } from 'vitest';
import {
  VIBEVM_SPEC_NS,
  xmlDialectBreach,
  xmlDialectFinding,
} from '../../../../checks/profiles/vibevm-xml.ts';

/** A dialect document: declaration, comment, a root with sections, facts and text around them. */
function dialect(body = '', after = ''): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- generated for the test -->',
    `<spec xmlns="${VIBEVM_SPEC_NS}">`,
    '  <title id="root">A &amp; B &#x41;</title>',
    '  <section id="one" title="One">',
    '    <p><fact id="F-1">Text with &lt;b&gt;.</fact></p><fence lang="xml"><![CDATA[raw < text]]></fence>',
    body,
    '  </section>',
    '</spec>',
    after,
  ].join('\n');
}

// @verifies vibevm#XML-DIALECT
describe('vibevm xml-dialect', () => {
  it('passes a dialect document, comments and trailing whitespace included', () => {
    expect(xmlDialectBreach(dialect('', '\n<!-- trailing -->\n\n'))).toBeUndefined();
    expect(xmlDialectBreach(`<spec xmlns="${VIBEVM_SPEC_NS}"/>`)).toBeUndefined();
  });

  it('names a foreign root at the line its start tag ends', () => {
    const xml = '<?xml version="1.0"?>\n<metadata\n  xmlns="x">\n  <a>1</a>\n</metadata>\n';
    expect(xmlDialectBreach(xml)).toEqual({
      line: 3,
      message: "the document root must be <spec>, found <metadata> — the dialect's vocabulary is closed",
    });
  });

  it('names a second document after </spec>: the first event past the whitespace and comments', () => {
    const xml = dialect(
      '',
      `\n<!-- next -->\n\n<?xml version="1.0"?>\n<spec xmlns="${VIBEVM_SPEC_NS}">\n</spec>\n`,
    );
    const line = xml.split('\n').findIndex((l, i) => i > 8 && l.startsWith('<spec')) + 1;
    expect(xmlDialectBreach(xml)).toEqual({
      line,
      message: 'content after </spec> — one document, one root',
    });
    expect(xmlDialectBreach(dialect('', 'stray'))?.message).toBe(
      'unexpected text content `\nstray` — text lives inside the leaf elements',
    );
  });

  it('refuses the root without the dialect namespace or with a foreign attribute', () => {
    expect(xmlDialectBreach('<spec/>')?.message).toBe(
      `the <spec> element requires xmlns="${VIBEVM_SPEC_NS}"`,
    );
    expect(xmlDialectBreach('<spec xmlns="urn:other"></spec>')?.message).toBe(
      `the <spec> namespace is xmlns="${VIBEVM_SPEC_NS}", found \`urn:other\``,
    );
    expect(xmlDialectBreach(`<spec xmlns="${VIBEVM_SPEC_NS}" lang="en"></spec>`)?.message).toBe(
      "the <spec> element has no `lang` attribute — the dialect's vocabulary is closed",
    );
  });

  it('refuses a DTD, a processing instruction and a foreign entity, at their lines', () => {
    expect(xmlDialectBreach(`<!DOCTYPE spec>\n${dialect()}`)).toEqual({
      line: 1,
      message: 'the dialect forbids DTD (<!DOCTYPE>) — the vocabulary is closed',
    });
    expect(xmlDialectBreach(dialect('    <?render fast?>'))).toEqual({
      line: 7,
      message: 'the dialect forbids processing instructions — the vocabulary is closed',
    });
    expect(xmlDialectBreach(dialect('    <p>&nbsp;</p>'))).toEqual({
      line: 7,
      message:
        "the dialect forbids entities: &nbsp; — only XML's five built-ins and character references are allowed",
    });
  });

  it('refuses ill-formed XML and an empty file', () => {
    expect(xmlDialectBreach(dialect('    <p>open'))?.message).toMatch(/^ill-formed XML: /);
    expect(xmlDialectBreach(dialect('    <p>open'))?.line).toBe(8);
    expect(xmlDialectBreach('')).toEqual({ line: 0, message: 'unexpected end of input' });
  });

  it('is a warning on the file and line', () => {
    expect(xmlDialectFinding('spec/x.xml', '<repomd/>')).toMatchObject({
      rule: 'xml-dialect',
      severity: 'warning',
      file: 'spec/x.xml',
      line: 1,
    });
    expect(xmlDialectFinding('spec/x.xml', dialect())).toBeUndefined();
  });
});
