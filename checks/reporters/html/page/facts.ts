/**
 * The rendered specs: every fact unit marked with the state the gate
 * decided, and its evidence (findings, citing code) opened inline under it.
 */
// @implements factline#REPORT-FACTS-MARKED-BY-STATE
// @implements factline#REPORT-SHOWS-CITING-CODE
import type { Citation, CitationOutcome, FactTrace } from '../../../model.ts';
import { fixFor } from '../../../rules.ts';
import { FACT_STATES } from '../../../states.ts';
import { factHash, type PageData } from './data.ts';
import { attr, el } from './dom.ts';
import { documentHead } from './summary.ts';

export class FactViews {
  /** Every decorated fact element, in page order. */
  readonly nodes: HTMLElement[] = [];
  private readonly details = new WeakMap<HTMLElement, HTMLElement>();

  constructor(
    private readonly data: PageData,
    readonly main: HTMLElement,
  ) {}

  articleFor(doc: string): HTMLElement {
    const found = this.main.querySelector<HTMLElement>(`article.doc${attr('data-doc', doc)}`);
    if (found) return found;
    const art = el('article', 'doc');
    art.setAttribute('data-doc', doc);
    art.appendChild(el('div', 'spec'));
    this.main.appendChild(art);
    return art;
  }

  /** Marks every fact unit of the rendered specs, adding the ones the renderer could not place. */
  decorateAll(): void {
    const { data } = this;
    for (const d of data.docs) {
      const art = this.articleFor(d.doc);
      art.insertBefore(
        documentHead(
          d,
          data.facts.filter((f) => f.doc === d.doc),
        ),
        art.firstChild,
      );
    }
    const placed = new Set<string>();
    for (const node of document.querySelectorAll<HTMLElement>('.spec [data-fact]')) {
      const f = data.byAddress.get(node.getAttribute('data-fact') ?? '');
      if (!f || placed.has(f.address)) {
        node.removeAttribute('data-fact');
        continue;
      }
      placed.add(f.address);
      this.decorate(node, f);
    }
    // Facts whose unit the renderer could not find (source missing) still show, from their JSON text.
    for (const d of data.docs) {
      const rest = data.facts.filter((f) => f.doc === d.doc && !placed.has(f.address));
      if (!rest.length) continue;
      const spec = this.articleFor(d.doc).querySelector('.spec');
      if (!spec) continue;
      const h = el('h3', 'unplaced-head', 'Facts not found in the rendered spec');
      h.setAttribute('data-section', '');
      spec.appendChild(h);
      for (const f of rest) {
        const p = el('p', '', f.text);
        p.setAttribute('data-fact', f.address);
        spec.appendChild(p);
        placed.add(f.address);
        this.decorate(p, f);
      }
    }
  }

  private decorate(node: HTMLElement, f: FactTrace): void {
    const label = FACT_STATES[f.state] ?? f.state;
    node.classList.add('fact', `s-${f.state}`);
    node.tabIndex = 0;
    node.setAttribute('role', 'button');
    node.setAttribute('aria-expanded', 'false');
    node.setAttribute('aria-label', `${f.id}, ${label}`);
    node.setAttribute('data-state', f.state);
    node.insertBefore(el('span', 'fact-id', f.id), node.firstChild);
    node.insertBefore(el('span', 'badge', label), node.firstChild);
    this.nodes.push(node);
  }

  factOf(node: Element): FactTrace | undefined {
    return this.data.byAddress.get(node.getAttribute('data-fact') ?? '');
  }

  isOpen(node: HTMLElement): boolean {
    return node.classList.contains('open');
  }

  open(node: HTMLElement): void {
    const f = this.factOf(node);
    if (this.isOpen(node) || !f) return;
    node.classList.add('open');
    node.setAttribute('aria-expanded', 'true');
    const detail = this.buildDetail(f);
    if (node.tagName === 'P') node.after(detail);
    else node.appendChild(detail);
    this.details.set(node, detail);
  }

  close(node: HTMLElement): void {
    if (!this.isOpen(node)) return;
    node.classList.remove('open');
    node.setAttribute('aria-expanded', 'false');
    this.details.get(node)?.remove();
    this.details.delete(node);
  }

  toggle(node: HTMLElement): void {
    if (this.isOpen(node)) {
      this.close(node);
      return;
    }
    this.open(node);
    const f = this.factOf(node);
    if (f) history.replaceState(null, '', factHash(f));
  }

  private buildDetail(f: FactTrace): HTMLElement {
    const box = el('div', 'detail');
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', `Evidence for ${f.address}`);
    const head = el('div', 'detail-head');
    head.appendChild(el('code', '', f.address));
    head.appendChild(el('span', '', `status ${f.status.stage}/${f.status.state}`));
    head.appendChild(el('span', '', `needs ${f.required.length ? f.required.join(' + ') : 'nothing'}`));
    head.appendChild(el('span', '', `${f.file}:${f.line}`));
    const link = el('a', 'permalink', 'link');
    link.href = factHash(f);
    head.appendChild(link);
    box.appendChild(head);
    const findings = this.data.findingsByFact.get(f.address) ?? [];
    if (findings.length) {
      const ul = el('ul', 'findings');
      for (const x of findings) {
        const li = el('li', '', `${x.rule}: ${x.message}`);
        li.appendChild(el('span', 'fix', ` — ${fixFor(x)}`));
        ul.appendChild(li);
      }
      box.appendChild(ul);
    }
    if (!f.citations.length) box.appendChild(el('p', 'none', 'No code cites this fact.'));
    for (const index of f.citations) {
      const c = this.data.citation(index);
      if (c) box.appendChild(this.renderSnippet(c, index));
    }
    return box;
  }

  private renderSnippet(c: Citation, index: number): HTMLElement {
    const fig = el('figure', 'cite');
    const cap = el('figcaption');
    cap.appendChild(el('span', `verb verb-${c.verb}`, c.verb));
    cap.appendChild(el('span', 'where', `${c.file}:${c.line}`));
    const symbol = c.testName ? `test: ${c.testName}` : c.symbol;
    if (symbol) cap.appendChild(el('span', 'symbol', symbol));
    if (c.reason) cap.appendChild(el('span', 'symbol', `reason: ${c.reason}`));
    if (!c.counted) cap.appendChild(el('span', 'uncounted', `not counted${c.pin ? ` (pin ~${c.pin})` : ''}`));
    if (c.outcome) cap.appendChild(outcomeBadge(c.outcome));
    fig.appendChild(cap);
    const snippet = this.data.snippets.get(index);
    if (!snippet) {
      // Beyond the per-fact snippet budget (or unreadable): location only.
      fig.classList.add('no-snippet');
      return fig;
    }
    const pre = el('pre', 'snippet');
    snippet.lines.forEach((line, i) => {
      const n = snippet.startLine + i;
      const span = el('span', `ln${n === c.line ? ' here' : ''}`, line);
      span.setAttribute('data-n', String(n));
      pre.appendChild(span);
    });
    fig.appendChild(pre);
    return fig;
  }

  /** Click opens or closes a fact; Enter/Space toggle, Escape closes, arrows move between visible facts. */
  // @implements factline#REPORT-KEYBOARD-USABLE
  listen(): void {
    this.main.addEventListener('click', (ev) => {
      const t = ev.target;
      if (!(t instanceof Element) || t.closest('.detail') || t.closest('a')) return;
      const node = t.closest<HTMLElement>('[data-fact].fact');
      if (node) this.toggle(node);
    });
    this.main.addEventListener('keydown', (ev) => {
      const node = ev.target;
      if (!(node instanceof HTMLElement) || !node.classList.contains('fact')) return;
      if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        this.toggle(node);
      } else if (ev.key === 'Escape') this.close(node);
      else if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
        const visible = this.nodes.filter((n) => n.offsetParent !== null);
        const next = visible[visible.indexOf(node) + (ev.key === 'ArrowDown' ? 1 : -1)];
        if (next) {
          ev.preventDefault();
          next.focus();
        }
      }
    });
  }
}

/** The citing test's outcome from `--results`, beside its snippet; the failure's first line as a tooltip. */
// @implements evidence#RESULTS-REPORT-SHOWS-OUTCOME
function outcomeBadge(outcome: CitationOutcome): HTMLElement {
  const badge = el('span', `outcome outcome-${outcome.status}`, `test ${outcome.status}`);
  if (outcome.failure) badge.title = outcome.failure;
  return badge;
}
