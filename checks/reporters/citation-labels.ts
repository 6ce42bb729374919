/**
 * What a view says about one citation and about a fact's gap, in words a
 * reader acts on: "test failed" with the test and its first failure line,
 * "test skipped", "not in results", "stale pin"; a current pin is shown as
 * the pin. Pure and free of Node: the report page's script bundles it.
 */
import type { FactTrace, JudgedCitation } from '../model.ts';
import { staleCitation } from '../rules/stale-citation.ts';
import { verificationFailed } from '../rules/verification-failed.ts';
import { verificationSkipped } from '../rules/verification-skipped.ts';
import { FACT_STATES } from '../states.ts';

const quoted = (name: string | undefined) => (name ? ` "${name}"` : '');

/** The note beside a citation, or undefined when it counts and carries no pin. */
// @implements report#REPORT-OUTCOME-LABELS
export function citationLabel(c: JudgedCitation): { text: string; counted: boolean } | undefined {
  const test = c.outcome?.test ?? c.testName;
  if (c.problem === verificationFailed.id) {
    const failure = c.outcome?.failure ? `: ${c.outcome.failure}` : '';
    return { text: `test failed${quoted(test)}${failure}`, counted: false };
  }
  if (c.problem === verificationSkipped.id) {
    return { text: `test ${c.outcome?.status ?? 'skipped'}${quoted(test)}`, counted: false };
  }
  if (c.outcome?.status === 'unknown') return { text: `not in results${quoted(test)}`, counted: c.counted };
  if (c.problem === staleCitation.id) {
    return { text: `stale pin ~${c.pin ?? ''}: the fact changed since it was pinned`, counted: false };
  }
  if (!c.counted) return { text: `not counted: ${c.problem ?? 'see the findings'}`, counted: false };
  if (c.pin !== undefined) return { text: `pinned ~${c.pin}`, counted: true };
  return undefined;
}

/** A fact's badge: its state as the trace decided it (a failed or skipped test is a state of its own). */
export function factLabel(f: FactTrace): string {
  return FACT_STATES[f.state] ?? f.state;
}
