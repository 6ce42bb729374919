/**
 * The export model → a ReqIF 1.2 document (the OMG schema's namespace and
 * element order): one SPEC-OBJECT per fact with its text (XHTML), id,
 * address, status, evidence state, required evidence and attributes; one
 * per heading that no fact stands for; a SPEC-RELATION per link; a
 * SPECIFICATION per document whose SPEC-HIERARCHY follows the headings.
 * Pure: the caller gives the time and the tool's name.
 */
import type { ExportDocument, ExportFact, ExportModel } from '../export-model.ts';
import { escapeXml, markdownToPlain, markdownToXhtml } from '../markdown-xhtml.ts';
import { REQIF_NAMESPACE, XHTML_NAMESPACE } from './model.ts';
import { REQIF_HEADING_KEY, REQIF_ID_KEY } from './to-markdown.ts';
import { typedKey } from './typed-attributes.ts';

export interface ReqifWriteOptions {
  title: string;
  /** ISO 8601 date-time stamped as every element's LAST-CHANGE and the header's CREATION-TIME. */
  time: string;
  /** `factline 0.1.0`. */
  tool: string;
  /** The config's `attributes`: each key's type, written as the matching ReqIF datatype. */
  attributeTypes?: Record<string, unknown>;
  /** Told of each value left out because it does not fit its key's type. */
  warn?: (message: string) => void;
}

/** The attribute definitions every fact object carries, by LONG-NAME (ReqIF's standard names first). */
const FACT_ATTRIBUTES = [
  ['ReqIF.ForeignID', 'string'],
  ['ReqIF.ChapterName', 'string'],
  ['ReqIF.Text', 'xhtml'],
  ['factline.address', 'string'],
  ['factline.status', 'string'],
  ['factline.evidence', 'string'],
  ['factline.required', 'string'],
] as const;

/** An NCName (xsd:ID) from anything: letters, digits, `.`, `-`, `_`, not starting with a digit, `.` or `-`. */
export function ncName(raw: string): string {
  const s = raw.replace(/[^A-Za-z0-9._-]+/g, '_');
  return /^[A-Za-z_]/.test(s) ? s : `_${s}`;
}

const XML_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;

interface Node {
  object: string;
  children: Node[];
}

/** Hands out identifiers, each once: the preferred one when free, else numbered. */
function identifiers(): (preferred: string) => string {
  const taken = new Set<string>();
  return (preferred) => {
    let id = preferred;
    for (let n = 2; taken.has(id); n++) id = `${preferred}-${n}`;
    taken.add(id);
    return id;
  };
}

// @implements interchange#EXPORT-REQIF-VALIDATES
// @implements interchange#EXPORT-REQIF-CONTENT
// @implements interchange#REIMPORT-KEEPS-IDS-HIERARCHY-RELATIONS
export function writeReqif(model: ExportModel, options: ReqifWriteOptions): string {
  const time = options.time;
  const claim = identifiers();
  for (const fixed of [
    'factline-header',
    'dt-string',
    'dt-xhtml',
    'type-fact',
    'type-heading',
    'type-specification',
  ])
    claim(fixed);

  // Fact identifiers: the one an import kept (`@attr:reqif-id`), else the id where it is unique, else doc-qualified.
  const idCount = new Map<string, number>();
  for (const d of model.documents) for (const f of d.facts) idCount.set(f.id, (idCount.get(f.id) ?? 0) + 1);
  const objectOf = new Map<string, string>();
  for (const d of model.documents) {
    for (const f of d.facts) {
      const kept = f.attributes.find((a) => a.key === REQIF_ID_KEY)?.value;
      const preferred =
        kept !== undefined && XML_NAME.test(kept)
          ? kept
          : idCount.get(f.id) === 1
            ? ncName(f.id)
            : ncName(`${d.doc.replace(/\//g, '.')}.${f.id}`);
      objectOf.set(f.address, claim(preferred));
    }
  }

  // User attributes become STRING definitions of their own, one per key.
  const userKeys = [
    ...new Set(
      model.documents.flatMap((d) =>
        d.facts.flatMap((f) =>
          f.attributes.map((a) => a.key).filter((k) => k !== REQIF_ID_KEY && k !== REQIF_HEADING_KEY),
        ),
      ),
    ),
  ].sort();
  const defId = new Map<string, string>();
  for (const [name] of FACT_ATTRIBUTES) defId.set(name, claim(ncName(`def-${name}`)));
  const typed = new Map(
    userKeys.map((key) => {
      const def = claim(ncName(`def-attr-${key}`));
      const datatype = claim(ncName(`dt-attr-${key}`));
      return [
        key,
        typedKey(
          key,
          options.attributeTypes?.[key],
          { def, datatype, enumValue: (i) => ncName(`${datatype}.${i}`) },
          time,
        ),
      ] as const;
    }),
  );
  const headingChapter = claim('def-heading-ReqIF.ChapterName');

  const objects: string[] = [];
  const stringValue = (def: string, value: string) =>
    `<ATTRIBUTE-VALUE-STRING THE-VALUE="${escapeXml(value)}"><DEFINITION><ATTRIBUTE-DEFINITION-STRING-REF>${def}</ATTRIBUTE-DEFINITION-STRING-REF></DEFINITION></ATTRIBUTE-VALUE-STRING>`;
  const xhtmlValue = (def: string, markdown: string) =>
    `<ATTRIBUTE-VALUE-XHTML><THE-VALUE>${markdownToXhtml(markdown)}</THE-VALUE><DEFINITION><ATTRIBUTE-DEFINITION-XHTML-REF>${def}</ATTRIBUTE-DEFINITION-XHTML-REF></DEFINITION></ATTRIBUTE-VALUE-XHTML>`;
  const def = (name: string) => defId.get(name) as string;

  // An identifier an import kept that is no xsd:ID (a digit first, a space) stays as the ALTERNATIVE-ID.
  const alternative = (f: ExportFact) => {
    const kept = f.attributes.find((a) => a.key === REQIF_ID_KEY)?.value;
    return kept !== undefined && kept !== objectOf.get(f.address)
      ? `<ALTERNATIVE-ID><ALTERNATIVE-ID IDENTIFIER="${escapeXml(kept)}"/></ALTERNATIVE-ID>`
      : '';
  };
  const factObject = (f: ExportFact, chapter?: string) => {
    const values = [
      stringValue(def('ReqIF.ForeignID'), f.id),
      ...(chapter !== undefined ? [stringValue(def('ReqIF.ChapterName'), chapter)] : []),
      xhtmlValue(def('ReqIF.Text'), f.text),
      stringValue(def('factline.address'), f.address),
      stringValue(def('factline.status'), f.status),
      stringValue(def('factline.evidence'), f.state),
      stringValue(def('factline.required'), f.required.join(', ')),
      ...f.attributes
        .filter((a) => a.key !== REQIF_ID_KEY && a.key !== REQIF_HEADING_KEY)
        .flatMap((a) => {
          const written = typed.get(a.key)?.value(a.value);
          if (written === undefined)
            options.warn?.(
              `${f.file}:${a.line}:${a.column}: warning @attr:${a.key}=${a.value} does not fit the type the config gives ${a.key}; left out of the export`,
            );
          return written === undefined ? [] : [written];
        }),
    ];
    objects.push(
      `<SPEC-OBJECT IDENTIFIER="${objectOf.get(f.address)}" LAST-CHANGE="${time}" LONG-NAME="${escapeXml(f.address)}">${alternative(f)}<VALUES>${values.join('')}</VALUES><TYPE><SPEC-OBJECT-TYPE-REF>type-fact</SPEC-OBJECT-TYPE-REF></TYPE></SPEC-OBJECT>`,
    );
  };
  const headingObject = (d: ExportDocument, anchor: string, title: string): string => {
    const id = claim(ncName(`${d.doc.replace(/\//g, '.')}.${anchor}`));
    objects.push(
      `<SPEC-OBJECT IDENTIFIER="${id}" LAST-CHANGE="${time}" LONG-NAME="${escapeXml(title)}"><VALUES>${stringValue(headingChapter, title)}</VALUES><TYPE><SPEC-OBJECT-TYPE-REF>type-heading</SPEC-OBJECT-TYPE-REF></TYPE></SPEC-OBJECT>`,
    );
    return id;
  };

  // @implements interchange#EXPORT-REQIF-HIERARCHY
  // The hierarchy of each document, from its headings: a section is a node whose object is the fact marked
  // as standing for the heading (an import's `@attr:reqif-heading=yes`), else a heading object of its own.
  const specifications: { doc: ExportDocument; id: string; children: Node[] }[] = [];
  for (const d of model.documents) {
    const root: Node = { object: '', children: [] };
    const stack: { depth: number; node: Node; section?: { anchor: string; title: string; lead: boolean } }[] =
      [{ depth: 1, node: root }];
    let titled = false;
    type Item = { line: number; section?: ExportDocument['sections'][number]; fact?: ExportFact };
    const items: Item[] = [
      ...d.sections.map((s): Item => ({ line: s.line, section: s })),
      ...d.facts.map((f): Item => ({ line: f.line, fact: f })),
    ].sort((a, b) => a.line - b.line || (a.section ? -1 : 1));
    const settle = (entry: (typeof stack)[number]) => {
      // A section that no fact claimed gets its heading object.
      if (entry.section && entry.node.object === '')
        entry.node.object = headingObject(d, entry.section.anchor, markdownToPlain(entry.section.title));
    };
    for (const item of items) {
      if (item.section) {
        const s = item.section;
        if (s.depth === 1 && !titled) {
          titled = true;
          continue;
        }
        while (stack.length > 1 && (stack[stack.length - 1] as (typeof stack)[number]).depth >= s.depth)
          settle(stack.pop() as (typeof stack)[number]);
        const node: Node = { object: '', children: [] };
        (stack[stack.length - 1] as (typeof stack)[number]).node.children.push(node);
        const entry = { depth: s.depth, node, section: { anchor: s.anchor, title: s.title, lead: false } };
        stack.push(entry);
        continue;
      }
      const f = item.fact as ExportFact;
      const top = stack[stack.length - 1] as (typeof stack)[number];
      const marked = f.attributes.some((a) => a.key === REQIF_HEADING_KEY && a.value !== 'no');
      if (top.section && top.node.object === '' && top.node.children.length === 0 && marked) {
        top.node.object = objectOf.get(f.address) as string;
        top.section.lead = true;
        factObject(f, markdownToPlain(top.section.title));
      } else {
        top.node.children.push({ object: objectOf.get(f.address) as string, children: [] });
        factObject(f);
      }
    }
    while (stack.length > 1) settle(stack.pop() as (typeof stack)[number]);
    specifications.push({
      doc: d,
      id: claim(ncName(`spec-${d.doc.replace(/\//g, '.')}`)),
      children: root.children,
    });
  }

  const relationTypes = new Map<string, string>();
  const relations: string[] = [];
  for (const d of model.documents) {
    for (const f of d.facts) {
      for (const l of f.links) {
        if (!relationTypes.has(l.kind)) relationTypes.set(l.kind, claim(`type-${l.kind}`));
        const source = objectOf.get(f.address) as string;
        const target = objectOf.get(l.target) as string;
        relations.push(
          `<SPEC-RELATION IDENTIFIER="${claim(ncName(`${source}.${l.kind}.${target}`))}" LAST-CHANGE="${time}"><SOURCE><SPEC-OBJECT-REF>${source}</SPEC-OBJECT-REF></SOURCE><TARGET><SPEC-OBJECT-REF>${target}</SPEC-OBJECT-REF></TARGET><TYPE><SPEC-RELATION-TYPE-REF>${relationTypes.get(l.kind)}</SPEC-RELATION-TYPE-REF></TYPE></SPEC-RELATION>`,
        );
      }
    }
  }

  const hierarchy = (nodes: Node[]): string =>
    nodes
      .map(
        (n) =>
          `<SPEC-HIERARCHY IDENTIFIER="${claim(`h-${n.object}`)}" LAST-CHANGE="${time}"><OBJECT><SPEC-OBJECT-REF>${n.object}</SPEC-OBJECT-REF></OBJECT>${
            n.children.length > 0 ? `<CHILDREN>${hierarchy(n.children)}</CHILDREN>` : ''
          }</SPEC-HIERARCHY>`,
      )
      .join('\n');

  const definition = (name: string, kind: 'string' | 'xhtml', id: string) =>
    kind === 'string'
      ? `<ATTRIBUTE-DEFINITION-STRING IDENTIFIER="${id}" LAST-CHANGE="${time}" LONG-NAME="${escapeXml(name)}"><TYPE><DATATYPE-DEFINITION-STRING-REF>dt-string</DATATYPE-DEFINITION-STRING-REF></TYPE></ATTRIBUTE-DEFINITION-STRING>`
      : `<ATTRIBUTE-DEFINITION-XHTML IDENTIFIER="${id}" LAST-CHANGE="${time}" LONG-NAME="${escapeXml(name)}"><TYPE><DATATYPE-DEFINITION-XHTML-REF>dt-xhtml</DATATYPE-DEFINITION-XHTML-REF></TYPE></ATTRIBUTE-DEFINITION-XHTML>`;
  const factDefinitions = [
    ...FACT_ATTRIBUTES.map(([name, kind]) => definition(name, kind, def(name))),
    ...[...typed.values()].map((t) => t.definition),
  ];

  return `<?xml version="1.0" encoding="UTF-8"?>
<REQ-IF xmlns="${REQIF_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">
<THE-HEADER>
<REQ-IF-HEADER IDENTIFIER="factline-header">
<CREATION-TIME>${time}</CREATION-TIME>
<REQ-IF-TOOL-ID>${escapeXml(options.tool)}</REQ-IF-TOOL-ID>
<REQ-IF-VERSION>1.0</REQ-IF-VERSION>
<SOURCE-TOOL-ID>${escapeXml(options.tool)}</SOURCE-TOOL-ID>
<TITLE>${escapeXml(options.title)}</TITLE>
</REQ-IF-HEADER>
</THE-HEADER>
<CORE-CONTENT>
<REQ-IF-CONTENT>
<DATATYPES>
<DATATYPE-DEFINITION-STRING IDENTIFIER="dt-string" LAST-CHANGE="${time}" LONG-NAME="String" MAX-LENGTH="1000000"/>
<DATATYPE-DEFINITION-XHTML IDENTIFIER="dt-xhtml" LAST-CHANGE="${time}" LONG-NAME="XHTML"/>
${[...typed.values()].flatMap((t) => (t.datatype ? [t.datatype] : [])).join('\n')}
</DATATYPES>
<SPEC-TYPES>
<SPEC-OBJECT-TYPE IDENTIFIER="type-fact" LAST-CHANGE="${time}" LONG-NAME="factline fact"><SPEC-ATTRIBUTES>
${factDefinitions.join('\n')}
</SPEC-ATTRIBUTES></SPEC-OBJECT-TYPE>
<SPEC-OBJECT-TYPE IDENTIFIER="type-heading" LAST-CHANGE="${time}" LONG-NAME="factline heading"><SPEC-ATTRIBUTES>
${definition('ReqIF.ChapterName', 'string', headingChapter)}
</SPEC-ATTRIBUTES></SPEC-OBJECT-TYPE>
${[...relationTypes].map(([kind, id]) => `<SPEC-RELATION-TYPE IDENTIFIER="${id}" LAST-CHANGE="${time}" LONG-NAME="${kind}"/>`).join('\n')}
<SPECIFICATION-TYPE IDENTIFIER="type-specification" LAST-CHANGE="${time}" LONG-NAME="factline document"/>
</SPEC-TYPES>
<SPEC-OBJECTS>
${objects.join('\n')}
</SPEC-OBJECTS>
<SPEC-RELATIONS>
${relations.join('\n')}
</SPEC-RELATIONS>
<SPECIFICATIONS>
${specifications
  .map(
    (s) =>
      `<SPECIFICATION IDENTIFIER="${s.id}" LAST-CHANGE="${time}" LONG-NAME="${escapeXml(s.doc.title)}">${
        s.children.length > 0 ? `<CHILDREN>\n${hierarchy(s.children)}\n</CHILDREN>` : ''
      }<TYPE><SPECIFICATION-TYPE-REF>type-specification</SPECIFICATION-TYPE-REF></TYPE></SPECIFICATION>`,
  )
  .join('\n')}
</SPECIFICATIONS>
</REQ-IF-CONTENT>
</CORE-CONTENT>
</REQ-IF>
`;
}
