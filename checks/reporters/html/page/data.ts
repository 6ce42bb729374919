/**
 * The page's view of the embedded data: the gate's TraceResult as `check
 * --json` prints it, the specs' Markdown and the snippets, decoded from their data blocks.
 * Lookups only; no state is decided here.
 */
import type { FactTrace, Finding, JudgedCitation, Summary, TraceResult } from '../../../model.ts';
import { decodeColumns, type Json } from '../columns.ts';
import type { CodeSnippet, PageSpec } from '../model.ts';
import { type PackedSnippets, unpackSnippets } from '../snippet-pack.ts';
import { embeddedText } from './dom.ts';

/** A document row: the gate's summary, or none for facts of a document the result does not list. */
export interface PageDocument {
  doc: string;
  file: string;
  summary: Summary | null;
}

export interface PageData {
  result: TraceResult;
  facts: FactTrace[];
  docs: PageDocument[];
  byAddress: Map<string, FactTrace>;
  snippets: Map<number, CodeSnippet>;
  /** Each spec's Markdown and section titles, rendered when shown (specs.ts). */
  specs: PageSpec[];
  findingsByFact: Map<string, Finding[]>;
  /** A document's facts, in result order. */
  factsOf(doc: string): readonly FactTrace[];
  citation(index: number): JudgedCitation | undefined;
}

/**
 * Whether a unit on the page is a fact: cited headings are shown with their
 * evidence beside the facts but are not facts, so no count of facts holds them.
 */
// @implements report#REPORT-COUNTS-FACTS-ONLY
export function isFact(f: FactTrace): boolean {
  return f.unit !== 'heading';
}

export function readPageData(): PageData {
  const resultText = embeddedText('factline-result');
  const inputsText = embeddedText('factline-inputs');
  const specsText = embeddedText('factline-specs');
  const result = decodeColumns(JSON.parse(resultText) as Json) as unknown as TraceResult;
  const inputs = JSON.parse(inputsText) as { snippets?: PackedSnippets };
  // A cited heading is shown with its evidence, beside the facts of its document (in line order).
  const facts =
    result.headings && result.headings.length > 0
      ? [...result.facts, ...result.headings].sort((a, b) =>
          a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line,
        )
      : result.facts;
  const byAddress = new Map(facts.map((f) => [f.address, f]));
  const unpacked = inputs.snippets ? unpackSnippets(inputs.snippets) : [];
  const snippets = new Map(unpacked.map((s) => [s.citation, s]));
  const findingsByFact = new Map<string, Finding[]>();
  for (const f of result.findings ?? []) {
    if (!f.fact) continue;
    const list = findingsByFact.get(f.fact) ?? [];
    list.push(f);
    findingsByFact.set(f.fact, list);
  }
  const byDoc = new Map<string, FactTrace[]>();
  for (const f of facts) {
    const list = byDoc.get(f.doc) ?? [];
    list.push(f);
    byDoc.set(f.doc, list);
  }
  const docs: PageDocument[] = result.documents.map((d) => ({ ...d }));
  const listed = new Set(docs.map((d) => d.doc));
  for (const [doc, own] of byDoc) {
    if (!listed.has(doc)) docs.push({ doc, file: own[0]!.file, summary: null });
  }
  return {
    result,
    facts,
    docs,
    byAddress,
    snippets,
    specs: JSON.parse(specsText) as PageSpec[],
    findingsByFact,
    factsOf: (doc) => byDoc.get(doc) ?? [],
    citation: (index) => result.citations[index],
  };
}

export function factHash(f: FactTrace): string {
  return `#${f.doc}:${f.id}`;
}
