/**
 * What every answer of the editor server starts from: a loaded project, the
 * URI of each file (the client's own for open buffers), each file's text as
 * a line map, what stands under the cursor, and the evidence of facts.
 */

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Location, Position } from 'vscode-languageserver';
import type { Finding } from '../../checks/model.ts';
import { currentPin, resolveRef } from '../../checks/resolve.ts';
import type { Fact } from '../../reader/model.ts';
import type { EditorProject } from './editor-project.ts';
import type { FactEvidence } from './fact-evidence.ts';
import { type CitationSpan, citationAt, LineMap, tagRange } from './ranges.ts';

/** A fact of a spec at the cursor, or a citation in code. */
export type UnderCursor =
  | { kind: 'fact'; fact: Fact }
  | { kind: 'citation'; span: CitationSpan; fact?: Fact };

export class WorkspaceView {
  private readonly openUris = new Map<string, string>();
  private readonly lineMaps = new Map<string, LineMap>();

  constructor(readonly project: EditorProject) {}

  /** The client's URI of an open buffer is used for it from now on. */
  opened(file: string, uri: string): void {
    this.openUris.set(file, uri);
  }

  closed(file: string): void {
    this.openUris.delete(file);
  }

  openFiles(): string[] {
    return [...this.openUris.keys()];
  }

  uriOf(file: string): string {
    return this.openUris.get(file) ?? pathToFileURL(resolve(this.project.root, file)).href;
  }

  /** The file's text as the project holds it, as lines (undefined when there is none). */
  lines(file: string): LineMap | undefined {
    const text = this.project.textOf(file);
    if (text === undefined) return undefined;
    const known = this.lineMaps.get(file);
    if (known?.text === text) return known;
    const lines = new LineMap(text);
    this.lineMaps.set(file, lines);
    return lines;
  }

  /** The fact whose unit holds the cursor in a spec, or the citation under it in code. */
  at(file: string, position: Position): UnderCursor | undefined {
    const lines = this.lines(file);
    if (lines === undefined) return undefined;
    const doc = this.project.specs.document(file);
    if (doc !== undefined) {
      const line = position.line + 1;
      const fact = doc.facts.find((f) => f.line <= line && line <= f.endLine);
      const heading = doc.sections.find((s) => s.explicitAnchor && s.line === line);
      const unit = fact ?? (heading && this.project.specs.fact(`${doc.doc}#${heading.anchor}`));
      // The first definition: a duplicate id's second unit is the reader's error, not a second fact.
      const first = unit && this.project.specs.fact(unit.address);
      return first ? { kind: 'fact', fact: first } : undefined;
    }
    const span = citationAt(lines, this.project.citationsIn(file), lines.offsetAt(position));
    if (span === undefined) return undefined;
    const fact = this.resolve(span.citation);
    return { kind: 'citation', span, ...(fact ? { fact } : {}) };
  }

  resolve(citation: { doc?: string; id: string; malformed?: string }): Fact | undefined {
    if (citation.malformed !== undefined) return undefined;
    const found = resolveRef(citation, this.project.specs.index);
    return found.kind === 'fact' ? found.fact : undefined;
  }

  /** The pin a citation of `fact` carries now (in the form of `oldPin` when that form still exists). */
  pinOf(fact: Fact, oldPin?: string): string {
    const index = this.project.specs.index;
    return currentPin(fact, index.docs.get(fact.doc), oldPin, index.addressing.profile);
  }

  /** The facts' evidence as the trace judges it now, with the findings about them. */
  evidence(facts: readonly Fact[]): { evidence: Map<string, FactEvidence>; findings: Finding[] } {
    const judged = this.project.judge(facts.map((f) => f.address));
    const evidence = new Map<string, FactEvidence>();
    for (const fact of facts) {
      const trace = judged.facts.get(fact.address);
      evidence.set(fact.address, {
        fact,
        ...(trace ? { trace } : {}),
        citations: judged.citations.filter((c) => c.resolved === fact.address),
        pin: this.pinOf(fact),
        outcomesChecked: this.project.outcomesChecked,
        ...(judged.links.length > 0 ? { links: judged.links } : {}),
      });
    }
    return { evidence, findings: judged.findings };
  }

  /** Where a fact's anchor stands in its spec: the anchor token up to the end of its id. */
  anchorOf(fact: Fact): Location {
    const line = this.lines(fact.file)?.lineText(fact.line - 1) ?? '';
    const from = Math.min(fact.column - 1, line.length);
    const idAt = line.indexOf(fact.id, from);
    const to = idAt === -1 ? line.length : idAt + fact.id.length;
    return {
      uri: this.uriOf(fact.file),
      range: { start: { line: fact.line - 1, character: from }, end: { line: fact.line - 1, character: to } },
    };
  }

  /** Every citation of a fact in the project, open buffers included. */
  citationLocations(fact: Fact): Location[] {
    return this.project.scans
      .citationsOf(fact.address)
      .map(({ file, citation }) => ({ uri: this.uriOf(file), range: tagRange(citation) }));
  }
}
