/** The reader's behaviour on small specs written here, one rule per test. */
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../../reader/index.ts';
import { digestOf } from '../../../reader/text.ts';

const parse = (text: string) => parseSpec(text, { file: 'specs/x.md', doc: 'x' });
const ids = (text: string) => parse(text).facts.map((f) => f.id);
const fact = (text: string, id: string) => parse(text).facts.find((f) => f.id === id)!;

describe('units', () => {
  // @verifies reader#READ-UNITS
  it('reads paragraphs, list items at every depth, task items, quotes and table body cells', () => {
    const doc = parse(
      [
        '# T',
        '',
        '@fact:P a paragraph',
        '',
        '1. @fact:L1 first level',
        '   - @fact:L2 second level',
        '     - [x] @fact:L3 third level, a done task',
        '',
        '> > @fact:Q nested quote',
        '',
        '| @fact:HEADER-NOT-A-UNIT | b |',
        '|---|---|',
        '| @fact:C1 one | @fact:C2 two |',
      ].join('\n'),
    );
    expect(doc.facts.map((f) => `${f.id}:${f.unit}`)).toEqual([
      'P:paragraph',
      'L1:listItem',
      'L2:listItem',
      'L3:listItem',
      'Q:paragraph',
      'C1:tableCell',
      'C2:tableCell',
    ]);
  });

  // @verifies reader#READ-OPAQUE-CONTEXTS
  it('never reads tags inside fences, code spans, comments, links, headings or front matter', () => {
    const text = [
      '---',
      'a: "@fact:FRONT"',
      '---',
      '# @fact:HEADING',
      '',
      '```',
      '@fact:FENCED',
      '```',
      '',
      '<!-- @fact:COMMENTED -->',
      '',
      '`@fact:SPAN` then prose',
      '',
      '[@fact:LINKED](https://example.com)',
      '',
      '@fact:REAL ok',
    ].join('\n');
    expect(ids(text)).toEqual(['REAL']);
    // The heading's anchor is not read, and says so: a requirement never vanishes silently.
    expect(parse(text).diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual([
      'fact-in-heading 4:3',
    ]);
  });

  // @verifies reader#READ-OPAQUE-CONTEXTS
  it('reads CRLF files like LF files, front matter included', () => {
    const lf = '---\ntitle: t\n---\n# T\n\n@fact:A one\ntwo @status:impl/done\n\n- @fact:B item\n';
    const crlf = parse(lf.replace(/\n/g, '\r\n'));
    expect(crlf.diagnostics).toEqual([]);
    expect(crlf.facts.map((f) => [f.id, f.line, f.text, f.digest])).toEqual(
      parse(lf).facts.map((f) => [f.id, f.line, f.text, f.digest]),
    );
  });

  it('an HTML block is not a unit; alone it can be a section marker', () => {
    const doc = parse(
      '# T\n\n## S\n\n<status stage="impl" state="done"/>\n\n<div>\n<status stage="x"/> text\n</div>\n\n@fact:IN-S text',
    );
    expect(doc.diagnostics).toEqual([]);
    expect(doc.facts[0]!.status).toMatchObject({ stage: 'impl', state: 'done', origin: 'section' });
  });

  // @verifies reader#READ-OPAQUE-CONTEXTS
  it('a mid-sentence @fact: is prose, and legacy ##ID opens a fact', () => {
    expect(ids('See @fact:NOT-HERE in prose.\n\n##LEGACY-ID text')).toEqual(['LEGACY-ID']);
    expect(fact('##LEGACY-ID text', 'LEGACY-ID').text).toBe('text');
  });
});

describe('status', () => {
  const spec = [
    '# Doc {#root}',
    '',
    '@status:spec/done',
    '',
    '@fact:IN-ROOT inherits the document',
    '',
    '## A {#a}',
    '',
    '<status stage="impl" state="work"/>',
    '',
    '@fact:IN-A inherits its section',
    '',
    '### A1 {#a1}',
    '',
    '@fact:IN-A1 inherits the enclosing section',
    '',
    '@fact:OWN has its own @status:test/done',
    '',
    '## B {#b}',
    '',
    '@fact:IN-B back to the document',
  ].join('\n');

  // @verifies reader#READ-ROLL-DOWN
  it('rolls down: own, then section (innermost marked), then document', () => {
    const doc = parse(spec);
    const by = Object.fromEntries(
      doc.facts.map((f) => [f.id, `${f.status.stage}/${f.status.state}:${f.status.origin}`]),
    );
    expect(by).toEqual({
      'IN-ROOT': 'spec/done:document',
      'IN-A': 'impl/work:section',
      'IN-A1': 'impl/work:section',
      OWN: 'test/done:own',
      'IN-B': 'spec/done:document',
    });
    expect(doc.sections.find((s) => s.anchor === 'a')!.status).toMatchObject({
      stage: 'impl',
      state: 'work',
    });
  });

  it('a preamble marker marks the document even after facts', () => {
    const doc = parse('@fact:EARLY text\n\n@status:impl/done\n\n# Title\n\n@fact:LATE text');
    expect(doc.facts.map((f) => f.status.origin)).toEqual(['document', 'document']);
    expect(doc.diagnostics).toEqual([]);
  });

  // @verifies reader#READ-CLOSED-VOCABULARIES
  it('reads shorthand, bare stage, legacy and element forms alike', () => {
    const doc = parse(
      [
        '@fact:A x @status:impl/done',
        '@fact:B x @status:impl',
        '@fact:C x @status:unknown',
        '@fact:D x @freeze/done',
        '@fact:E x <status stage="doc" state="plan" action="remove" actionstage="doc" audience="user,author" comment="c" ref="R-1"/>',
        '@fact:F @status:idea/hold text first',
      ].join('\n\n'),
    );
    expect(doc.diagnostics).toEqual([]);
    expect(doc.facts.map((f) => `${f.status.stage}/${f.status.state}`)).toEqual([
      'impl/done',
      'impl/work',
      'unknown/hold',
      'freeze/done',
      'doc/plan',
      'idea/hold',
    ]);
    expect(doc.facts[4]!.status).toMatchObject({
      action: 'remove',
      actionstage: 'doc',
      audience: ['user', 'author'],
      comment: 'c',
      ref: 'R-1',
    });
  });

  it('foreign @-tokens stay prose: npm scopes, @spec:// directives, emails', () => {
    const doc = parse('@fact:A uses @types/node and @spec://org/x and me@impl.dev today @status:impl/done');
    expect(doc.diagnostics).toEqual([]);
    expect(doc.facts[0]!.text).toBe('uses @types/node and @spec://org/x and me@impl.dev today');
  });

  it('a fragment wrapper keeps its text and its own status', () => {
    const f = fact(
      '@fact:W a <status stage="test" state="plan">wrapped part</status> here @status:impl/done',
      'W',
    );
    expect(f.text).toBe('a wrapped part here');
    expect(f.fragments).toEqual([
      { text: 'wrapped part', line: 1, column: 11, status: { stage: 'test', state: 'plan', origin: 'own' } },
    ]);
  });
});

describe('fact text and digest', () => {
  // @verifies reader#READ-DIGEST
  it('strips label, anchor, markers and requires, collapses whitespace; digest is sha256 of the text', () => {
    const f = fact(
      '> [p07] @fact:REV The answered\n>   revision is `2024-11-05`. @status:impl/done @requires:implementation',
      'REV',
    );
    expect(f.text).toBe('The answered revision is `2024-11-05`.');
    expect(f.digest).toBe(digestOf(f.text));
    expect(f.label).toBe('p07');
    expect(f.requires).toEqual(['implementation']);
    expect(f.codes).toEqual(['2024-11-05']);
  });

  // @verifies reader#READ-DIGEST
  it('a status change keeps the digest; a wording change moves it', () => {
    const base = fact('@fact:X The loop never dies. @status:impl/work', 'X').digest;
    expect(fact('@fact:X The loop never dies. @status:impl/done', 'X').digest).toBe(base);
    expect(fact('@fact:X  The loop\nnever dies.  @status:impl/done', 'X').digest).toBe(base);
    expect(fact('@fact:X The loop never stops. @status:impl/done', 'X').digest).not.toBe(base);
  });

  // @verifies reader#READ-TYPED-CODE
  it('@fact/code: binds the next fence, and the fence enters the digest', () => {
    const spec = (cmd: string) =>
      `@fact/code:RUN Run this. @status:impl/done\n\n\n\`\`\`sh\n${cmd}\n\`\`\`\n`;
    const f = fact(spec('npm test'), 'RUN');
    expect(f.code).toEqual({ lang: 'sh', value: 'npm test' });
    expect(f.text).toContain('npm test');
    expect(f.endLine).toBe(6);
    expect(fact(spec('npm run test'), 'RUN').digest).not.toBe(f.digest);
  });

  // @verifies reader#READ-KIND-LINES
  it('reads kind lines into the fact and its section', () => {
    const doc = parse(
      '# T\n\n## S {#s}\n\n@fact:kind-line-s `design r3 planned disputed(#a,#b)` @status:spec/done',
    );
    const kind = { kind: 'design', revision: 3, planned: true, disputed: ['a', 'b'] };
    expect(doc.facts[0]!.kindLine).toEqual(kind);
    expect(doc.sections.find((s) => s.anchor === 's')!.kindLine).toEqual(kind);
    expect(fact('@fact:NOT-KIND uses `req r1` in a sentence', 'NOT-KIND').kindLine).toBeUndefined();
  });

  it('records address, place, class and section', () => {
    const doc = parse('# Title {#root}\n\n## Plain heading\n\n  @fact:kebab-id text\n\n@fact:UPPER-ID text');
    expect(doc.facts.map((f) => [f.address, f.line, f.column, f.factClass, f.section])).toEqual([
      ['x#kebab-id', 5, 3, 'service', 'plain-heading'],
      ['x#UPPER-ID', 7, 1, 'normative', 'plain-heading'],
    ]);
    expect(doc.title).toBe('Title');
  });
});
