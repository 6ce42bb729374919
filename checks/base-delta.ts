/**
 * A pull request's view of the gate: the findings of the working tree set
 * against those of its base commit. New findings are the ones the branch
 * brought, fixed ones the ones it removed; each is matched as the baseline
 * matches (rule, file, fact, message; line numbers aside), one for one. Pure.
 */
import { findingIdentity } from './baseline.ts';
import type { Finding, Summary, TraceResult } from './model.ts';
import { verificationFailed } from './rules/verification-failed.ts';
import { verificationSkipped } from './rules/verification-skipped.ts';
import { verificationUnconfirmed } from './rules/verification-unconfirmed.ts';

/** The counts the delta compares, for either side. */
export interface SideCounts {
  facts: number;
  verified: number;
  gaps: number;
  errors: number;
  warnings: number;
}

export interface BaseDelta {
  /** The ref as given, and the commit it named. */
  ref: string;
  commit: string;
  /** Findings of the working tree that the base did not have (infos left out). */
  added: Finding[];
  /** Findings of the base that the working tree no longer has. */
  fixed: Finding[];
  base: SideCounts;
  head: SideCounts;
  /** Why the base side is empty, when it is (no config or spec at the base). */
  baseNote?: string;
  /**
   * Findings of the working tree that depend on test outcomes the base was
   * not given (`--results` without `--base-results`): neither new nor old,
   * and they do not fail the run. Absent when the base had its own results
   * or the working tree none.
   */
  unknownOnBase?: Finding[];
}

/** The rules whose findings only test outcomes raise: with results, these come from the runner's report. */
export const OUTCOME_RULES: readonly string[] = [
  verificationFailed.id,
  verificationSkipped.id,
  verificationUnconfirmed.id,
];

export function sideCounts(summary: Summary): SideCounts {
  return {
    facts: summary.facts,
    verified: summary.states.verified,
    gaps: summary.gaps,
    errors: summary.findings.error,
    warnings: summary.findings.warning,
  };
}

/**
 * A finding's identity across the two sides. An outcome finding's message
 * names the test's line and the runner's failure text, which a re-run or an
 * edit elsewhere in the file changes: it is the same finding when the rule,
 * file and fact are (matched one for one, so a second failing test is new).
 */
function identity(f: Finding): string {
  return OUTCOME_RULES.includes(f.rule) ? JSON.stringify([f.rule, f.file, f.fact]) : findingIdentity(f);
}

/** Findings of `from` not matched, one for one, by a finding of `against`; infos never count. */
function unmatched(from: readonly Finding[], against: readonly Finding[]): Finding[] {
  const left = new Map<string, number>();
  for (const f of against) {
    if (f.severity === 'info') continue;
    const key = identity(f);
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  const out: Finding[] = [];
  for (const f of from) {
    if (f.severity === 'info') continue;
    const key = identity(f);
    const n = left.get(key) ?? 0;
    if (n > 0) left.set(key, n - 1);
    else out.push(f);
  }
  return out;
}

/** The findings of `after` that `before` did not have, and those of `before` that `after` no longer has. */
export function findingsBetween(
  before: readonly Finding[],
  after: readonly Finding[],
): { added: Finding[]; gone: Finding[] } {
  return { added: unmatched(after, before), gone: unmatched(before, after) };
}

/**
 * `base.outcomes`: whether the base was judged with its own test results.
 * When it was not and the working tree was, an outcome finding the base
 * lacks is unknown on the base, not new: the base's tests may have failed
 * the same way (a test already failing on main must not fail a pull request
 * that never touched it). With the base's results it is judged like any
 * other finding, so a test the branch breaks is new.
 */
// @implements engine#BASE-NEW-AND-FIXED
// @implements engine#BASE-RESULTS
export function baseDelta(
  head: TraceResult,
  base: { findings: readonly Finding[]; summary: Summary; outcomes?: boolean },
  ref: { ref: string; commit: string; note?: string },
): BaseDelta {
  const { added, gone } = findingsBetween(base.findings, head.findings);
  const unknown = head.outcomes?.checked === true && base.outcomes !== true;
  const isUnknown = (f: Finding) => unknown && OUTCOME_RULES.includes(f.rule);
  return {
    ref: ref.ref,
    commit: ref.commit,
    added: added.filter((f) => !isUnknown(f)),
    fixed: gone,
    base: sideCounts(base.summary),
    head: sideCounts(head.summary),
    ...(ref.note ? { baseNote: ref.note } : {}),
    ...(unknown ? { unknownOnBase: added.filter(isUnknown) } : {}),
  };
}

/** Exit 1 only for an error the base did not have. */
export function failsAgainstBase(delta: BaseDelta): boolean {
  return delta.added.some((f) => f.severity === 'error');
}
