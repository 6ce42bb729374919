/**
 * Hover text, in Markdown: on a citation, the fact it names with its state
 * and evidence; on a fact in a spec, its citations grouped by verb. Pure.
 */

import { reach } from '../../checks/chain.ts';
import type { Finding, JudgedCitation } from '../../checks/model.ts';
import { staleCitation } from '../../checks/rules/stale-citation.ts';
import { fixFor } from '../../checks/rules.ts';
import type { ScannedCitation } from '../../checks/scan/types.ts';
import { FACT_STATES } from '../../checks/states.ts';
import { countEvidence, type FactEvidence, testsPhrase } from './fact-evidence.ts';

const VERBS = ['implements', 'verifies', 'deviates', 'scope'] as const;

function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function factLines(e: FactEvidence): string[] {
  const { fact } = e;
  const s = fact.status;
  const state = e.trace
    ? FACT_STATES[e.trace.state]
    : 'anchored heading (cited as a unit, judged by nothing)';
  const origin = s.origin === 'own' ? 'own marker' : `from the ${s.origin}`;
  return [
    `**${fact.address}** — ${state}`,
    quoted(fact.text),
    `status \`${s.stage}/${s.state}\` (${origin}) · ${fact.factClass} · defined at \`${fact.file}:${fact.line}\``,
    `digest \`${fact.digest.slice(0, 16)}…\` · cite as \`${fact.address}~${e.pin}\``,
  ];
}

function evidenceLine(e: FactEvidence): string {
  const count = countEvidence(e.citations);
  const held = [...count.notCounted].map(([rule, n]) => `${n} ${rule}`);
  return [
    `evidence counted: ${count.implementing} @implements · ${count.verifying} @verifies · ${count.deviating} @deviates`,
    held.length > 0 ? ` (not counted: ${held.join(', ')})` : '',
    e.trace && e.trace.required.length > 0 ? ` · needs ${e.trace.required.join(', ')}` : '',
  ].join('');
}

function outcomeLines(e: FactEvidence): string[] {
  const verifying = e.citations.filter((c) => c.verb === 'verifies');
  if (!e.outcomesChecked)
    return verifying.length > 0 ? ['test outcomes: not checked (no `results` configured)'] : [];
  if (verifying.length === 0) return [];
  return [
    `tests: ${testsPhrase(countEvidence(e.citations), true)}`,
    ...verifying.map((c) => {
      const o = c.outcome;
      const status = o?.status ?? c.problem ?? 'not run';
      const failure = o?.failure ? ` — ${o.failure}` : '';
      return `- ${status} ${o?.test ? `"${o.test}" ` : ''}\`${c.file}:${c.line}\`${failure}`;
    }),
  ];
}

/** What the one citation under the cursor is worth: its pin, and what stops it counting. */
function thisCitation(citation: ScannedCitation, e: FactEvidence, problem: Finding | undefined): string {
  if (problem?.rule === staleCitation.id)
    return `this citation: pin \`~${citation.pin}\` is **stale** (now \`~${e.pin}\`): the fact was reworded since; it reads as quoted above`;
  if (problem !== undefined) return `this citation does not count: **${problem.rule}** — ${problem.message}`;
  if (citation.pin === undefined)
    return `this citation: not pinned (\`~${e.pin}\` would tie it to this wording)`;
  return `this citation: pin \`~${citation.pin}\` is current`;
}

/** The fact's chain: the facts it refines (up, to the top) and those refining it (down), each link's standing. */
// @implements chains#LSP-SHOWS-CHAIN
function chainLines(e: FactEvidence): string[] {
  const links = e.links ?? [];
  const address = e.fact.address;
  const up = links.filter((l) => l.from === address);
  const down = links.filter((l) => l.resolved === address);
  if (up.length === 0 && down.length === 0) return [];
  const standing = (l: { counted: boolean; problem?: string }) =>
    l.counted ? '' : ` (does not count: ${l.problem})`;
  const lines: string[] = [];
  if (up.length > 0) {
    const above = reach(address, links, 'up').slice(up.length);
    lines.push(
      `serves upstream: ${up.map((l) => `${l.kind} \`${l.resolved ?? l.target}\`${standing(l)}`).join(' · ')}${above.length > 0 ? ` → ${above.map((r) => `\`${r.address}\``).join(', ')}` : ''}`,
    );
  }
  if (down.length > 0)
    lines.push(`refined by: ${down.map((l) => `\`${l.from}\` (${l.kind})${standing(l)}`).join(' · ')}`);
  const r = e.trace?.refinement;
  if (r !== undefined && r.uncovered.length + r.notCounted.length + (r.by.length === 0 ? 1 : 0) > 0)
    lines.push(
      `not covered through refinement: ${[...(r.by.length === 0 ? ['no fact refines it with a counted link'] : []), ...r.uncovered.map((u) => u.why)].join('; ')}`,
    );
  return lines;
}

/** Hover on a citation: the fact, or why the reference names none. */
// @implements lsp#HOVER-CITATION
export function citationHover(
  citation: ScannedCitation,
  evidence: FactEvidence | undefined,
  problem: Finding | undefined,
): string {
  if (evidence === undefined) {
    const why = problem
      ? `**${problem.rule}**: ${problem.message}\n\nfix: ${fixFor(problem)}`
      : 'names no fact';
    return `\`@${citation.verb} ${citation.ref}\` — ${why}`;
  }
  return [
    ...factLines(evidence),
    thisCitation(citation, evidence, problem),
    evidenceLine(evidence),
    ...chainLines(evidence),
    ...outcomeLines(evidence),
  ].join('\n\n');
}

function citationItem(c: JudgedCitation): string {
  const where =
    c.testName !== undefined ? ` "${c.testName}"` : c.symbol !== undefined ? ` \`${c.symbol}\`` : '';
  const verdict = c.counted
    ? c.outcome
      ? `counts, ${c.outcome.status}`
      : 'counts'
    : `does not count: ${c.problem}`;
  return `- \`${c.file}:${c.line}\`${where} — ${verdict}`;
}

/** Hover on a fact in its spec: its state and every citation, grouped by verb. */
// @implements lsp#HOVER-FACT
export function factHover(evidence: FactEvidence): string {
  const groups = VERBS.map((verb) => {
    const cited = evidence.citations.filter((c) => c.verb === verb);
    if (cited.length === 0) return verb === 'scope' ? '' : `**@${verb}** — none`;
    return [`**@${verb}** (${cited.length})`, ...cited.map(citationItem)].join('\n');
  }).filter((g) => g !== '');
  return [...factLines(evidence), evidenceLine(evidence), ...chainLines(evidence), ...groups].join('\n\n');
}
