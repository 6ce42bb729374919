/**
 * One fact with the evidence the trace judged for it: what hover and code
 * lens show. The counting reads the judged citations' own verdicts (counted,
 * problem, outcome); nothing is decided here the trace did not decide. Pure.
 */
import type { FactTrace, JudgedCitation, JudgedLink } from '../../checks/model.ts';
import type { Fact } from '../../reader/model.ts';

export interface FactEvidence {
  fact: Fact;
  /** The trace's verdict (absent for an anchored heading, which the trace does not judge). */
  trace?: FactTrace;
  /** The judged citations of this fact. */
  citations: JudgedCitation[];
  /** The pin a new citation of it would carry. */
  pin: string;
  /** Whether test results were joined to the verifying citations. */
  outcomesChecked: boolean;
  /** The judged links among the facts linked to this one (its chain up and down). */
  links?: JudgedLink[];
}

export interface EvidenceCount {
  /** Counted implementing citations (a module's scope marker included). */
  implementing: number;
  /** Counted verifying citations. */
  verifying: number;
  deviating: number;
  /** Citations that stopped counting, by the rule that stopped them. */
  notCounted: Map<string, number>;
  /** Verifying citations by the outcome of their test (results joined only). */
  tests: Map<string, number>;
}

export function countEvidence(citations: readonly JudgedCitation[]): EvidenceCount {
  const count: EvidenceCount = {
    implementing: 0,
    verifying: 0,
    deviating: 0,
    notCounted: new Map(),
    tests: new Map(),
  };
  for (const c of citations) {
    if (c.counted) {
      if (c.verb === 'verifies') count.verifying++;
      else if (c.verb === 'deviates') count.deviating++;
      else count.implementing++;
    } else if (c.problem !== undefined) {
      count.notCounted.set(c.problem, (count.notCounted.get(c.problem) ?? 0) + 1);
    }
    if (c.verb === 'verifies' && c.outcome !== undefined)
      count.tests.set(c.outcome.status, (count.tests.get(c.outcome.status) ?? 0) + 1);
  }
  return count;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The tests of a fact in a few words: `1 test passed`, `2 tests: 1 passed, 1 failed`, or `1 test` without results. */
export function testsPhrase(count: EvidenceCount, checked: boolean): string {
  if (!checked || count.tests.size === 0) return plural(count.verifying, 'test');
  const total = [...count.tests.values()].reduce((a, b) => a + b, 0);
  const parts = [...count.tests].map(
    ([status, n]) => `${n} ${status === 'unknown' ? 'not in results' : status}`,
  );
  return parts.length === 1
    ? `${plural(total, 'test')} ${parts[0]!.replace(/^\d+ /, '')}`
    : `${plural(total, 'test')}: ${parts.join(', ')}`;
}
