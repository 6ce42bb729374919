/** The one human line format for diagnostics and findings, so editors and terminals can jump to them. */
import { escapeControls as e, type Severity } from '../engine/index.ts';

export interface Locatable {
  file: string;
  line: number;
  column?: number;
  severity: Severity;
  /** A diagnostic's `code` or a finding's `rule`. */
  code?: string;
  rule?: string;
  message: string;
  fix?: string;
}

/** `file:line:col: severity code message` (no trailing newline). */
export function formatDiagnosticLine(d: Locatable): string {
  return `${e(d.file)}:${d.line}:${d.column ?? 1}: ${d.severity} ${d.code ?? d.rule ?? ''} ${e(d.message)}`;
}

/** The line above plus an indented `fix:` line when there is one. */
export function formatDiagnostic(d: Locatable): string {
  const head = formatDiagnosticLine(d);
  return d.fix ? `${head}\n  fix: ${e(d.fix)}` : head;
}
