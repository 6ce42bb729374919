/**
 * The HTML reporter: TraceResult + spec sources + code snippets → one
 * self-contained page (no network, no external assets). Pure. The page carries
 * the result (in columns, html/columns.ts), the specs' Markdown and the
 * snippets as gzipped data blocks (html/embed.ts) and builds every view from
 * them in the browser, so page and exit code cannot disagree; it renders a
 * spec (html/spec-markup.ts, bundled into its script) only when a view shows
 * it, so writing the page parses no Markdown. Its script is
 * typed (html/page/), bundled into html/page-script.ts by support/build-page.ts.
 */
import { createHash } from 'node:crypto';
import type { FactTrace, TraceResult } from '../model.ts';
import { escapeHtml } from './escape/html.ts';
import { renderChainGraphs } from './html/chain-graph.ts';
import { encodeColumns } from './html/columns.ts';
import {
  DEFAULT_LEVEL,
  dataBlock,
  GATE_DATA_ID,
  INPUTS_ID,
  packText,
  packTextAsync,
  SPECS_ID,
} from './html/embed.ts';
import type { PageSpec, ReportInputs, SpecSource } from './html/model.ts';
import { renderNoscript } from './html/noscript.ts';
import { REPORT_JS } from './html/page-script.ts';
import { packSnippets } from './html/snippet-pack.ts';
import { REPORT_CSS } from './html/style.ts';
import { jsonReport } from './json.ts';

export type { CodeSnippet, ReportInputs, SpecSource } from './html/model.ts';

/** How hard the specs' Markdown is gzipped (embed.ts): prose past level 4 gains little for the time it costs. */
const SPEC_SOURCES_LEVEL = 4;
/**
 * How hard the gate's result is gzipped: on vibevm's (7 MB in columns) level 6
 * takes 94 ms for 1,573 KB, level 4 54 ms for 1,617 KB (3% more bytes).
 */
const RESULT_LEVEL = 4;

function sha256Base64(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** Each section a unit of the document stands in, with its title: the summary names sections from this. */
function sectionTitles(spec: SpecSource, units: readonly FactTrace[]): PageSpec['sections'] {
  const named = new Set(units.map((u) => u.section));
  const titles = new Map<string, string>();
  for (const s of spec.sections ?? []) {
    if (named.has(s.anchor) && !titles.has(s.anchor)) titles.set(s.anchor, s.title);
  }
  return [...titles];
}

/** Packs a data block's text (html/embed.ts): at once, or on libuv's thread pool. */
type Packer<P> = (text: string, level: number) => P;

/**
 * The page with each data block packed by `pack`: each block's text is
 * handed to `pack` as soon as it is made, in order of size (the specs first,
 * ready at once, then the result, which takes the longest to lay out), and
 * the rest of the page is built while they are packed; `page` writes it out
 * from the packed blocks.
 */
function pageWith<P>(
  result: TraceResult,
  inputs: ReportInputs,
  pack: Packer<P>,
): { blocks: [sources: P, data: P, extra: P]; page: (blocks: [string, string, string]) => string } {
  const unitsByDoc = new Map<string, FactTrace[]>();
  for (const unit of [...result.facts, ...(result.headings ?? [])]) {
    const units = unitsByDoc.get(unit.doc) ?? [];
    units.push(unit);
    unitsByDoc.set(unit.doc, units);
  }
  // The Markdown itself: the page renders a document (html/spec-markup.ts, sanitized there) only when a view needs it.
  const specs: PageSpec[] = inputs.specs.map((spec) => ({
    doc: spec.doc,
    file: spec.file,
    text: spec.text,
    sections: sectionTitles(spec, unitsByDoc.get(spec.doc) ?? []),
  }));
  // Compressed: on a big tree the data would otherwise be most of the page (html/embed.ts).
  // Level 4, not 6: on vibevm's 3.4 MB of Markdown a third of the time (95 ms, not 267) for 3% more bytes.
  const sources = pack(JSON.stringify(specs), SPEC_SOURCES_LEVEL);
  const data = pack(JSON.stringify(encodeColumns(jsonReport(result))), RESULT_LEVEL);
  const extra = pack(JSON.stringify({ snippets: packSnippets(inputs.snippets) }), DEFAULT_LEVEL);
  const page = pageAround(result, inputs);
  return { blocks: [sources, data, extra], page };
}

// @implements report#REPORT-SELF-CONTAINED-PAGE
// @implements report#REPORT-SPEC-TEXT-CANNOT-RUN-SCRIPT
// @implements report#REPORT-RENDERS-SPECS-IN-PAGE
export function renderHtmlReport(result: TraceResult, inputs: ReportInputs): string {
  const { blocks, page } = pageWith(result, inputs, packText);
  return page(blocks);
}

/**
 * The same page, byte for byte, with its data blocks gzipped on libuv's
 * thread pool: the second core packs the specs while this thread lays out
 * the result, and both while it builds the rest of the page. What
 * `factline report` writes.
 */
// @implements report#REPORT-PACKED-OFF-THE-MAIN-THREAD
export async function renderHtmlReportAsync(result: TraceResult, inputs: ReportInputs): Promise<string> {
  const { blocks, page } = pageWith(result, inputs, packTextAsync);
  return page(await Promise.all(blocks));
}

/** Everything of the page but its data blocks, built now; the page once they are packed. */
function pageAround(result: TraceResult, inputs: ReportInputs): (blocks: [string, string, string]) => string {
  const title = inputs.title ?? 'factline coverage';
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
  const graphs = renderChainGraphs(result);
  const noscript = renderNoscript(result);
  return ([sources, data, extra]) => `<!doctype html>
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
${graphs}
${noscript}
${dataBlock(SPECS_ID, sources)}
${dataBlock(GATE_DATA_ID, data)}
${dataBlock(INPUTS_ID, extra)}
<script>${REPORT_JS}</script>
</body>
</html>
`;
}
