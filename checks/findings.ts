/** The one collector every rule reports through; sorted output for determinism. */

import type { Finding, Summary, TraceResult } from './model.ts';
import type { Raised } from './rules/unit.ts';
import { RULES } from './rules.ts';

export class FindingCollector {
  readonly findings: Finding[] = [];

  add(finding: Raised): void {
    const severity = finding.severity ?? RULES[finding.rule].severity;
    const out: Finding = {
      rule: finding.rule,
      severity,
      ...(finding.fact !== undefined ? { fact: finding.fact } : {}),
      file: finding.file,
      line: finding.line,
      column: finding.column,
      message: finding.message,
      ...(finding.fix !== undefined ? { fix: finding.fix } : {}),
    };
    this.findings.push(out);
  }

  sorted(): Finding[] {
    return [...this.findings].sort(compareFindings);
  }
}

function cmp(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareFindings(a: Finding, b: Finding): number {
  return (
    cmp(a.file, b.file) ||
    cmp(a.line, b.line) ||
    cmp(a.column, b.column) ||
    cmp(a.rule, b.rule) ||
    cmp(a.fact ?? '', b.fact ?? '') ||
    cmp(a.message, b.message)
  );
}

export function countSeverities(findings: Finding[]): Summary['findings'] {
  const out = { error: 0, warning: 0, info: 0 };
  for (const f of findings) out[f.severity]++;
  return out;
}

/** The result with `findings` in place of its own, sorted, and every count of findings made again. */
export function withFindings(result: TraceResult, findings: Finding[]): TraceResult {
  const kept = [...findings].sort(compareFindings);
  const documents = result.documents.map((d) => ({
    ...d,
    summary: { ...d.summary, findings: countSeverities(kept.filter((f) => belongsTo(f, d.doc, d.file))) },
  }));
  return {
    ...result,
    documents,
    findings: kept,
    summary: { ...result.summary, findings: countSeverities(kept) },
  };
}

function belongsTo(f: Finding, doc: string, file: string): boolean {
  return f.fact !== undefined ? f.fact.startsWith(`${doc}#`) : f.file === file;
}
