/**
 * The specs' Markdown, rendered in the page: a document is rendered with
 * html/spec-markup.ts (the module Node's tests hold it against) the first time
 * a view needs it, and kept as an inert `<template>` that FactViews clones
 * an article from, then and whenever the document comes back. A page of
 * many documents pays at load only for the one it opens on.
 */
import type { PageSpec } from '../model.ts';
import { renderSpecMarkup } from '../spec-markup.ts';

export class SpecLibrary {
  private readonly byDoc: Map<string, PageSpec>;
  private readonly titles = new Map<string, Map<string, string>>();
  /** Rendered documents: the sanitized markup, and the template it was parsed into once. */
  private readonly rendered = new Map<string, { markup: string; template: HTMLTemplateElement }>();

  constructor(
    specs: readonly PageSpec[],
    /** The ids of a document's units the gate traced (facts and cited headings): only these are marked. */
    private readonly idsOf: (doc: string) => ReadonlySet<string>,
  ) {
    this.byDoc = new Map(specs.map((s) => [s.doc, s]));
    for (const s of specs) this.titles.set(s.doc, new Map(s.sections));
  }

  /** The title the reader gave a section of a document (for the summary), without rendering it. */
  sectionTitle(doc: string, anchor: string): string | undefined {
    return this.titles.get(doc)?.get(anchor);
  }

  /**
   * The document's markup as html/spec-markup.ts writes it: raw HTML as code
   * text, images as their alt text, then rehype-sanitize, all here in the page
   * before anything of it reaches the DOM. Rendered once; undefined when the
   * page carries no source for `doc`.
   */
  // @implements report#REPORT-RENDERS-SPECS-IN-PAGE
  // @implements report#REPORT-SPEC-TEXT-CANNOT-RUN-SCRIPT
  markup(doc: string): string | undefined {
    return this.render(doc)?.markup;
  }

  /** A fresh copy of the document's article (its markup under the page's wrappers), or null without a source. */
  article(doc: string): HTMLElement | null {
    const article = this.render(doc)?.template.content.firstElementChild;
    return article ? (document.importNode(article, true) as HTMLElement) : null;
  }

  private render(doc: string): { markup: string; template: HTMLTemplateElement } | undefined {
    const kept = this.rendered.get(doc);
    if (kept) return kept;
    const spec = this.byDoc.get(doc);
    if (!spec) return undefined;
    const start = performance.now();
    const markup = renderSpecMarkup(spec.text, spec.doc, this.idsOf(doc));
    // A template's content is inert: nothing in it loads or runs, and the sanitizer has already been over it.
    const template = document.createElement('template');
    template.innerHTML = `<article class="doc"><div class="spec">\n${markup}\n</div></article>`;
    const article = template.content.firstElementChild;
    article?.setAttribute('data-doc', spec.doc);
    article?.setAttribute('aria-label', spec.file);
    // bench/report.ts reads how long each document took to render from these measures.
    performance.measure(`factline-render ${doc}`, { start });
    const entry = { markup, template };
    this.rendered.set(doc, entry);
    return entry;
  }
}
