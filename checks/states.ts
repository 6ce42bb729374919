/**
 * A fact's trace state and its gaps: the names, the labels every view shows,
 * and the one tally every count is made from. The trace decides each fact's
 * state and gaps once (checks/trace.ts); the summary, the console, JUnit and
 * the report page count or display those decisions, never re-make them.
 * Pure and free of Node: the report page's script bundles this module.
 */
import { missingImplementation } from './rules/missing-implementation.ts';
import { missingRefinement } from './rules/missing-refinement.ts';
import { missingVerification } from './rules/missing-verification.ts';

/**
 * Each state with the label the console, the page's badges, tiles and chips show, in display order.
 * A fact whose only verifying tests failed (or did not run) is in its own state, not "missing test":
 * its badge, its tile and every count say the same thing.
 */
export const FACT_STATES = {
  verified: 'verified',
  refined: 'covered through refinement',
  implemented: 'implemented only',
  [missingImplementation.id]: 'missing implementation',
  [missingVerification.id]: 'missing test',
  missing: 'missing implementation and test',
  [missingRefinement.id]: 'not covered through refinement',
  'test-failed': 'test failed',
  'test-skipped': 'test skipped',
  stale: 'stale citation',
  deviated: 'deviated',
  pending: 'pending',
  service: 'service unit',
  void: 'void',
} as const satisfies Record<string, string>;

export type FactState = keyof typeof FACT_STATES;

export const FACT_STATE_ORDER = Object.keys(FACT_STATES) as FactState[];

/** A gap is evidence a fact needs and lacks; each kind is also the rule its finding reports (and the state of a fact with that gap alone). */
export type GapKind =
  | typeof missingImplementation.id
  | typeof missingVerification.id
  | typeof missingRefinement.id;

/** What a tally reads of a fact: the trace's decisions, nothing else. */
export interface Tallied {
  state: FactState;
  gap: boolean;
  required: readonly unknown[];
}

export interface FactTally {
  facts: number;
  /** Facts that need evidence under the policy in force. */
  required: number;
  /** Facts with at least one gap. */
  gaps: number;
  /** Facts per state; every state is present, zeros included. */
  states: Record<FactState, number>;
}

export function emptyStateCounts(): Record<FactState, number> {
  const counts = {} as Record<FactState, number>;
  for (const state of FACT_STATE_ORDER) counts[state] = 0;
  return counts;
}

// @implements trace#FACT-STATE-DECIDED-ONCE
export function tallyFacts(facts: readonly Tallied[]): FactTally {
  const tally: FactTally = { facts: 0, required: 0, gaps: 0, states: emptyStateCounts() };
  for (const fact of facts) {
    tally.facts++;
    if (fact.required.length > 0) tally.required++;
    if (fact.gap) tally.gaps++;
    tally.states[fact.state]++;
  }
  return tally;
}
