/**
 * The gate's findings as LSP diagnostics: the rule id is the code, the
 * message is the gate's with its fix (the finding's own, else the rule
 * table's), the severity the gate's. Pure.
 */
import { type Diagnostic, DiagnosticSeverity, type Range } from 'vscode-languageserver';
import type { Finding } from '../../checks/model.ts';
import { fixFor } from '../../checks/rules.ts';
import type { ScannedCitation } from '../../checks/scan/types.ts';
import type { Severity } from '../../reader/model.ts';
import { citationSpan, type LineMap } from './ranges.ts';

export const SOURCE = 'factline';

/** Not a gate rule: a citation in a file the globs do not select, which the gate never reads. */
export const NOT_READ = 'not-read-by-the-gate';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** What a diagnostic carries for the code actions asked about it later. */
export interface DiagnosticData {
  rule: string;
  fact?: string;
}

// @implements lsp#AS-YOU-TYPE-CITATIONS
export function findingDiagnostic(finding: Finding, range: Range, severity?: Severity): Diagnostic {
  const data: DiagnosticData = { rule: finding.rule, ...(finding.fact ? { fact: finding.fact } : {}) };
  return {
    range,
    severity: SEVERITY[severity ?? finding.severity],
    code: finding.rule,
    source: SOURCE,
    message: `${finding.message}\nfix: ${fixFor(finding)}`,
    data,
  };
}

/** Where a finding lands in a buffer: over the citation it names, else over the word at its place. */
export function findingRange(lines: LineMap, finding: Finding, citations: readonly ScannedCitation[]): Range {
  const cited = citations.find((c) => c.line === finding.line && c.column === finding.column);
  return cited ? citationSpan(lines, cited).whole : lines.wordAt(finding.line, finding.column);
}

/** A gap of a fact, shown at a citation of it in code: the gap is the fact's, so it warns. */
// @implements lsp#GAPS-ON-SAVE
export function gapAtCitation(finding: Finding, range: Range): Diagnostic {
  return findingDiagnostic(finding, range, finding.severity === 'error' ? 'warning' : finding.severity);
}

// @implements lsp#OUTSIDE-THE-GLOBS
export function notReadDiagnostic(range: Range, globs: readonly string[], where: string): Diagnostic {
  return {
    range,
    severity: DiagnosticSeverity.Information,
    code: NOT_READ,
    source: SOURCE,
    message: `factline check never reads this file, so this citation counts for nothing: the \`sources\` and \`tests\` globs (${globs.join(', ') || 'none'}) do not select it\nfix: move the citation into a file they select, or add this file's folder to \`sources\` / \`tests\` in ${where}`,
    data: { rule: NOT_READ } satisfies DiagnosticData,
  };
}
