/**
 * What an export writes, made once from the specs and the gate's trace:
 * per document its title, its facts in order (text, status, evidence state,
 * attributes, links resolved to fact addresses) and its headings, so that
 * each format (ReqIF, needs.json) only lays it out. Pure.
 */
import type { LinkKind, SpecSet } from '../../reader/model.ts';
import type { TraceResult } from '../model.ts';

export interface ExportLink {
  kind: LinkKind;
  /** The target fact's address, `doc#ID`. */
  target: string;
}

export interface ExportFact {
  doc: string;
  id: string;
  address: string;
  file: string;
  line: number;
  /** The fact's Markdown text, as the reader normalised it. */
  text: string;
  /** `stage/state`. */
  status: string;
  /** The trace's state (`verified`, `missing-verification`, …; `service`, `void`). */
  state: string;
  /** Evidence the fact needs under the policy in force. */
  required: string[];
  attributes: { key: string; value: string; line?: number; column?: number }[];
  links: ExportLink[];
  /** Anchor of the section it stands in. */
  section?: string;
}

export interface ExportSection {
  anchor: string;
  title: string;
  depth: number;
  line: number;
}

export interface ExportDocument {
  doc: string;
  file: string;
  title: string;
  facts: ExportFact[];
  sections: ExportSection[];
}

export interface ExportModel {
  documents: ExportDocument[];
  /** Links whose target is no fact of the specs, placed: they are left out. */
  unresolved: { file: string; line: number; column: number; target: string }[];
}

/** `spec://NS/DOC` → `DOC`; a bare id is in the linking fact's document. */
function targetAddress(link: { doc?: string; id: string }, from: string): string {
  const doc = link.doc === undefined ? from : link.doc.replace(/^spec:\/\/[^/]+\//, '');
  return `${doc}#${link.id}`;
}

// @implements interchange#EXPORT-REQIF-CONTENT
export function exportModel(set: SpecSet, trace: TraceResult): ExportModel {
  const traced = new Map(trace.facts.map((f) => [f.address, f]));
  const known = new Map<string, string>();
  for (const d of set.documents) {
    for (const f of d.facts) {
      known.set(f.address, f.address);
      // A document that took in others (`@aliases:`) answers to their names too.
      for (const alias of d.aliases ?? []) known.set(`${alias}#${f.id}`, f.address);
    }
  }
  const unresolved: ExportModel['unresolved'] = [];
  const documents = [...set.documents]
    .sort((a, b) => a.doc.localeCompare(b.doc))
    .map((d) => ({
      doc: d.doc,
      file: d.file,
      title: d.title ?? d.doc,
      sections: d.sections.map((s) => ({ anchor: s.anchor, title: s.title, depth: s.depth, line: s.line })),
      facts: d.facts.map((f): ExportFact => {
        const t = traced.get(f.address);
        const links: ExportLink[] = [];
        for (const l of f.links ?? []) {
          const target = known.get(targetAddress(l, f.doc));
          if (target === undefined)
            unresolved.push({ file: f.file, line: l.line, column: l.column, target: l.target });
          else links.push({ kind: l.kind, target });
        }
        return {
          doc: f.doc,
          id: f.id,
          address: f.address,
          file: f.file,
          line: f.line,
          text: f.text,
          status: `${f.status.stage}/${f.status.state}`,
          state: t?.state ?? (f.factClass === 'service' ? 'service' : 'pending'),
          required: t?.required ?? [],
          attributes: (f.attributes ?? []).map((a) => ({
            key: a.key,
            value: a.value,
            line: a.line,
            column: a.column,
          })),
          links,
          ...(f.section !== undefined ? { section: f.section } : {}),
        };
      }),
    }));
  return { documents, unresolved };
}
