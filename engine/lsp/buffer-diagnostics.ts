/**
 * The diagnostics of one open file: a spec's markup problems, a source's or
 * test's citation findings (both as the text stands now, saved or not), and
 * the fact-level gaps computed when the file was last opened or saved.
 */
import type { Diagnostic } from 'vscode-languageserver';
import type { Finding } from '../../checks/model.ts';
import { missingEvidence } from '../../checks/rules/missing-evidence.ts';
import { missingImplementation } from '../../checks/rules/missing-implementation.ts';
import { missingVerification } from '../../checks/rules/missing-verification.ts';
import { findingDiagnostic, findingRange, gapAtCitation, notReadDiagnostic } from './diagnostics.ts';
import { citationSpan } from './ranges.ts';
import type { WorkspaceView } from './workspace-view.ts';

/** Rules of a fact's own gaps (checks/trace.ts raises them at the fact). */
const GAP_RULES = new Set<string>([missingImplementation.id, missingVerification.id, missingEvidence.id]);

/**
 * The gaps of the facts a file cites (code) or defines (a spec), judged over
 * the whole project as it stands.
 */
// @implements lsp#GAPS-ON-SAVE
export function gapsOf(view: WorkspaceView, file: string): Finding[] {
  const { project } = view;
  const doc = project.specs.document(file);
  const facts = doc
    ? doc.facts.map((f) => project.specs.fact(f.address)).filter((f) => f !== undefined)
    : [...project.scans.citedBy(file)].map((a) => project.specs.fact(a)).filter((f) => f !== undefined);
  if (facts.length === 0) return [];
  return view.evidence(facts).findings.filter((f) => GAP_RULES.has(f.rule));
}

/** Everything to publish for `file`; `gaps` from its last open or save. */
// @implements lsp#AS-YOU-TYPE-MARKUP
export function bufferDiagnostics(view: WorkspaceView, file: string, gaps: readonly Finding[]): Diagnostic[] {
  const { project } = view;
  const lines = view.lines(file);
  if (lines === undefined) return [];
  if (project.specs.isSpec(file)) {
    const markup = project
      .markupFindings(file)
      .map((f) => findingDiagnostic(f, lines.wordAt(f.line, f.column)));
    const atFacts = gaps
      .filter((g) => g.file === file)
      .map((g) => findingDiagnostic(g, lines.wordAt(g.line, g.column)));
    return [...markup, ...atFacts];
  }
  const citations = project.citationsIn(file);
  if (!project.isGated(file)) {
    const where = project.config.file ?? 'factline.config.json';
    const globs = [...project.config.sources, ...project.config.tests];
    return citations.map((c) => notReadDiagnostic(citationSpan(lines, c).whole, globs, where));
  }
  const own = project
    .citationFindings(file)
    .map((f) => findingDiagnostic(f, findingRange(lines, f, citations)));
  const scan = project.scans.get(file);
  const atCitations: Diagnostic[] = [];
  if (scan !== undefined && gaps.length > 0) {
    scan.citations.forEach((c, i) => {
      for (const gap of gaps) {
        if (gap.fact === scan.resolved[i]) atCitations.push(gapAtCitation(gap, citationSpan(lines, c).whole));
      }
    });
  }
  return [...own, ...atCitations];
}
