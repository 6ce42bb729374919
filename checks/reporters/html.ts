/**
 * The HTML reporter: TraceResult + spec sources + code snippets → one
 * self-contained page (no network, no external assets). Pure. The page carries
 * the result (in columns, html/columns.ts), the rendered specs and the
 * snippets as gzipped data blocks (html/embed.ts) and builds every view from
 * them in the browser, so page and exit code cannot disagree. Its script is
 * typed (html/page/), bundled into html/page-script.ts by support/build-page.ts.
 */
import { createHash } from 'node:crypto';
import type { TraceResult } from '../model.ts';
import { escapeHtml } from './escape/html.ts';
import { renderChainGraphs } from './html/chain-graph.ts';
import { encodeColumns, type Json } from './html/columns.ts';
import { dataBlock, GATE_DATA_ID, INPUTS_ID, SPECS_ID } from './html/embed.ts';
import type { RenderedSpec, ReportInputs, SpecMarkupStore, SpecSource } from './html/model.ts';
import { renderNoscript } from './html/noscript.ts';
import { REPORT_JS } from './html/page-script.ts';
import { packSnippets } from './html/snippet-pack.ts';
import { renderSpecMarkup } from './html/spec-markup.ts';
import { REPORT_CSS } from './html/style.ts';
import { renderJson } from './json.ts';

export type { CodeSnippet, ReportInputs, SpecMarkupStore, SpecSource } from './html/model.ts';

function sha256Base64(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** What a document's markup depends on besides the code: its name, its text and the fact ids marked in it. */
export function markupDigest(spec: SpecSource, ids: ReadonlySet<string>): string {
  return sha256Base64(JSON.stringify([spec.doc, [...ids].sort(), spec.text]));
}

/**
 * A document's markup, from the store when it holds this document rendered
 * from the same inputs: rendering (a full Markdown parse) is most of a
 * report's cost, and most documents are unchanged between two reports.
 */
// @implements report#REPORT-MARKUP-KEPT-BY-DIGEST
function specMarkup(spec: SpecSource, ids: ReadonlySet<string>, store: SpecMarkupStore | undefined): string {
  if (!store) return renderSpecMarkup(spec.text, spec.doc, ids);
  const digest = markupDigest(spec, ids);
  const kept = store.lookup(spec.file, digest);
  if (kept !== undefined) return kept;
  const html = renderSpecMarkup(spec.text, spec.doc, ids);
  store.store(spec.file, digest, html);
  return html;
}

// @implements report#REPORT-SELF-CONTAINED-PAGE
// @implements report#REPORT-SPEC-TEXT-CANNOT-RUN-SCRIPT
export function renderHtmlReport(result: TraceResult, inputs: ReportInputs): string {
  const title = inputs.title ?? 'factline coverage';
  const idsByDoc = new Map<string, Set<string>>();
  // Cited headings are units too: their heading carries their evidence on the page.
  for (const fact of [...result.facts, ...(result.headings ?? [])]) {
    const ids = idsByDoc.get(fact.doc) ?? new Set<string>();
    ids.add(fact.id);
    idsByDoc.set(fact.doc, ids);
  }
  // The page makes each an inert <template> and puts a document in the DOM only when a view needs it.
  const specs: RenderedSpec[] = inputs.specs.map((spec) => ({
    doc: spec.doc,
    file: spec.file,
    html: specMarkup(spec, idsByDoc.get(spec.doc) ?? new Set(), inputs.markup),
  }));
  // Compressed: on a big tree the data would otherwise be most of the page (html/embed.ts).
  const markup = dataBlock(SPECS_ID, JSON.stringify(specs));
  const data = dataBlock(GATE_DATA_ID, JSON.stringify(encodeColumns(JSON.parse(renderJson(result)) as Json)));
  const extra = dataBlock(INPUTS_ID, JSON.stringify({ snippets: packSnippets(inputs.snippets) }));
  // The CSP admits exactly our one script and one stylesheet: even if some
  // markup slipped past the sanitizer, the browser would refuse to run it.
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${sha256Base64(REPORT_JS)}'`,
    `style-src 'sha256-${sha256Base64(REPORT_CSS)}'`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="generator" content="factline">
<title>${escapeHtml(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header class="top">
<h1>${escapeHtml(title)}</h1>
<input id="search" type="search" placeholder="Search ids and fact text  ( / )" aria-label="Search facts by id or text" autocomplete="off">
<div class="controls">
<label><input id="gaps-only" type="checkbox"> gaps only</label>
<label>document <select id="doc-filter" aria-label="Filter by document"><option value="">all</option></select></label>
<span id="status-line" aria-live="polite"></span>
</div>
</header>
<div class="layout">
<nav class="side" aria-label="Summary">
<div id="totals" class="totals"></div>
<div id="overall-bar"></div>
<h2 class="side-head">Show states</h2>
<div id="state-chips" class="chips" role="group" aria-label="Filter by state"></div>
<div class="legend"><span class="s-verified"><span class="badge">verified</span></span><span class="s-implemented"><span class="badge">implemented only</span></span><span class="s-missing"><span class="badge">gap</span></span><span class="s-pending"><span class="badge">other</span></span></div>
<table class="summary"><colgroup><col><col class="n"><col class="n-wide"><col class="n"><col class="n"><col class="bar-col"></colgroup><thead><tr><th>document / section</th><th>facts</th><th>verified</th><th>impl. only</th><th>gaps</th><th></th></tr></thead><tbody id="summary-body"></tbody></table>
<h2 class="side-head">Other findings</h2>
<div id="loose-findings"></div>
<p class="legend">Keys: <kbd>/</kbd> search · <kbd>Tab</kbd> facts · <kbd>Enter</kbd> open · <kbd>↑</kbd><kbd>↓</kbd> move · <kbd>Esc</kbd> close</p>
</nav>
<main id="specs"></main>
</div>
${renderChainGraphs(result)}
${renderNoscript(result)}
${markup}
${data}
${extra}
<script>${REPORT_JS}</script>
</body>
</html>
`;
}
