/**
 * The side panel: totals, the per-document and per-section table, the state
 * bars and the findings no fact owns. Every number is the gate's summary or a
 * tally (checks/states.ts) of the states and gaps the gate decided.
 */
// @implements report#REPORT-SUMMARY-PER-DOCUMENT-AND-SECTION
// @implements trace#FACT-STATE-DECIDED-ONCE
import type { FactTrace } from '../../../model.ts';
import { fixFor, RULES } from '../../../rules.ts';
import { FACT_STATE_ORDER, FACT_STATES, type FactTally, tallyFacts } from '../../../states.ts';
import { isFact, type PageData, type PageDocument } from './data.ts';
import { byId, el } from './dom.ts';
import type { SpecLibrary } from './specs.ts';

type BarPart = 'verified' | 'implemented' | 'gap' | 'other';

/** A bar of the facts' proportions: verified, implemented only, gaps, everything else. */
export function bar(list: readonly FactTrace[]): HTMLElement {
  const counts: Record<BarPart, number> = { verified: 0, implemented: 0, gap: 0, other: 0 };
  for (const f of list) {
    if (f.state === 'verified') counts.verified++;
    else if (f.state === 'implemented') counts.implemented++;
    else if (f.gap) counts.gap++;
    else counts.other++;
  }
  const b = el('div', 'bar');
  b.setAttribute('role', 'img');
  b.setAttribute(
    'aria-label',
    `${counts.verified} verified, ${counts.implemented} implemented only, ${counts.gap} gaps, ${counts.other} other`,
  );
  for (const part of ['verified', 'implemented', 'gap', 'other'] as const) {
    if (!counts[part] || !list.length) continue;
    const i = el('i', `b-${part}`);
    i.style.width = `${(100 * counts[part]) / list.length}%`;
    b.appendChild(i);
  }
  return b;
}

/** The totals tiles: one per state (labels as on the chips) plus facts, needs, gaps and findings. */
// @implements report#REPORT-NUMBERS-AGREE
export function renderTotals(data: PageData): void {
  const s = data.result.summary;
  const gapStates = new Set(data.facts.filter((f) => f.gap).map((f) => f.state));
  const tiles: [key: string, value: number, label: string, tone: string][] = [
    ['facts', s.facts, 'facts', ''],
    ['required', s.required, 'need evidence', ''],
    ...FACT_STATE_ORDER.map((state): [string, number, string, string] => [
      state,
      s.states[state],
      FACT_STATES[state],
      state === 'verified' ? 'ok' : gapStates.has(state) ? 'gap' : '',
    ]),
    ['gaps', s.gaps, 'gaps', s.gaps ? 'gap' : ''],
    ['errors', s.findings.error, 'error findings', s.findings.error ? 'gap' : ''],
    ['warnings', s.findings.warning, 'warnings', ''],
  ];
  const totals = byId('totals');
  for (const [key, value, label, tone] of tiles) {
    const box = el('div', `total ${tone}`);
    const b = el('b', '', value);
    b.setAttribute('data-total', key);
    box.appendChild(b);
    box.appendChild(el('span', '', label));
    totals.appendChild(box);
  }
  const overall = byId('overall-bar');
  overall.appendChild(bar(data.facts));
  overall.setAttribute('data-gaps', String(s.gaps));
}

/** A document's counts: the gate's own summary, else a tally of its facts. */
function documentTally(d: PageDocument, own: readonly FactTrace[]): FactTally {
  return d.summary ?? tallyFacts(own.filter(isFact));
}

export function renderSummaryTable(data: PageData, specs: SpecLibrary): void {
  const tbody = byId('summary-body');
  for (const d of data.docs) {
    const own = data.facts.filter((f) => f.doc === d.doc);
    const ownFacts = own.filter(isFact);
    tbody.appendChild(
      summaryRow('doc-row', d.doc, null, d.doc, `#${d.doc}`, documentTally(d, own), ownFacts),
    );
    const groups = new Map<string, FactTrace[]>();
    for (const f of own) {
      const key = f.section ?? '';
      const list = groups.get(key) ?? [];
      list.push(f);
      groups.set(key, list);
    }
    for (const [key, units] of groups) {
      // A section's row counts its facts; a section holding only cited headings has no row.
      // @implements report#REPORT-COUNTS-FACTS-ONLY
      const list = units.filter(isFact);
      if (list.length === 0) continue;
      // The reader's title of the section: naming it renders no document.
      // @implements report#REPORT-RENDERS-SPECS-IN-PAGE
      const label = (key ? specs.sectionTitle(d.doc, key) : undefined) ?? (key || '(before first heading)');
      tbody.appendChild(
        summaryRow('section-row', d.doc, key, label, `#${d.doc}:${key}`, tallyFacts(list), list),
      );
    }
  }
}

/** One summary table row: a linked name, the counts, the gaps and a bar of the facts' states. */
function summaryRow(
  className: string,
  doc: string,
  section: string | null,
  label: string,
  href: string,
  tally: FactTally,
  list: readonly FactTrace[],
): HTMLTableRowElement {
  const row = el('tr', className);
  row.setAttribute('data-doc', doc);
  if (section !== null) row.setAttribute('data-section', section);
  const name = el('td');
  const link = el('a', '', label);
  link.href = href;
  name.appendChild(link);
  row.appendChild(name);
  row.appendChild(el('td', 'n-facts', tally.facts));
  row.appendChild(el('td', 'n-verified', tally.states.verified));
  row.appendChild(el('td', 'n-implemented', tally.states.implemented));
  row.appendChild(el('td', `gaps${tally.gaps ? ' nonzero' : ''}`, tally.gaps));
  const cell = el('td');
  cell.appendChild(bar(list));
  row.appendChild(cell);
  return row;
}

/** Findings that belong to no fact on the page (unknown ids, spec diagnostics, drift). */
export function renderLooseFindings(data: PageData): void {
  const loose = (data.result.findings ?? []).filter((f) => !f.fact || !data.byAddress.has(f.fact));
  const box = byId('loose-findings');
  if (!loose.length) {
    box.appendChild(el('p', 'empty', 'None.'));
    return;
  }
  const ul = el('ul', 'findings-list');
  for (const f of loose) {
    const li = el('li');
    li.title = `${RULES[f.rule].description}\nfix: ${fixFor(f)}`;
    li.appendChild(el('code', '', `${f.file}:${f.line}:${f.column}`));
    li.appendChild(document.createTextNode(` ${f.severity} ${f.rule} ${f.message}`));
    ul.appendChild(li);
  }
  box.appendChild(ul);
}

/** The heading strip of each document's article. */
// @implements report#REPORT-SERVICE-UNIT-CITATIONS
export function documentHead(d: PageDocument, own: readonly FactTrace[]): HTMLElement {
  const t = documentTally(d, own);
  const head = el('div', 'doc-head');
  head.appendChild(el('strong', '', d.doc));
  head.appendChild(el('span', '', d.file));
  head.appendChild(el('span', '', `${t.facts} facts · ${t.states.verified} verified · ${t.gaps} gaps`));
  // Service units need no evidence, so no state counts their citations: say how many are cited.
  const service = own.filter((f) => isFact(f) && f.state === 'service');
  if (service.length) {
    const cited = service.filter((f) => f.citations.length > 0).length;
    const span = el('span', 'service-count', `${service.length} service units · ${cited} cited`);
    head.appendChild(span);
  }
  return head;
}
