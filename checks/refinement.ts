/**
 * Coverage through levels: a fact whose evidence includes `refinement` is
 * covered only when at least one fact refines it (a counted `@refines:`
 * link) and every fact refining it is covered in turn — its own evidence
 * complete, and its own refinement too when it needs one — to any depth.
 * Runs after every fact's own evidence is judged; adds the gap and the
 * finding, and records on the trace what covers the fact and what does not,
 * which the report and `explain` show. Pure.
 */
import type { Fact } from '../reader/model.ts';
import type { FindingCollector } from './findings.ts';
import type { FactState, FactTrace, JudgedLink, RefinementCoverage } from './model.ts';
import { missingRefinement, missingRefinementFinding } from './rules/missing-refinement.ts';
import { FACT_STATES } from './states.ts';

/** States in which a fact has all the evidence it needs. */
const COVERED: ReadonlySet<FactState> = new Set(['verified', 'implemented', 'refined', 'deviated']);

interface Verdict {
  covered: boolean;
  /** Why not, shortest cause first; empty when covered. */
  why: string[];
}

// @implements chains#COVERAGE-THROUGH-LEVELS
export function coverThroughLevels(
  traces: FactTrace[],
  facts: ReadonlyMap<string, Fact>,
  links: readonly JudgedLink[],
  out: FindingCollector,
): void {
  const byAddress = new Map(traces.map((t) => [t.address, t]));
  const refiners = new Map<string, string[]>();
  const notCounted = new Map<string, { from: string; problem: string }[]>();
  for (const link of links) {
    if (link.kind !== 'refines' || link.resolved === undefined) continue;
    if (link.counted) push(refiners, link.resolved, link.from);
    else if (link.problem !== undefined)
      push(notCounted, link.resolved, { from: link.from, problem: link.problem });
  }
  const verdicts = new Map<string, Verdict | 'visiting'>();
  const needs = (t: FactTrace) => t.required.includes('refinement');

  /** Whether a fact's refinement covers it (only asked of facts needing one). */
  const refinedVerdict = (address: string): Verdict => {
    const known = verdicts.get(address);
    if (known === 'visiting') return { covered: false, why: ['its refinement runs in a circle'] };
    if (known !== undefined) return known;
    verdicts.set(address, 'visiting');
    const by = refiners.get(address) ?? [];
    const why: string[] = [];
    if (by.length === 0) {
      const skipped = notCounted.get(address) ?? [];
      why.push(
        skipped.length === 0
          ? 'no fact refines it'
          : `no fact refines it with a counted link (${skipped.map((s) => `${s.from}: ${s.problem}`).join(', ')})`,
      );
    }
    for (const child of by) {
      const reason = refinerProblem(child);
      if (reason !== undefined) why.push(reason);
    }
    const verdict = { covered: why.length === 0, why };
    verdicts.set(address, verdict);
    return verdict;
  };

  /** Why a refining fact does not cover its parent; undefined when it does. */
  const refinerProblem = (address: string): string | undefined => {
    const t = byAddress.get(address);
    if (t === undefined) return `${address} is not traced`;
    // Its own evidence, judged before this pass (a state this pass set is still a covered one underneath).
    const ownGaps = t.gaps.filter((g) => g !== missingRefinement.id);
    if (ownGaps.length > 0 || !(COVERED.has(t.state) || t.state === missingRefinement.id))
      return `${address} is ${FACT_STATES[t.state]} (${t.status.stage}/${t.status.state})`;
    if (!needs(t)) return undefined;
    const inner = refinedVerdict(address);
    return inner.covered
      ? undefined
      : `${address} is not covered through refinement: ${inner.why.join('; ')}`;
  };

  for (const t of traces) {
    if (!needs(t)) continue;
    const verdict = refinedVerdict(t.address);
    const coverage: RefinementCoverage = {
      by: refiners.get(t.address) ?? [],
      uncovered: (refiners.get(t.address) ?? []).flatMap((child) => {
        const why = refinerProblem(child);
        return why === undefined ? [] : [{ address: child, why }];
      }),
      notCounted: notCounted.get(t.address) ?? [],
    };
    t.refinement = coverage;
    if (verdict.covered) continue;
    t.gaps = [...t.gaps, missingRefinement.id];
    t.gap = true;
    if (COVERED.has(t.state)) t.state = missingRefinement.id;
    const fact = facts.get(t.address);
    if (fact) out.add(missingRefinementFinding(fact, verdict.why));
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
