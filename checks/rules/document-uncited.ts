/**
 * document-uncited: a spec with facts that need evidence is not cited
 * anywhere in the globs searched; a whole document without one citation
 * usually means the globs miss its code. The trace asks once the facts are
 * judged, when the scan found some citation (checks/trace.ts).
 */
import type { SpecDocument } from '../../reader/model.ts';
import type { FactTrace, JudgedCitation } from '../model.ts';
import { globsSearched, type Searched } from './nothing-cited.ts';
import type { Raised, RuleUnit } from './unit.ts';

export const documentUncited = {
  id: 'document-uncited',
  meta: {
    severity: 'warning',
    description: 'A spec with facts that need evidence is not cited anywhere in the globs searched.',
    help: 'A whole document without one citation usually means the globs do not reach its code.',
    fix: 'cite its facts, or check that the globs reach the code that does',
    scope: 'whole-tree',
  },
} as const satisfies RuleUnit;

/** One warning per document that has facts needing evidence and no resolved citation of any of them. */
// @implements trace#NO-SILENT-GREEN
export function documentUncitedFindings(
  documents: readonly SpecDocument[],
  facts: readonly FactTrace[],
  citations: readonly JudgedCitation[],
  searched: Searched,
): Raised[] {
  // Each address once: a tree cites the same fact many times, and cutting its doc out every time cost a warm run ~5%.
  const addresses = new Set<string>();
  for (const c of citations) if (c.resolved !== undefined) addresses.add(c.resolved);
  const citedDocs = new Set<string>();
  for (const address of addresses) citedDocs.add(address.slice(0, address.lastIndexOf('#')));
  const out: Raised[] = [];
  const uncited = documents.filter((doc) => !citedDocs.has(doc.doc));
  if (uncited.length === 0) return out;
  // Counted per document in one pass over the facts: a filter per uncited document was documents × facts
  // (90 specs × 100,000 facts cost a warm run a third of a second).
  const required = new Map<string, number>();
  for (const f of facts) {
    // A fact needing only refinement is shown by the facts below it, never by a citation.
    // @implements chains#REFINED-DOCUMENT-NEEDS-NO-CITATION
    if (f.required.some((kind) => kind !== 'refinement')) required.set(f.doc, (required.get(f.doc) ?? 0) + 1);
  }
  for (const doc of uncited) {
    const count = required.get(doc.doc) ?? 0;
    if (count === 0) continue;
    out.push({
      rule: documentUncited.id,
      file: doc.file,
      line: 1,
      column: 1,
      message: `${doc.doc}: none of its ${count} fact(s) that need evidence is cited anywhere; searched: ${globsSearched(searched)}`,
      fix: `cite its facts (e.g. \`@implements ${doc.doc}#ID\`), or check that the globs reach the code that does`,
    });
  }
  return out;
}
