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
  for (const doc of documents) {
    if (citedDocs.has(doc.doc)) continue;
    // A fact needing only refinement is shown by the facts below it, never by a citation.
    // @implements chains#REFINED-DOCUMENT-NEEDS-NO-CITATION
    const required = facts.filter(
      (f) => f.doc === doc.doc && f.required.some((kind) => kind !== 'refinement'),
    ).length;
    if (required === 0) continue;
    out.push({
      rule: documentUncited.id,
      file: doc.file,
      line: 1,
      column: 1,
      message: `${doc.doc}: none of its ${required} fact(s) that need evidence is cited anywhere; searched: ${globsSearched(searched)}`,
      fix: `cite its facts (e.g. \`@implements ${doc.doc}#ID\`), or check that the globs reach the code that does`,
    });
  }
  return out;
}
