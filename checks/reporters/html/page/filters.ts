/**
 * Filters (state chips, gaps only, document, search) and deep links. The
 * chips count the gate's summary; "gaps only" reads each fact's gap flag.
 */
// @implements report#REPORT-FILTERS-AND-SEARCH
// @implements report#REPORT-DEEP-LINK-OPENS-FACT
import type { FactTrace } from '../../../model.ts';
import { FACT_STATE_ORDER, FACT_STATES, type FactState } from '../../../states.ts';
import { isFact, type PageData } from './data.ts';
import { attr, byId, el } from './dom.ts';
import type { FactViews } from './facts.ts';

interface Criteria {
  states: Set<string>;
  words: string[];
  gaps: boolean;
  doc: string;
}

const HEADING = /^H([1-6])$/;

/**
 * Facts a view renders at once (whole documents, in page order); the rest of
 * a long view renders as it scrolls near. A few screens' worth, and every
 * document of a small tree.
 */
const EAGER_FACTS = 400;

export class Filters {
  private readonly search = byId<HTMLInputElement>('search');
  private readonly gapsOnly = byId<HTMLInputElement>('gaps-only');
  private readonly docSelect = byId<HTMLSelectElement>('doc-filter');
  private readonly chips = byId('state-chips');
  /** The open document was the page's own pick, not the user's: a search widens to all. */
  private autoDoc = false;
  /** States some fact is in: one chip each. */
  private readonly shownStates: FactState[];

  constructor(
    private readonly data: PageData,
    private readonly views: FactViews,
  ) {
    views.onNear = (doc) => this.renderNow(doc);
    const counts = data.result.summary.states;
    this.shownStates = FACT_STATE_ORDER.filter((state) => counts[state] > 0);
    for (const d of data.docs) {
      const o = el('option', '', d.doc);
      o.value = d.doc;
      this.docSelect.appendChild(o);
    }
    for (const state of this.shownStates) {
      const label = el('label', `chip s-${state}`);
      const box = el('input');
      box.type = 'checkbox';
      box.checked = true;
      box.value = state;
      label.appendChild(box);
      label.appendChild(el('span', 'dot'));
      label.appendChild(document.createTextNode(`${FACT_STATES[state]} ${counts[state]}`));
      this.chips.appendChild(label);
    }
  }

  private chipInputs(): HTMLInputElement[] {
    return [...this.chips.querySelectorAll('input')];
  }

  private criteria(): Criteria {
    return {
      states: new Set(this.chipInputs().flatMap((i) => (i.checked ? [i.value] : []))),
      words: this.search.value.toLowerCase().split(/\s+/).filter(Boolean),
      gaps: this.gapsOnly.checked,
      doc: this.docSelect.value,
    };
  }

  /** Each fact's searchable text, lower-cased once on first search. */
  private readonly hay = new Map<FactTrace, string>();

  private matches(f: FactTrace, c: Criteria): boolean {
    if (c.doc && f.doc !== c.doc) return false;
    // The chips count facts: a cited heading in a state no fact is in has no chip to switch it off.
    if (!c.states.has(f.state) && !(f.unit === 'heading' && !this.shownStates.includes(f.state)))
      return false;
    if (c.gaps && !f.gap) return false;
    if (!c.words.length) return true;
    let hay = this.hay.get(f);
    if (hay === undefined) {
      hay = `${f.address} ${f.text}`.toLowerCase();
      this.hay.set(f, hay);
    }
    return c.words.every((w) => hay.includes(w));
  }

  private keeps(node: HTMLElement, c: Criteria): boolean {
    const f = this.views.factOf(node);
    return f !== undefined && this.matches(f, c);
  }

  /** The criteria of the view on screen, and the documents it wants. */
  private view: { c: Criteria; active: boolean; wanted: Set<string> } | null = null;

  /**
   * Puts the view in the DOM. Only documents the view wants are rendered
   * (a search wants those with a match, a picked document itself, "all"
   * every one); of a long view the first few render now and the rest when
   * they scroll near, so "all" or a wide search on thousands of facts never
   * builds them all at once. Documents the view does not want leave the DOM.
   */
  // @implements report#REPORT-RENDERS-WHAT-IS-NEAR
  // @implements report#REPORT-SEARCH-RENDERS-MATCHES
  apply(): void {
    const c = this.criteria();
    const active = c.gaps || c.words.length > 0 || c.states.size < this.shownStates.length;
    const matched = new Map<string, number>();
    let shown = 0;
    let shownHeadings = 0;
    for (const d of this.data.docs) {
      if (c.doc && d.doc !== c.doc) continue;
      let n = 0;
      for (const f of this.data.factsOf(d.doc)) {
        if (!this.matches(f, c)) continue;
        n++;
        if (isFact(f)) shown++;
        else shownHeadings++;
      }
      if (n > 0 || c.doc || !active) matched.set(d.doc, n);
    }
    this.view = { c, active, wanted: new Set(matched.keys()) };
    let budget = EAGER_FACTS;
    for (const d of this.data.docs) {
      const n = matched.get(d.doc);
      if (n === undefined) {
        this.views.drop(d.doc);
        this.views.want(d.doc, null);
      } else if (this.views.isShown(d.doc) || budget > 0) {
        this.views.show(d.doc);
        budget -= this.data.factsOf(d.doc).length;
      } else {
        this.views.want(d.doc, active ? n : this.data.factsOf(d.doc).length);
      }
    }
    applyToNodes(this.views.nodes, (node) => this.keeps(node, c), c.words.length > 0);
    document.body.classList.toggle('filtering', active);
    for (const art of this.views.main.querySelectorAll('article.doc')) {
      art.classList.toggle('out', !matched.has(art.getAttribute('data-doc') ?? ''));
      quietEmptySections(art, active);
    }
    // Facts only; cited headings, shown beside them, are counted apart.
    // @implements report#REPORT-COUNTS-FACTS-ONLY
    const total = this.data.facts.filter(isFact).length;
    const headings = this.data.facts.length - total;
    const facts = active ? `${shown} of ${total} facts shown` : `${total} facts`;
    const cited =
      headings === 0
        ? ''
        : active
          ? ` · ${shownHeadings} of ${headings} cited headings`
          : ` · ${headings} cited headings`;
    byId('status-line').textContent = `${facts}${cited}`;
  }

  /** Renders one document now under the view on screen (it scrolled near, or a link names it). */
  private renderNow(doc: string): void {
    const view = this.view;
    if (!view || this.views.isShown(doc)) return;
    this.views.show(doc);
    const art = this.views.article(doc);
    if (!art) return;
    const nodes = [...art.querySelectorAll<HTMLElement>('[data-fact].fact')];
    applyToNodes(nodes, (node) => this.keeps(node, view.c), view.c.words.length > 0);
    art.classList.toggle('out', !view.wanted.has(doc));
    quietEmptySections(art, view.active);
  }

  /**
   * The first view: the deep link's document, else the document with the
   * most gaps, else the first one — one document, never the whole tree.
   */
  // @implements report#REPORT-OPENS-ON-MOST-GAPS
  openFirst(): void {
    const raw = decodeURIComponent(location.hash.slice(1));
    const linked = raw.includes(':') ? raw.slice(0, raw.lastIndexOf(':')) : raw;
    if (this.data.docs.some((d) => d.doc === linked)) {
      this.docSelect.value = linked;
      this.autoDoc = true;
    } else if (!raw) {
      const gaps = (doc: string) => this.data.factsOf(doc).filter((f) => f.gap).length;
      let best = this.data.docs[0]?.doc ?? '';
      let most = -1;
      for (const d of this.data.docs) {
        const n = gaps(d.doc);
        if (n > most) {
          most = n;
          best = d.doc;
        }
      }
      this.docSelect.value = best;
      this.autoDoc = true;
    }
    this.apply();
    this.follow();
  }

  /** A search or "gaps only" looks across every document unless the user picked one. */
  private widen(): void {
    if (!this.autoDoc) return;
    this.autoDoc = false;
    this.docSelect.value = '';
  }

  /** Clears every filter when it hides the node. */
  reveal(node: HTMLElement): void {
    if (!node.classList.contains('out') && !node.closest('article.doc.out')) return;
    this.search.value = '';
    this.gapsOnly.checked = false;
    this.docSelect.value = node.closest('article.doc')?.getAttribute('data-doc') ?? '';
    for (const i of this.chipInputs()) i.checked = true;
    this.apply();
  }

  /** #doc:ID opens a fact, #doc:section scrolls to a heading, #doc to a document. */
  // @implements report#REPORT-DEEP-LINK-ON-LONG-PAGE
  follow(): void {
    const main = this.views.main;
    const raw = decodeURIComponent(location.hash.slice(1));
    if (!raw) return;
    const cut = raw.lastIndexOf(':');
    const doc = cut === -1 ? raw : raw.slice(0, cut);
    const id = cut === -1 ? '' : raw.slice(cut + 1);
    // A link into a document not on view opens that document first.
    if (this.data.docs.some((d) => d.doc === doc) && this.docSelect.value && this.docSelect.value !== doc) {
      this.docSelect.value = doc;
      this.autoDoc = true;
      this.apply();
    }
    // On a long view the document may still wait for scrolling: render it now.
    if (this.data.docs.some((d) => d.doc === doc)) this.renderNow(doc);
    const node = id ? main.querySelector<HTMLElement>(attr('data-fact', `${doc}#${id}`)) : null;
    if (node) {
      this.reveal(node);
      this.views.open(node);
      node.scrollIntoView({ block: 'start' });
      node.focus({ preventScroll: true });
      return;
    }
    const art = main.querySelector(`article.doc${attr('data-doc', doc)}`);
    if (!art) {
      // A spec's own in-page link (#anchor) names a section, not a document.
      const heading = cut === -1 ? main.querySelector(attr('data-section', raw)) : null;
      heading?.scrollIntoView({ block: 'start' });
      return;
    }
    const target = id ? art.querySelector(attr('data-section', id)) : art;
    target?.scrollIntoView({ block: 'start' });
  }

  listen(): void {
    const apply = () => this.apply();
    const widen = () => {
      this.widen();
      this.apply();
    };
    this.search.addEventListener('input', widen);
    this.gapsOnly.addEventListener('change', widen);
    this.docSelect.addEventListener('change', () => {
      this.autoDoc = false;
      this.apply();
    });
    this.chips.addEventListener('change', apply);
    this.search.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape') {
        this.search.value = '';
        this.apply();
        this.search.blur();
      }
      if (ev.key === 'Enter') {
        const first = this.views.nodes.find((n) => !n.classList.contains('out'));
        if (first) {
          first.focus();
          first.scrollIntoView({ block: 'center' });
        }
      }
    });
    document.addEventListener('keydown', (ev) => {
      const t = ev.target;
      const typing = t instanceof HTMLElement && ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName);
      if (ev.key === '/' && !typing) {
        ev.preventDefault();
        this.search.focus();
        this.search.select();
      }
    });
    window.addEventListener('hashchange', () => this.follow());
  }
}

/** Marks the blocks that show a fact, and quiets headings with nothing shown below them. */
function quietEmptySections(art: Element, active: boolean): void {
  const spec = art.querySelector('.spec');
  if (!spec) return;
  const blocks = [...spec.children];
  for (const b of blocks) {
    const visible =
      (b.matches('[data-fact]') && !b.classList.contains('out')) ||
      !!b.querySelector('[data-fact]:not(.out)');
    b.classList.toggle('has-visible', visible);
  }
  blocks.forEach((b, i) => {
    const m = HEADING.exec(b.tagName);
    if (!m) return;
    const level = Number(m[1]);
    let any = false;
    for (const next of blocks.slice(i + 1)) {
      const n = HEADING.exec(next.tagName);
      if (n && Number(n[1]) <= level) break;
      if (next.classList.contains('has-visible')) {
        any = true;
        break;
      }
    }
    b.classList.toggle('quiet', active && !any);
  });
}

/**
 * Marks rendered fact nodes in or out of the view. A list item filtered out
 * but holding a nested fact that matches stays, dimmed: hiding it would hide
 * the match too.
 */
function applyToNodes(
  nodes: readonly HTMLElement[],
  keep: (node: HTMLElement) => boolean,
  searching: boolean,
): void {
  for (const node of nodes) {
    const ok = keep(node);
    node.classList.toggle('out', !ok);
    node.classList.toggle('hit', ok && searching);
  }
  for (const node of nodes) {
    const dim = node.classList.contains('out') && !!node.querySelector('[data-fact].fact:not(.out)');
    if (dim) node.classList.remove('out');
    node.classList.toggle('dim', dim);
  }
}
