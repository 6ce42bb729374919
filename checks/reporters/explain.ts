/** `factline explain`'s text: one fact, its trace state and every citation of it (pure). */
import type { Fact } from '../../reader/model.ts';
import type { FactTrace, JudgedCitation } from '../model.ts';
import { escapeControls as e } from './escape/console.ts';

function citationLine(c: JudgedCitation): string {
  const where =
    c.testName !== undefined && !c.symbol?.includes(c.testName) ? ` (test "${e(c.testName)}")` : '';
  const state = c.counted ? 'counts' : `does not count: ${c.problem ?? 'not counted'}`;
  const pin = c.pin ? ` ~${c.pin}` : '';
  return `  ${e(c.file)}:${c.line}:${c.column}  @${c.verb}${pin}  ${e(c.symbol ?? '(top level)')}${where}  [${state}]${c.reason ? `\n      reason: ${e(c.reason)}` : ''}`;
}

export function renderExplain(fact: Fact, trace: FactTrace | undefined, citations: JudgedCitation[]): string {
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
  ];
  return `${lines.join('\n')}\n`;
}

/** `explain --json`: the fact, the pin to cite it with, its trace, every citation. */
// @implements cli#LINT-EXPLAIN-JSON
export function explainJson(
  fact: Fact,
  trace: FactTrace | undefined,
  citations: JudgedCitation[],
): Record<string, unknown> {
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
  };
}
