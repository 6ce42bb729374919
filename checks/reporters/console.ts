/**
 * Human report: per document the counts and the gaps, then every finding
 * as `file:line:col: severity rule message` with its fix, then deviations.
 * Colour only when the caller says so (TTY and no NO_COLOR).
 */
import type { Finding, OutcomeSummary, Summary, TraceResult } from '../model.ts';

export interface ConsoleOptions {
  color?: boolean;
}

const CODES = { red: 31, yellow: 33, cyan: 36, green: 32, dim: 2, bold: 1 } as const;

function paint(on: boolean) {
  return (code: keyof typeof CODES, text: string) => (on ? `\u001b[${CODES[code]}m${text}\u001b[0m` : text);
}

function counts(s: Summary): string {
  const parts = [
    `${s.facts} facts`,
    `${s.required} required`,
    `${s.implemented} implemented`,
    `${s.verified} verified`,
  ];
  if (s.missingImplementation) parts.push(`${s.missingImplementation} missing implementation`);
  if (s.missingVerification) parts.push(`${s.missingVerification} missing verification`);
  if (s.stale) parts.push(`${s.stale} with stale citations`);
  if (s.deviated) parts.push(`${s.deviated} deviated`);
  if (s.pending) parts.push(`${s.pending} pending`);
  if (s.service) parts.push(`${s.service} service units`);
  return parts.join(', ');
}

/** Whether tests were joined to their outcomes, and how the citing tests ended. */
// @implements evidence#RESULTS-SUMMARY-SAYS-UNCHECKED
export function outcomeLine(outcomes: OutcomeSummary | undefined): string {
  if (outcomes === undefined || !outcomes.checked) {
    return 'test outcomes not checked: citing tests count whether or not they pass (pass --results FILE)';
  }
  const parts = [`${outcomes.passed} passed`, `${outcomes.failed} failed`, `${outcomes.skipped} not run`];
  if (outcomes.unknown > 0) parts.push(`${outcomes.unknown} not in the results`);
  return `test outcomes from ${outcomes.sources.join(', ')}: citing tests ${parts.join(', ')}`;
}

export function formatFinding(f: Finding): string {
  return `${f.file}:${f.line}:${f.column}: ${f.severity} ${f.rule} ${f.message}`;
}

export function renderConsole(result: TraceResult, options: ConsoleOptions = {}): string {
  const c = paint(options.color === true);
  const lines: string[] = [];
  for (const doc of result.documents) {
    lines.push(`${c('bold', doc.doc)} ${c('dim', `(${doc.file})`)}: ${counts(doc.summary)}`);
    const gaps = result.facts.filter(
      (f) =>
        f.doc === doc.doc &&
        f.state !== 'verified' &&
        f.state !== 'implemented' &&
        f.required.length > 0 &&
        f.state !== 'deviated',
    );
    for (const g of gaps) lines.push(`  ${c('red', g.state.padEnd(22))} ${g.address}`);
  }
  if (result.findings.length > 0) lines.push('');
  for (const f of result.findings) {
    const colour = f.severity === 'error' ? 'red' : f.severity === 'warning' ? 'yellow' : 'cyan';
    const head = `${f.file}:${f.line}:${f.column}:`;
    lines.push(`${head} ${c(colour, f.severity)} ${f.rule} ${f.message}`);
    if (f.fix) lines.push(`  ${c('dim', 'fix:')} ${f.fix}`);
  }
  const deviations = result.citations.filter((x) => x.verb === 'deviates' && x.counted);
  if (deviations.length > 0) {
    lines.push('', 'deviations:');
    for (const d of deviations) lines.push(`  ${d.file}:${d.line}:${d.column}: ${d.resolved} — ${d.reason}`);
  }
  const s = result.summary;
  const verdict = s.findings.error > 0 ? c('red', 'FAIL') : c('green', 'OK');
  lines.push(
    '',
    outcomeLine(result.outcomes),
    `${verdict} ${counts(s)}; ${s.findings.error} error(s), ${s.findings.warning} warning(s), ${s.findings.info} info`,
  );
  return `${lines.join('\n')}\n`;
}
