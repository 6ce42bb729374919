/**
 * The rendered specs: every fact unit marked with the state the gate
 * decided, and its evidence (findings, citing code) opened inline under it.
 */
// @implements report#REPORT-FACTS-MARKED-BY-STATE
// @implements report#REPORT-SHOWS-CITING-CODE
import { reach } from '../../../chain.ts';
import type { CitationOutcome, FactTrace, JudgedCitation, JudgedLink } from '../../../model.ts';
import { fixFor } from '../../../rules.ts';
import { citationLabel, factLabel } from '../../citation-labels.ts';
import { factHash, type PageData } from './data.ts';
import { attr, el } from './dom.ts';
import type { SpecLibrary } from './specs.ts';
import { documentHead } from './summary.ts';

export class FactViews {
  /** Every decorated fact element, in page order. */
  nodes: HTMLElement[] = [];
  private readonly details = new WeakMap<HTMLElement, HTMLElement>();
  /**
   * One placeholder per document, in page order, holding the document's
   * place while it is not rendered: shown (with an estimated height) when the
   * document is wanted on a long view, so scrolling brings it near and
   * `onNear` renders it.
   */
  private readonly stubs = new Map<string, HTMLElement>();
  private readonly observer: IntersectionObserver | null;
  /** Called when a wanted, unrendered document scrolls near the viewport. */
  onNear: (doc: string) => void = () => {};

  constructor(
    private readonly data: PageData,
    private readonly specs: SpecLibrary,
    readonly main: HTMLElement,
  ) {
    this.observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => this.near(entries), { rootMargin: '600px 0px' })
        : null;
    for (const d of data.docs) {
      const stub = el('div', 'doc-stub');
      stub.setAttribute('data-doc', d.doc);
      stub.appendChild(el('strong', '', d.doc));
      this.stubs.set(d.doc, stub);
      main.appendChild(stub);
      this.observer?.observe(stub);
    }
  }

  private near(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      const doc = entry.target.getAttribute('data-doc') ?? '';
      if (entry.isIntersecting && entry.target.classList.contains('wanted') && !this.shown.has(doc)) {
        this.onNear(doc);
      }
    }
  }

  /** Documents whose article is in the DOM: only those are ever rendered (lazy). */
  private readonly shown = new Set<string>();

  /** The document's article, rendered from its Markdown the first time (page/specs.ts) or empty, in its stub's place. */
  private articleFor(doc: string): HTMLElement {
    let art = this.specs.article(doc);
    if (!art) {
      art = el('article', 'doc');
      art.setAttribute('data-doc', doc);
      art.appendChild(el('div', 'spec'));
    }
    const stub = this.stubs.get(doc);
    if (stub) stub.before(art);
    else this.main.appendChild(art);
    return art;
  }

  /** Whether a document's facts are in the DOM. */
  isShown(doc: string): boolean {
    return this.shown.has(doc);
  }

  /** The rendered article of a document, if it is in the DOM. */
  article(doc: string): HTMLElement | null {
    return this.shown.has(doc)
      ? this.main.querySelector<HTMLElement>(`article.doc${attr('data-doc', doc)}`)
      : null;
  }

  /**
   * Wants a document on a long view without rendering it yet: its stub takes
   * about the room of `facts` facts until it scrolls near (or stops being wanted).
   */
  // @implements report#REPORT-RENDERS-WHAT-IS-NEAR
  want(doc: string, facts: number | null): void {
    const stub = this.stubs.get(doc);
    if (!stub) return;
    stub.classList.toggle('wanted', facts !== null);
    // About a document head, a heading and three lines per fact: near enough that scrolling feels even.
    if (facts !== null) stub.style.minHeight = `${6 + 3 * facts}rem`;
  }

  /**
   * Takes a document out of the DOM (its rendering stays in page/specs.ts): a view
   * that does not want it keeps no nodes of it, so a search over thousands
   * of facts leaves only matching documents in the page.
   */
  drop(doc: string): void {
    const art = this.article(doc);
    if (!art) return;
    this.shown.delete(doc);
    this.nodes = this.nodes.filter((n) => !art.contains(n));
    art.remove();
  }

  /**
   * Puts one document in the DOM and marks its fact units, adding the ones
   * the renderer could not place. Documents are rendered on demand so a
   * tree of thousands of facts opens with one document's worth of nodes.
   */
  // @implements report#REPORT-LAZY-DOCUMENTS
  show(doc: string): void {
    if (this.shown.has(doc)) return;
    const d = this.data.docs.find((x) => x.doc === doc);
    if (!d) return;
    this.shown.add(doc);
    this.want(doc, null);
    const { data } = this;
    const own = data.factsOf(doc);
    const art = this.articleFor(doc);
    art.insertBefore(documentHead(d, own), art.firstChild);
    const placed = new Set<string>();
    for (const node of art.querySelectorAll<HTMLElement>('.spec [data-fact]')) {
      const f = data.byAddress.get(node.getAttribute('data-fact') ?? '');
      if (!f || f.doc !== doc || placed.has(f.address)) {
        node.removeAttribute('data-fact');
        continue;
      }
      placed.add(f.address);
      this.decorate(node, f);
    }
    // Facts whose unit the renderer could not find (source missing) still show, from their JSON text.
    const rest = own.filter((f) => !placed.has(f.address));
    const spec = art.querySelector('.spec');
    if (rest.length && spec) {
      const h = el('h3', 'unplaced-head', 'Facts not found in the rendered spec');
      h.setAttribute('data-section', '');
      spec.appendChild(h);
      for (const f of rest) {
        const p = el('p', '', f.text);
        p.setAttribute('data-fact', f.address);
        spec.appendChild(p);
        this.decorate(p, f);
      }
    }
    this.nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  }

  private decorate(node: HTMLElement, f: FactTrace): void {
    const label = factLabel(f);
    node.classList.add('fact', `s-${f.state}`);
    node.tabIndex = 0;
    node.setAttribute('role', 'button');
    node.setAttribute('aria-expanded', 'false');
    node.setAttribute('aria-label', `${f.id}, ${label}`);
    node.setAttribute('data-state', f.state);
    if (f.state === 'service' && f.citations.length) {
      // @implements report#REPORT-SERVICE-UNIT-CITATIONS
      node.insertBefore(el('span', 'cite-count', `cited ×${f.citations.length}`), node.firstChild);
    }
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
    // @implements chains#REPORT-SHOWS-ATTRIBUTES
    for (const a of f.attributes ?? []) head.appendChild(el('span', 'attribute', `${a.key}=${a.value}`));
    const link = el('a', 'permalink', 'link');
    link.href = factHash(f);
    head.appendChild(link);
    box.appendChild(head);
    const chain = this.buildChain(f);
    if (chain) box.appendChild(chain);
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

  /** The fact's chain: every fact upstream and downstream of it, each with the link that reached it. */
  // @implements chains#REPORT-CHAIN-IN-DETAIL
  private buildChain(f: FactTrace): HTMLElement | null {
    const links = (this.data.result.links ?? []) as JudgedLink[];
    const up = reach(f.address, links, 'up');
    const down = reach(f.address, links, 'down');
    const broken = links.filter((l) => (l.from === f.address || l.resolved === f.address) && !l.counted);
    if (up.length + down.length + broken.length === 0) return null;
    const box = el('div', 'chain');
    const list = (title: string, items: { address: string; depth: number; via: JudgedLink }[]) => {
      if (items.length === 0) return;
      box.appendChild(el('strong', '', `${title} (${items.length})`));
      const ul = el('ul');
      for (const r of items) {
        const li = el('li');
        const target = this.data.byAddress.get(r.address);
        const a = el('a', '', r.address);
        if (target) a.href = factHash(target);
        li.appendChild(a);
        const state = target ? ` — ${target.state}` : '';
        li.appendChild(
          document.createTextNode(
            `${state} · ${r.via.from} ${r.via.kind} ${r.via.resolved}${r.depth > 1 ? ` · ${r.depth} links away` : ''}`,
          ),
        );
        ul.appendChild(li);
      }
      box.appendChild(ul);
    };
    list('Upstream', up);
    list('Downstream', down);
    for (const l of broken) {
      box.appendChild(
        el(
          'p',
          'uncounted',
          `@${l.kind}:${l.target} (${l.from}) does not count${l.problem ? `: ${l.problem}` : ''}`,
        ),
      );
    }
    const r = f.refinement;
    if (r && r.uncovered.length + (r.by.length === 0 ? 1 : 0) > 0) {
      box.appendChild(
        el(
          'p',
          'uncounted',
          `not covered through refinement: ${[...(r.by.length === 0 ? ['no fact refines it with a counted link'] : []), ...r.uncovered.map((u) => u.why)].join('; ')}`,
        ),
      );
    }
    return box;
  }

  private renderSnippet(c: JudgedCitation, index: number): HTMLElement {
    const fig = el('figure', 'cite');
    const cap = el('figcaption');
    cap.appendChild(el('span', `verb verb-${c.verb}`, c.verb));
    cap.appendChild(el('span', 'where', `${c.file}:${c.line}`));
    const symbol = c.testName ? `test: ${c.testName}` : c.symbol;
    if (symbol) cap.appendChild(el('span', 'symbol', symbol));
    if (c.reason) cap.appendChild(el('span', 'symbol', `reason: ${c.reason}`));
    const note = citationLabel(c);
    if (note) cap.appendChild(el('span', note.counted ? 'pin' : 'uncounted', note.text));
    if (c.outcome && c.outcome.status !== 'unknown') cap.appendChild(outcomeBadge(c.outcome));
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
  // @implements report#REPORT-KEYBOARD-USABLE
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
// @implements report#RESULTS-REPORT-SHOWS-OUTCOME
function outcomeBadge(outcome: CitationOutcome): HTMLElement {
  const badge = el('span', `outcome outcome-${outcome.status}`, `test ${outcome.status}`);
  if (outcome.failure) badge.title = outcome.failure;
  return badge;
}
