/**
 * The report's graph of links per document, as inline SVG (no script, no
 * network): each fact of the document that links or is linked, with the
 * facts across the link, laid out by level (the most general on the left),
 * each edge drawn by kind and struck through when it does not count; nodes
 * take their state's colour and open the fact. Checkboxes filter by link
 * kind and dim the facts without a gap, by CSS alone. Pure.
 */

import type { FactTrace, JudgedLink, TraceResult } from '../../model.ts';
import { FACT_STATES } from '../../states.ts';
import { escapeHtml as e } from '../escape/html.ts';

const W = 230;
const H = 34;
const GAP_X = 60;
const GAP_Y = 14;

/** One `<details>` per document with links, in document order; empty when no fact links. */
// @implements chains#REPORT-CHAIN-GRAPH
export function renderChainGraphs(result: TraceResult): string {
  const links = (result.links ?? []).filter((l) => l.resolved !== undefined);
  if (links.length === 0) return '';
  const byAddress = new Map(result.facts.map((f) => [f.address, f]));
  const out: string[] = [];
  for (const doc of result.documents) {
    const own = links.filter(
      (l) => byAddress.get(l.from)?.doc === doc.doc || byAddress.get(l.resolved!)?.doc === doc.doc,
    );
    if (own.length > 0) out.push(graph(doc.doc, own, byAddress));
  }
  return `<section id="chains" class="chains" aria-label="Chain graphs"><h2>Chains</h2>${out.join('')}</section>`;
}

function graph(doc: string, links: JudgedLink[], byAddress: Map<string, FactTrace>): string {
  const nodes = [...new Set(links.flatMap((l) => [l.from, l.resolved!]))].filter((a) => byAddress.has(a));
  const up = new Map<string, string[]>();
  for (const l of links) if (l.kind !== 'conflicts') up.set(l.from, [...(up.get(l.from) ?? []), l.resolved!]);
  // Level: 0 for a fact that refines nothing here, else one past the deepest fact it refines (a circle stops).
  const level = new Map<string, number>();
  const levelOf = (a: string, seen: Set<string>): number => {
    const known = level.get(a);
    if (known !== undefined) return known;
    if (seen.has(a)) return 0;
    seen.add(a);
    const parents = (up.get(a) ?? []).filter((p) => nodes.includes(p));
    const n = parents.length === 0 ? 0 : 1 + Math.max(...parents.map((p) => levelOf(p, seen)));
    level.set(a, n);
    return n;
  };
  for (const a of nodes) levelOf(a, new Set());
  const rows = new Map<number, string[]>();
  for (const a of nodes) rows.set(level.get(a)!, [...(rows.get(level.get(a)!) ?? []), a]);
  const at = new Map<string, { x: number; y: number }>();
  for (const [col, list] of rows)
    for (const [i, a] of list.entries()) at.set(a, { x: 10 + col * (W + GAP_X), y: 10 + i * (H + GAP_Y) });
  const width = 20 + (Math.max(...rows.keys()) + 1) * (W + GAP_X) - GAP_X;
  const height = 20 + Math.max(...[...rows.values()].map((l) => l.length)) * (H + GAP_Y) - GAP_Y;
  const edges = links
    .filter((l) => at.has(l.from) && at.has(l.resolved!))
    .map((l) => {
      const a = at.get(l.from)!;
      const b = at.get(l.resolved!)!;
      const [x1, y1, x2, y2] = [a.x, a.y + H / 2, b.x + W, b.y + H / 2];
      const cls = `edge e-${l.kind}${l.counted || l.kind === 'conflicts' ? '' : ' e-broken'}`;
      const title = `${l.from} ${l.kind} ${l.resolved}${l.counted ? '' : l.problem ? ` (does not count: ${l.problem})` : ''}`;
      return `<g class="${cls}"><title>${e(title)}</title><path d="M${x1} ${y1} C${x1 - GAP_X / 2} ${y1} ${x2 + GAP_X / 2} ${y2} ${x2} ${y2}"/></g>`;
    });
  const boxes = nodes.map((a) => {
    const f = byAddress.get(a)!;
    const p = at.get(a)!;
    const label = a.length > 32 ? `${a.slice(0, 31)}…` : a;
    return `<a href="#${e(`${f.doc}:${f.id}`)}" class="node s-${f.state} ${f.gap ? 'n-gap' : 'n-ok'}"><title>${e(`${a} — ${FACT_STATES[f.state]}: ${f.text}`)}</title><rect x="${p.x}" y="${p.y}" width="${W}" height="${H}" rx="5"/><text x="${p.x + 8}" y="${p.y + 14}">${e(label)}</text><text class="state" x="${p.x + 8}" y="${p.y + 28}">${e(FACT_STATES[f.state])}</text></a>`;
  });
  const filters = ['refines', 'derives', 'conflicts']
    .map((k) => `<label><input type="checkbox" class="f-${k}" checked> ${k}</label>`)
    .join('');
  return `<details class="chain-graph" data-doc="${e(doc)}"><summary>${e(doc)}: ${links.length} link(s)</summary><div class="chain-filters" role="group" aria-label="Filter the graph">${filters}<label><input type="checkbox" class="f-gaps"> gaps only</label></div><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${e(`links of ${doc}`)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${edges.join('')}${boxes.join('')}</svg></details>`;
}
