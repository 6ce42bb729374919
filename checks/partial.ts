/**
 * What a partial run (`check --changed`) can judge. A citation's verdict
 * depends only on its own file and the specs, which a partial run loads
 * whole; a spec's diagnostics only on its text. Whether a fact has the
 * evidence it needs depends on every file, so a run over a subset cannot
 * say. Every rule's unit places it (`meta.scope`, which the unit type insists
 * on), so a new rule cannot slip into partial runs unjudged. Pure.
 */
import { countSeverities } from './findings.ts';
import type { Finding, PartialCoverage, TraceResult } from './model.ts';
import { type PartialScope, RULE_UNITS, type RuleId, ruleUnit } from './rules/index.ts';
import { tallyFacts } from './states.ts';

export type { PartialScope } from './rules/index.ts';

/** Each rule's scope, from its unit's meta. */
export function partialScope(rule: RuleId): PartialScope {
  return ruleUnit(rule)!.meta.scope;
}

/** The rules a partial run leaves to the full one, for the report's note and `--help`. */
export const NOT_JUDGED_IN_PART: RuleId[] = RULE_UNITS.filter((unit) => unit.meta.scope === 'whole-tree').map(
  (unit) => unit.id,
);

// @implements engine#PARTIAL-NEVER-GREENER
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
