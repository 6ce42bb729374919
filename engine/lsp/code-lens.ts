/**
 * The code lens over each fact of a spec: its counted evidence in a few
 * words ("2 impl · 1 test passed"), its gap when it has one, and a command
 * that lists its citations. Pure.
 */
import type { CodeLens, Location, Position } from 'vscode-languageserver';
import { missingImplementation } from '../../checks/rules/missing-implementation.ts';
import { missingRefinement } from '../../checks/rules/missing-refinement.ts';
import { missingVerification } from '../../checks/rules/missing-verification.ts';
import { staleCitation } from '../../checks/rules/stale-citation.ts';
import { FACT_STATES } from '../../checks/states.ts';
import { countEvidence, type FactEvidence, testsPhrase } from './fact-evidence.ts';

/**
 * The command a lens carries: the client shows `locations` as references
 * (docs/editors.md shows the few lines each editor needs). The server does
 * not offer it as an executeCommand of its own: it has nothing to show.
 */
export const SHOW_REFERENCES = 'factline.showReferences';

/** States a lens names after the counts: those where the counts alone do not say the fact is done. */
const NAMED = new Set([
  missingImplementation.id,
  missingVerification.id,
  'missing',
  missingRefinement.id,
  'test-failed',
  'test-skipped',
  'stale',
  'deviated',
  'pending',
]);

export function lensTitle(e: FactEvidence): string {
  const count = countEvidence(e.citations);
  const parts = [`${count.implementing} impl`, testsPhrase(count, e.outcomesChecked)];
  if (count.deviating > 0) parts.push(`${count.deviating} deviation${count.deviating === 1 ? '' : 's'}`);
  const stale = count.notCounted.get(staleCitation.id) ?? 0;
  if (stale > 0) parts.push(`${stale} stale`);
  // The chain in two numbers: how many links the fact writes up, and how many come into it.
  // @implements chains#LSP-SHOWS-CHAIN
  const up = (e.links ?? []).filter((l) => l.from === e.fact.address).length;
  const down = (e.links ?? []).filter((l) => l.resolved === e.fact.address).length;
  if (up > 0) parts.push(`↑ ${up} up`);
  if (down > 0) parts.push(`↓ ${down} refining`);
  const state = e.trace?.state;
  const title = parts.join(' · ');
  if (state === undefined || !NAMED.has(state)) return title;
  // "1 test failed" already says what "test failed" would: the state is named once.
  const label = FACT_STATES[state];
  return title.includes(label) ? title : `${title} — ${label}`;
}

// @implements lsp#CODE-LENS
export function factLens(e: FactEvidence, uri: string, at: Position, locations: Location[]): CodeLens {
  return {
    range: { start: at, end: at },
    command: { title: lensTitle(e), command: SHOW_REFERENCES, arguments: [uri, at, locations] },
  };
}
