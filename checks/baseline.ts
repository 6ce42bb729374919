/**
 * Adopting a gate by ratchet (vibevm's way): today's findings are written to
 * a baseline file; a later check fails only on findings not in it, and says
 * when a baselined one is gone so the baseline can shrink. Pure.
 *
 * A finding is matched by rule, file, fact and message with line numbers
 * taken out, so code moving within a file keeps its baselined finding.
 */
import { withFindings } from './findings.ts';
import type { Finding, TraceResult } from './model.ts';
import { baselineGoneFinding } from './rules/baseline-gone.ts';

export interface BaselineEntry {
  rule: string;
  file: string;
  fact: string | null;
  message: string;
}

export interface Baseline {
  version: 1;
  findings: BaselineEntry[];
}

/** Line and column numbers say where, not what: a moved finding is the same finding. */
function normalise(message: string): string {
  return message.replace(/:\d+(?::\d+)?/g, ':_').replace(/\blines? \d+(?: and \d+)?/g, 'line _');
}

function entryOf(f: Finding): BaselineEntry {
  return { rule: f.rule, file: f.file, fact: f.fact ?? null, message: normalise(f.message) };
}

function keyOf(e: BaselineEntry): string {
  return JSON.stringify([e.rule, e.file, e.fact, e.message]);
}

/** What makes two findings the same one across runs: rule, file, fact and message, line numbers set aside. */
export function findingIdentity(f: Finding): string {
  return keyOf(entryOf(f));
}

/** Today's errors and warnings, sorted, as the baseline file holds them. */
export function baselineOf(result: TraceResult): Baseline {
  const findings = result.findings.filter((f) => f.severity !== 'info').map(entryOf);
  findings.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  return { version: 1, findings };
}

/** Reads a baseline file's JSON; a message naming what is wrong when it is not one. */
export function parseBaseline(raw: unknown): Baseline | string {
  const b = raw as Baseline;
  if (b === null || typeof b !== 'object' || b.version !== 1 || !Array.isArray(b.findings)) {
    return 'not a factline baseline (expected {"version": 1, "findings": [...]}); write one with `factline baseline`';
  }
  for (const [i, e] of b.findings.entries()) {
    if (typeof e?.rule !== 'string' || typeof e.file !== 'string' || typeof e.message !== 'string') {
      return `findings[${i}] needs rule, file and message strings`;
    }
  }
  return b;
}

/**
 * The result with baselined findings taken out, and one `baseline-gone`
 * info per baselined finding that no longer occurs.
 */
// @implements trace#BASELINE-RATCHET
export function applyBaseline(result: TraceResult, baseline: Baseline, baselineFile: string): TraceResult {
  const remaining = new Map<string, number>();
  for (const e of baseline.findings) remaining.set(keyOf(e), (remaining.get(keyOf(e)) ?? 0) + 1);
  const kept: Finding[] = [];
  for (const f of result.findings) {
    const key = keyOf(entryOf(f));
    const left = remaining.get(key) ?? 0;
    if (f.severity !== 'info' && left > 0) remaining.set(key, left - 1);
    else kept.push(f);
  }
  for (const e of baseline.findings) {
    const key = keyOf(e);
    const left = remaining.get(key) ?? 0;
    if (left === 0) continue;
    remaining.set(key, left - 1);
    kept.push(baselineGoneFinding(e, baselineFile));
  }
  return withFindings(result, kept);
}
