/**
 * The rendered specs enter the page as inert `<template>` elements, one per
 * document; FactViews clones a document's article out of its template only
 * when a view needs it, and the summary reads section headings from them.
 */
import type { RenderedSpec } from '../model.ts';

/**
 * The markup is html/spec-markup.ts's own output, sanitized on the server
 * (raw HTML as code text, no handlers, no javascript: targets) and carried
 * gzipped instead of inline; parsed into a template it stays inert, exactly
 * as the HTML parser would have left it inline. Data (fact text, code) never
 * goes through here: it enters the DOM as text only.
 */
// @implements report#REPORT-SPEC-TEXT-CANNOT-RUN-SCRIPT
export function mountSpecTemplates(main: HTMLElement, specs: readonly RenderedSpec[]): void {
  for (const spec of specs) {
    const template = document.createElement('template');
    template.setAttribute('data-doc', spec.doc);
    template.innerHTML = `<article class="doc"><div class="spec">\n${spec.html}\n</div></article>`;
    const article = template.content.firstElementChild;
    article?.setAttribute('data-doc', spec.doc);
    article?.setAttribute('aria-label', spec.file);
    main.appendChild(template);
  }
}
