/**
 * Human report: per document the counts and the gaps (as the trace decided
 * them), then every finding
 * as `file:line:col: severity rule message` with its fix, then deviations.
 * Colour only when the caller says so (TTY and no NO_COLOR).
 */
import type { Finding, OutcomeJoin, OutcomeSummary, Summary, TraceResult } from '../model.ts';
import { fixFor } from '../rules.ts';
import { FACT_STATE_ORDER, FACT_STATES } from '../states.ts';
import { escapeControls as e } from './escape/console.ts';

export interface ConsoleOptions {
  color?: boolean;
  /**
   * The per-document count lines: `all`; `fold` (the default) folds the
   * documents without a gap into one line once there are more than
   * FOLD_ABOVE of them; `none` prints none. Gap lines are always printed.
   */
  documents?: 'all' | 'fold' | 'none';
}

/** Past this many spec documents, those without a gap are counted on one line. */
export const FOLD_ABOVE = 20;

const CODES = { red: 31, yellow: 33, cyan: 36, green: 32, dim: 2, bold: 1 } as const;

function paint(on: boolean) {
  return (code: keyof typeof CODES, text: string) => (on ? `\u001b[${CODES[code]}m${text}\u001b[0m` : text);
}

/** The counts a summary holds, in the state table's order and labels; states no fact is in are left out. */
function counts(s: Summary): string {
  const parts = [`${s.facts} facts`, `${s.required} required`];
  for (const state of FACT_STATE_ORDER) {
    if (s.states[state] > 0) parts.push(`${s.states[state]} ${FACT_STATES[state]}`);
  }
  parts.push(`${s.gaps} gap(s)`);
  return parts.join(', ');
}

/**
 * What a run without results is, said on every such run: the tests were read,
 * not run (docs/policy.md, "Without results the gate is static").
 */
export const STATIC_CHECK_NOTE =
  'static check: tests were read, not run; a citing test counts when its declaration says it runs, whether or not it passes (pass --results FILE to judge by what the runner ran)';

/** Whether tests were joined to their outcomes, and how the citing tests ended. */
// @implements results#RESULTS-SUMMARY-SAYS-UNCHECKED
// @implements results#STATIC-CHECK-SAYS-STATIC
export function outcomeLine(outcomes: OutcomeSummary | undefined): string {
  if (outcomes === undefined || !outcomes.checked) {
    return `test outcomes not checked: ${STATIC_CHECK_NOTE}`;
  }
  const parts = [`${outcomes.passed} passed`, `${outcomes.failed} failed`, `${outcomes.skipped} not run`];
  if (outcomes.unknown > 0) parts.push(`${outcomes.unknown} unconfirmed`);
  const joined = (outcomes.joins ?? []).map(joinLine).join('\n');
  return `test outcomes from ${outcomes.sources.join(', ')}: citing tests ${parts.join(', ')}${joined === '' ? '' : `\n${joined}`}`;
}

/** How one results file named its tests' files: the join key per outcome count, `none` spelt out. */
// @implements results#RESULTS-SAY-THEIR-JOIN-KEY
function joinLine(join: OutcomeJoin): string {
  const keys = Object.entries(join.keys);
  if (keys.length === 0) return `  ${e(join.source)}: no test outcomes`;
  const parts = keys.map(([key, n]) =>
    key === 'none' ? `${n} name no file (these confirm nothing)` : `${n} by ${key}`,
  );
  return `  ${e(join.source)}: joined ${parts.join(', ')}`;
}

/** Rules the config re-graded or turned off: said on every run, so a quiet gate never hides why. */
// @implements trace#CONFIG-RULE-SEVERITY
export function ruleSettingsLine(settings: NonNullable<TraceResult['ruleSettings']>): string {
  return `rules set by the config: ${settings.map((s) => `${s.rule} ${s.setting}`).join(', ')}`;
}

export function formatFinding(f: Finding): string {
  return `${e(f.file)}:${f.line}:${f.column}: ${f.severity} ${f.rule} ${e(f.message)}`;
}

export function renderConsole(result: TraceResult, options: ConsoleOptions = {}): string {
  const c = paint(options.color === true);
  const lines: string[] = [];
  const mode = options.documents ?? 'fold';
  const gapsOf = new Map<string, typeof result.facts>();
  for (const f of result.facts) if (f.gap) gapsOf.set(f.doc, [...(gapsOf.get(f.doc) ?? []), f]);
  const fold = mode === 'none' || (mode === 'fold' && result.documents.length > FOLD_ABOVE);
  let folded = 0;
  // @implements cli#QUIET-SUMMARY
  for (const doc of result.documents) {
    const gaps = gapsOf.get(doc.doc) ?? [];
    if (fold && gaps.length === 0) {
      folded++;
      continue;
    }
    if (mode !== 'none')
      lines.push(`${c('bold', e(doc.doc))} ${c('dim', `(${e(doc.file)})`)}: ${counts(doc.summary)}`);
    for (const g of gaps) lines.push(`  ${c('red', g.state.padEnd(22))} ${e(g.address)}`);
  }
  if (mode === 'fold' && folded > 0)
    lines.push(c('dim', `${folded} more spec(s) with no gap (--verbose lists each)`));
  if (result.findings.length > 0) lines.push('');
  for (const f of result.findings) {
    const colour = f.severity === 'error' ? 'red' : f.severity === 'warning' ? 'yellow' : 'cyan';
    const head = `${e(f.file)}:${f.line}:${f.column}:`;
    lines.push(`${head} ${c(colour, f.severity)} ${f.rule} ${e(f.message)}`);
    lines.push(`  ${c('dim', 'fix:')} ${e(fixFor(f))}`);
  }
  const deviations = result.citations.filter((x) => x.verb === 'deviates' && x.counted);
  if (deviations.length > 0) {
    lines.push('', 'deviations:');
    for (const d of deviations) {
      lines.push(`  ${e(d.file)}:${d.line}:${d.column}: ${e(d.resolved ?? '')} — ${e(d.reason ?? '')}`);
    }
  }
  lines.push('', outcomeLine(result.outcomes));
  if (result.ruleSettings) lines.push(ruleSettingsLine(result.ruleSettings));
  lines.push(verdictLine(result, options));
  return `${lines.join('\n')}\n`;
}

/** The report's last line: OK or FAIL, the counts, the findings by severity. */
export function verdictLine(result: TraceResult, options: ConsoleOptions = {}): string {
  const c = paint(options.color === true);
  const s = result.summary;
  const verdict = s.findings.error > 0 ? c('red', 'FAIL') : c('green', 'OK');
  return `${verdict} ${counts(s)}; ${s.findings.error} error(s), ${s.findings.warning} warning(s), ${s.findings.info} info`;
}
