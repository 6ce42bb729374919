/**
 * What a report page shows of its specs, worked out in Node: each document
 * the page carries, rendered by html/spec-markup.ts (the module the page's
 * script bundles) with the units the page's gate data names for it marked.
 * The browser tests hold the page's own rendering against this.
 */
import { readGateJson, readPageSpecs } from '../../checks/reporters/html/embed.ts';
import type { PageSpec } from '../../checks/reporters/html/model.ts';
import { renderSpecMarkup } from '../../checks/reporters/html/spec-markup.ts';

/** The ids of a document's units in the page's gate data: its facts and its cited headings. */
export function markedIds(html: string): (doc: string) => Set<string> {
  const result = JSON.parse(readGateJson(html)) as {
    facts: { doc: string; id: string }[];
    headings?: { doc: string; id: string }[];
  };
  const byDoc = new Map<string, Set<string>>();
  for (const unit of [...result.facts, ...(result.headings ?? [])]) {
    const ids = byDoc.get(unit.doc) ?? new Set<string>();
    ids.add(unit.id);
    byDoc.set(unit.doc, ids);
  }
  return (doc) => byDoc.get(doc) ?? new Set();
}

/** Each document of the page with the markup Node renders for it. */
export function pageSpecMarkups(html: string): (PageSpec & { markup: string })[] {
  const ids = markedIds(html);
  return readPageSpecs(html).map((s) => ({ ...s, markup: renderSpecMarkup(s.text, s.doc, ids(s.doc)) }));
}

/** The page's specs' markup, one document after another. */
export function readSpecMarkup(html: string): string {
  return pageSpecMarkups(html)
    .map((s) => s.markup)
    .join('\n');
}
