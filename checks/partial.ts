/**
 * What a partial run (`check --changed`) can judge. A citation's verdict
 * depends only on its own file and the specs, which a partial run loads
 * whole; a spec's diagnostics only on its text. Whether a fact has the
 * evidence it needs depends on every file, so a run over a subset cannot
 * say. Every rule is placed here (the Record makes the compiler insist), so
 * a new rule cannot slip into partial runs unjudged. Pure.
 */
import { DIAGNOSTIC_CODES } from '../reader/model.ts';
import { countSeverities } from './findings.ts';
import type { Finding, PartialCoverage, TraceResult } from './model.ts';
import { UNIT_RULES, type UnitRuleId } from './rules/index.ts';
import type { RuleId } from './rules.ts';
import { tallyFacts } from './states.ts';

/** `citation`: judged in the scanned files; `spec`: judged in changed spec files; `whole-tree`: not judged. */
export type PartialScope = 'citation' | 'spec' | 'whole-tree';

const GATE_SCOPES: Record<Exclude<RuleId, (typeof DIAGNOSTIC_CODES)[number] | UnitRuleId>, PartialScope> = {
  'unknown-fact': 'citation',
  'unknown-namespace': 'citation',
  'ambiguous-fact': 'citation',
  'stale-citation': 'citation',
  'misplaced-citation': 'citation',
  'deviation-without-reason': 'citation',
  'void-fact-cited': 'citation',
  'verification-failed': 'citation',
  'verification-skipped': 'citation',
  'verification-unconfirmed': 'citation',
  'pin-into-unmarked-unit': 'citation',
  'moved-fact': 'citation',
  'spec-diagnostic': 'spec',
  'missing-implementation': 'whole-tree',
  'missing-verification': 'whole-tree',
  'missing-evidence': 'whole-tree',
  'status-behind-evidence': 'whole-tree',
  'document-uncited': 'whole-tree',
  'nothing-cited': 'whole-tree',
  'stale-exclude': 'whole-tree',
  'generated-drift': 'whole-tree',
  'generated-hand-edit': 'whole-tree',
  'baseline-gone': 'whole-tree',
};

export function partialScope(rule: RuleId): PartialScope {
  const unit = UNIT_RULES.find((u) => u.id === rule);
  if (unit !== undefined) return unit.meta.scope;
  return (DIAGNOSTIC_CODES as readonly string[]).includes(rule)
    ? 'spec'
    : GATE_SCOPES[rule as keyof typeof GATE_SCOPES];
}

/** The rules a partial run leaves to the full one, for the report's note and `--help`. */
export const NOT_JUDGED_IN_PART = (Object.keys(GATE_SCOPES) as (keyof typeof GATE_SCOPES)[]).filter(
  (rule) => GATE_SCOPES[rule] === 'whole-tree',
);

/** Whether a full run's finding is one the partial run covering `scanned` and `specFiles` judges. */
export function judgedInPart(
  finding: Finding,
  scanned: ReadonlySet<string>,
  specFiles: ReadonlySet<string>,
): boolean {
  const scope = partialScope(finding.rule);
  if (scope === 'citation') return scanned.has(finding.file);
  if (scope === 'spec') return specFiles.has(finding.file);
  return false;
}

/**
 * A gate result over a subset of the files, cut to what that subset can
 * judge: the judged findings (summary counted from them alone), the
 * citations of the scanned files, and no per-fact states (they would be
 * computed from partial evidence).
 */
// @implements engine#CHANGED-SAME-VERDICT
export function partialResult(
  result: TraceResult,
  coverage: Omit<PartialCoverage, 'notJudged'>,
): TraceResult {
  const scanned = new Set(coverage.scanned);
  const specFiles = new Set(coverage.specFiles);
  const findings = result.findings.filter((f) => judgedInPart(f, scanned, specFiles));
  return {
    summary: { ...tallyFacts([]), findings: countSeverities(findings) },
    documents: [],
    facts: [],
    citations: result.citations.filter((c) => scanned.has(c.file)),
    findings,
    ...(result.outcomes ? { outcomes: result.outcomes } : {}),
    partial: { ...coverage, notJudged: NOT_JUDGED_IN_PART },
  };
}
