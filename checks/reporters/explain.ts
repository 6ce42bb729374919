/** `factline explain`'s text: one fact, its trace state and every citation of it (pure). */
import type { Fact } from '../../reader/model.ts';
import { chainLinks } from '../chain.ts';
import type { FactTrace, JudgedCitation, JudgedLink } from '../model.ts';
import { missingRefinement } from '../rules/missing-refinement.ts';
import { escapeControls as e } from './escape/console.ts';

function citationLine(c: JudgedCitation): string {
  const where =
    c.testName !== undefined && !c.symbol?.includes(c.testName) ? ` (test "${e(c.testName)}")` : '';
  const state = c.counted ? 'counts' : `does not count: ${c.problem ?? 'not counted'}`;
  const pin = c.pin ? ` ~${c.pin}` : '';
  return `  ${e(c.file)}:${c.line}:${c.column}  @${c.verb}${pin}  ${e(c.symbol ?? '(top level)')}${where}  [${state}]${c.reason ? `\n      reason: ${e(c.reason)}` : ''}`;
}

function linkState(l: JudgedLink): string {
  return l.counted ? 'counts' : `does not count: ${l.problem ?? 'not counted'}`;
}

/** The links up and down, and for a fact needing refinement what covers it and what does not. */
// @implements chains#EXPLAIN-SHOWS-CHAIN
function chainLines(fact: Fact, trace: FactTrace | undefined, links: readonly JudgedLink[]): string[] {
  const { up, down } = chainLinks(fact.address, links);
  const lines: string[] = [];
  if (up.length > 0) {
    lines.push('', `links up (${up.length}):`);
    for (const l of up)
      lines.push(
        `  ${e(l.file)}:${l.line}:${l.column}  @${l.kind} ${e(l.resolved ?? l.target)}${l.pin ? ` ~${l.pin}` : ''}  [${linkState(l)}]`,
      );
  }
  if (down.length > 0) {
    lines.push('', `links down (${down.length}):`);
    for (const l of down)
      lines.push(
        `  ${e(l.from)}  @${l.kind}${l.pin ? ` ~${l.pin}` : ''}  ${e(l.file)}:${l.line}:${l.column}  [${linkState(l)}]`,
      );
  }
  const r = trace?.refinement;
  if (r !== undefined) {
    const covered = !trace!.gaps.includes(missingRefinement.id);
    lines.push('', `refinement: ${covered ? 'covered' : 'not covered'}`);
    if (r.by.length === 0) lines.push('  no fact refines it with a counted link');
    for (const u of r.uncovered) lines.push(`  ${e(u.why)}`);
    for (const n of r.notCounted) lines.push(`  ${e(n.from)}'s link does not count: ${n.problem}`);
  }
  return lines;
}

export function renderExplain(
  fact: Fact,
  trace: FactTrace | undefined,
  citations: JudgedCitation[],
  links: readonly JudgedLink[] = [],
): string {
  const s = fact.status;
  const lines = [
    `${e(fact.address)}${fact.label ? ` [${e(fact.label)}]` : ''}`,
    `  defined at  ${e(fact.file)}:${fact.line}:${fact.column}${fact.section ? ` (section ${e(fact.section)})` : ''}`,
    `  status      ${s.stage}/${s.state} (${s.origin === 'own' ? 'own marker' : `from ${s.origin}`})  ${fact.factClass}`,
    `  digest      ${fact.digest}  (cite as ${e(fact.address)}~${fact.digest.slice(0, 8)})`,
    `  needs       ${trace && trace.required.length > 0 ? trace.required.join(', ') : 'nothing'}`,
    `  state       ${trace?.state ?? 'not traced'}`,
    '',
    `  ${e(fact.text)}`,
    '',
    citations.length === 0 ? 'no citations' : `citations (${citations.length}):`,
    ...citations.map(citationLine),
    ...chainLines(fact, trace, links),
  ];
  return `${lines.join('\n')}\n`;
}

/** `explain --json`: the fact, the pin to cite it with, its trace, every citation. */
// @implements cli#LINT-EXPLAIN-JSON
export function explainJson(
  fact: Fact,
  trace: FactTrace | undefined,
  citations: JudgedCitation[],
  links: readonly JudgedLink[] = [],
): Record<string, unknown> {
  const { up, down } = chainLinks(fact.address, links);
  return {
    address: fact.address,
    file: fact.file,
    line: fact.line,
    column: fact.column,
    status: { stage: fact.status.stage, state: fact.status.state, origin: fact.status.origin },
    class: fact.factClass,
    text: fact.text,
    digest: fact.digest,
    pin: fact.digest.slice(0, 8),
    needs: trace?.required ?? [],
    state: trace?.state ?? null,
    citations: citations.map((c) => ({
      verb: c.verb,
      file: c.file,
      line: c.line,
      column: c.column,
      pin: c.pin ?? null,
      symbol: c.symbol ?? null,
      test: c.outcome?.test ?? c.testName ?? null,
      counted: c.counted,
      problem: c.problem ?? null,
      outcome: c.outcome?.status ?? null,
    })),
    links: {
      up: up.map((l) => linkJson(l)),
      down: down.map((l) => linkJson(l)),
    },
    refinement: trace?.refinement ?? null,
  };
}

function linkJson(l: JudgedLink): Record<string, unknown> {
  return {
    kind: l.kind,
    from: l.from,
    target: l.target,
    resolved: l.resolved ?? null,
    pin: l.pin ?? null,
    file: l.file,
    line: l.line,
    column: l.column,
    counted: l.counted,
    problem: l.problem ?? null,
  };
}
