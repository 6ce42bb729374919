/**
 * ReqIF → Markdown on small hand-written files: ids, hierarchy as headings,
 * relations as links, and what a file that does not validate gets (warnings
 * placed at the element). Each result is read back by factline's reader.
 */
import { describe, expect, it } from 'vitest';
import { readReqif } from '../../../../checks/interchange/reqif/read.ts';
import { reqifToMarkdown, sanitiseId } from '../../../../checks/interchange/reqif/to-markdown.ts';
import { parseXml } from '../../../../checks/interchange/xml-tree.ts';
import { parseSpec } from '../../../../reader/index.ts';

/** A ReqIF file: objects by identifier → text, a hierarchy as nested [object, children] pairs, relations. */
function reqif(
  objects: Record<string, string>,
  tree: [string, unknown[]][],
  relations: [string, string, string][] = [],
  extra = '',
): string {
  const node = ([id, kids]: [string, unknown[]]): string =>
    `<SPEC-HIERARCHY IDENTIFIER="h-${id}"><OBJECT><SPEC-OBJECT-REF>${id}</SPEC-OBJECT-REF></OBJECT>${
      kids.length ? `<CHILDREN>${(kids as [string, unknown[]][]).map(node).join('')}</CHILDREN>` : ''
    }</SPEC-HIERARCHY>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<REQ-IF xmlns="http://www.omg.org/spec/ReqIF/20110401/reqif.xsd" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <THE-HEADER><REQ-IF-HEADER IDENTIFIER="hd"><TITLE>T</TITLE></REQ-IF-HEADER></THE-HEADER>
  <CORE-CONTENT><REQ-IF-CONTENT>
    <SPEC-TYPES>
      <SPEC-OBJECT-TYPE IDENTIFIER="ot" LONG-NAME="Requirement"><SPEC-ATTRIBUTES>
        <ATTRIBUTE-DEFINITION-XHTML IDENTIFIER="text" LONG-NAME="ReqIF.Text"/>
        <ATTRIBUTE-DEFINITION-STRING IDENTIFIER="chapter" LONG-NAME="ReqIF.ChapterName"/>
      </SPEC-ATTRIBUTES></SPEC-OBJECT-TYPE>
      <SPEC-RELATION-TYPE IDENTIFIER="rt-parent" LONG-NAME="Parent"/>
      <SPEC-RELATION-TYPE IDENTIFIER="rt-conflict" LONG-NAME="Conflicts with"/>
    </SPEC-TYPES>
    <SPEC-OBJECTS>${Object.entries(objects)
      .map(
        ([id, text]) =>
          `<SPEC-OBJECT IDENTIFIER="${id}"><VALUES><ATTRIBUTE-VALUE-XHTML><DEFINITION><ATTRIBUTE-DEFINITION-XHTML-REF>text</ATTRIBUTE-DEFINITION-XHTML-REF></DEFINITION><THE-VALUE><xhtml:div>${text}</xhtml:div></THE-VALUE></ATTRIBUTE-VALUE-XHTML></VALUES><TYPE><SPEC-OBJECT-TYPE-REF>ot</SPEC-OBJECT-TYPE-REF></TYPE></SPEC-OBJECT>`,
      )
      .join('\n')}${extra}</SPEC-OBJECTS>
    <SPEC-RELATIONS>${relations
      .map(
        ([id, s, t]) =>
          `<SPEC-RELATION IDENTIFIER="${id}"><TYPE><SPEC-RELATION-TYPE-REF>${id.startsWith('c') ? 'rt-conflict' : 'rt-parent'}</SPEC-RELATION-TYPE-REF></TYPE><SOURCE><SPEC-OBJECT-REF>${s}</SPEC-OBJECT-REF></SOURCE><TARGET><SPEC-OBJECT-REF>${t}</SPEC-OBJECT-REF></TARGET></SPEC-RELATION>`,
      )
      .join('\n')}</SPEC-RELATIONS>
    <SPECIFICATIONS><SPECIFICATION IDENTIFIER="s1" LONG-NAME="System Spec"><CHILDREN>${tree.map(node).join('')}</CHILDREN></SPECIFICATION></SPECIFICATIONS>
  </REQ-IF-CONTENT></CORE-CONTENT>
</REQ-IF>`;
}

function imported(xml: string, docPrefix = '') {
  const result = reqifToMarkdown(readReqif(parseXml(xml)), { docPrefix, stem: 'in', sourceName: 'in.reqif' });
  const docs = result.files.map((f) => parseSpec(f.content, { file: f.path, doc: f.doc }));
  return { result, docs };
}

describe('ReqIF → Markdown', () => {
  // @verifies interchange#IMPORT-KEEPS-IDENTIFIERS
  it('makes fact ids of identifiers and keeps the original when it changed', () => {
    expect(sanitiseId('REQ-1')).toBe('REQ-1');
    expect(sanitiseId('_a1b2.c3')).toBe('R_A1B2-C3');
    expect(sanitiseId('2c84e85a-59d1')).toBe('R-2C84E85A-59D1');
    const { result, docs } = imported(
      reqif({ 'REQ-1': 'One.', _x: 'Two.', _X: 'Three.' }, [
        ['REQ-1', []],
        ['_x', []],
        ['_X', []],
      ]),
    );
    expect(result.facts.map((f) => f.id)).toEqual(['REQ-1', 'R_X', 'R_X-2']);
    const text = result.files[0]?.content ?? '';
    expect(text).toContain('@fact:REQ-1 One.');
    expect(text).toContain('@fact:R_X @attr:reqif-id=_x Two.');
    expect(text).toContain('@fact:R_X-2 @attr:reqif-id=_X Three.');
    expect(docs[0]?.diagnostics).toEqual([]);
    expect(
      docs[0]?.facts.map((f) => [f.factClass, f.text, f.attributes?.map((a) => `${a.key}=${a.value}`)]),
    ).toEqual([
      ['normative', 'One.', undefined],
      ['normative', 'Two.', ['reqif-id=_x']],
      ['normative', 'Three.', ['reqif-id=_X']],
    ]);
  });

  // @verifies interchange#IMPORT-HIERARCHY-AS-HEADINGS
  it('turns the hierarchy into headings, a parent fact right under its heading', () => {
    const { docs, result } = imported(
      reqif(
        {
          A: 'Intro',
          B: 'Leaf of A.',
          C: 'Chapter C',
          D: 'Leaf of C.',
          E: 'Leaf of A after C.',
          F: 'Top leaf.',
        },
        [
          ['F', []],
          [
            'A',
            [
              ['B', []],
              ['C', [['D', []]]],
              ['E', []],
            ],
          ],
        ],
      ),
    );
    const doc = docs[0];
    expect(doc?.title).toBe('System Spec');
    expect(result.files[0]?.path).toBe('system-spec.md');
    // E follows C, a section: it gets a heading of its own, so it does not fall into C.
    expect(doc?.sections.map((s) => [s.depth, s.title, s.factIds])).toEqual([
      [1, 'System Spec', ['F']],
      [2, 'Intro', ['A', 'B']],
      [3, 'Chapter C', ['C', 'D']],
      [3, 'Leaf of A after C.', ['E']],
    ]);
    expect(result.facts.filter((f) => f.heading).map((f) => f.id)).toEqual(['A', 'C', 'E']);
    expect(result.files[0]?.content).toContain('@fact:A @attr:reqif-heading=yes Intro');
  });

  // @verifies interchange#IMPORT-RELATIONS-AS-LINKS
  it('writes each relation as a link on its source, to the target address under the specs root', () => {
    const { result, docs } = imported(
      reqif(
        { S: 'System.', W: 'Software.', X: 'Other.' },
        [
          ['S', []],
          ['W', []],
          ['X', []],
        ],
        [
          ['r1', 'W', 'S'],
          ['c1', 'X', 'W'],
        ],
      ),
      'imported/',
    );
    const text = result.files[0]?.content ?? '';
    expect(text).toContain('@fact:W @refines:imported/system-spec#S Software.');
    expect(text).toContain('@fact:X @conflicts:imported/system-spec#W Other.');
    // Read back: the links are the fact's, outside its text.
    const facts = docs[0]?.facts ?? [];
    expect(facts.map((f) => [f.id, f.text, f.links?.map((l) => `${l.kind}:${l.target}`)])).toEqual([
      ['S', 'System.', undefined],
      ['W', 'Software.', ['refines:imported/system-spec#S']],
      ['X', 'Other.', ['conflicts:imported/system-spec#W']],
    ]);
  });

  // @verifies interchange#IMPORT-LENIENT-WITH-PLACED-WARNINGS
  it('reads past what the file lacks, with a warning at the element', () => {
    const xml = reqif(
      { A: 'One.' },
      [
        ['A', []],
        ['GHOST', []],
      ],
      [['r1', 'A', 'NOWHERE']],
    );
    const { result, docs } = imported(xml);
    const lines = xml.split('\n');
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    expect(result.warnings.map((w) => [w.line, w.message.split(',')[0]])).toEqual([
      [at('NOWHERE'), 'SPEC-RELATION r1 refers to NOWHERE'],
      [at('h-GHOST'), 'SPEC-HIERARCHY places GHOST'],
    ]);
    expect(docs.flatMap((d) => d.facts.map((f) => f.id))).toEqual(['A']);
  });

  it('gathers objects no specification places into one more document', () => {
    const { result, docs } = imported(reqif({ A: 'Placed.', B: 'Loose.' }, [['A', []]]));
    expect(result.files.map((f) => f.path)).toEqual(['system-spec.md', 'in-unplaced.md']);
    expect(docs[1]?.facts.map((f) => f.id)).toEqual(['B']);
  });
});
