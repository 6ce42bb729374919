/** The report's stylesheet: one inline <style>, light and dark by prefers-color-scheme. */
// @implements report#REPORT-LIGHT-AND-DARK
// @implements report#REPORT-FITS-1280
// @implements report#REPORT-NAMES-WRAP-AT-WORDS
export const REPORT_CSS = `
:root {
  color-scheme: light dark;
  --bg: #fbfbfa; --panel: #ffffff; --fg: #1d2125; --muted: #5f6b76; --line: #dfe3e8;
  --accent: #2558c5; --code-bg: #f3f5f7; --hit: #fff4c2;
  --verified: #1f8a4c; --implemented: #2f6fd6; --gap: #c9372c; --stale: #b86e00;
  --deviated: #8a4fcf; --pending: #7b8794; --service: #a3acb5;
  --font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --mono: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15181c; --panel: #1c2026; --fg: #e3e7eb; --muted: #9aa5b1; --line: #2e343c;
    --accent: #7aa7ff; --code-bg: #232830; --hit: #4a4120;
    --verified: #3fbf74; --implemented: #5b95f0; --gap: #ff6b5e; --stale: #e0a040;
    --deviated: #b58cf0; --pending: #8d99a6; --service: #6c7782;
  }
}
* { box-sizing: border-box; }
html { scroll-padding-top: 7rem; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.55 var(--font); }
code, pre { font-family: var(--mono); font-size: 0.86em; }
a { color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
header.top {
  position: sticky; top: 0; z-index: 5; display: flex; flex-wrap: wrap; gap: .6rem 1rem; align-items: center;
  padding: .7rem 1.2rem; background: var(--panel); border-bottom: 1px solid var(--line);
}
header.top h1 { font-size: 1.05rem; margin: 0 1rem 0 0; white-space: nowrap; }
header.top h1 small { color: var(--muted); font-weight: 400; }
#search {
  flex: 1 1 16rem; max-width: 28rem; padding: .4rem .7rem; border: 1px solid var(--line); border-radius: 6px;
  background: var(--bg); color: var(--fg); font: inherit;
}
.controls { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center; font-size: .88rem; }
.controls select { font: inherit; background: var(--bg); color: var(--fg); border: 1px solid var(--line); border-radius: 6px; padding: .2rem .4rem; }
.chips { display: flex; flex-wrap: wrap; gap: .3rem; }
.chip {
  display: inline-flex; align-items: center; gap: .3rem; padding: .1rem .55rem; border-radius: 999px;
  border: 1px solid var(--line); cursor: pointer; user-select: none; font-size: .8rem; background: var(--bg);
}
.chip input { margin: 0; }
.chip .dot, .badge::before { content: ""; display: inline-block; width: .6rem; height: .6rem; border-radius: 50%; background: var(--c, var(--pending)); }
#status-line { color: var(--muted); font-size: .82rem; }
.layout { display: grid; grid-template-columns: minmax(17rem, 26rem) minmax(0, 1fr); gap: 0; }
nav.side {
  position: sticky; top: 3.6rem; align-self: start; max-height: calc(100vh - 3.6rem); overflow: auto;
  padding: 1rem 1.1rem 2rem; border-right: 1px solid var(--line);
}
main { padding: 1rem 2rem 4rem; min-width: 0; }
.totals { display: grid; grid-template-columns: repeat(3, 1fr); gap: .4rem; margin-bottom: .8rem; }
.total { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .35rem .55rem; }
.total b { display: block; font-size: 1.2rem; line-height: 1.2; font-variant-numeric: tabular-nums; }
.total span { display: block; color: var(--muted); font-size: .7rem; line-height: 1.25; }
.total.gap b { color: var(--gap); }
.total.ok b { color: var(--verified); }
table.summary { width: 100%; border-collapse: collapse; font-size: .8rem; font-variant-numeric: tabular-nums; }
table.summary th { text-align: right; color: var(--muted); font-weight: 500; padding: .2rem .25rem; }
table.summary th:first-child, table.summary td:first-child { text-align: left; }
/* [report-scale] Names wrap between words; only a word wider than the whole column breaks inside.
   The layout is fixed (the count columns' widths set by the <colgroup>, the name column takes the rest), so no
   name, however long, can widen the table past the sidebar: break-word, unlike anywhere, leaves the min-content
   width alone, and under automatic layout that min-content (one unbroken 60-letter name) is what overflowed. */
nav.side table.summary { table-layout: fixed; }
table.summary col.n { width: 2.5rem; }
table.summary col.n-wide { width: 3.5rem; }
table.summary col.bar-col { width: 3.5rem; }
table.summary td:first-child { overflow-wrap: break-word; word-break: normal; hyphens: manual; }
.noscript { max-width: 60rem; margin: 1rem auto; padding: 0 1rem; }
.cite-count { font-size: .75rem; color: var(--muted); margin-right: .4rem; }
table.summary td { text-align: right; padding: .2rem .25rem; border-top: 1px solid var(--line); }
table.summary tr.doc-row td { font-weight: 600; border-top: 2px solid var(--line); }
table.summary tr.section-row td:first-child { padding-left: .8rem; }
table.summary a { color: inherit; text-decoration: none; }
table.summary a:hover { text-decoration: underline; }
table.summary td.gaps.nonzero { color: var(--gap); font-weight: 600; }
.bar { display: flex; height: .4rem; border-radius: 3px; overflow: hidden; background: var(--line); min-width: 3rem; }
.bar i { display: block; height: 100%; }
.bar .b-verified { background: var(--verified); }
.bar .b-implemented { background: var(--implemented); }
.bar .b-gap { background: var(--gap); }
.bar .b-other { background: var(--pending); opacity: .5; }
.legend { display: flex; flex-wrap: wrap; gap: .3rem .7rem; margin: .8rem 0; font-size: .75rem; color: var(--muted); }
.side-head { font-size: .85rem; margin: 1.2rem 0 .3rem; }
.findings-list { font-size: .8rem; padding-left: 1.1rem; }
.findings-list li { margin: .25rem 0; }
article.doc {
  background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1.6rem 1.4rem;
  margin: 0 0 1.5rem; max-width: 62rem;
}
.doc-head { display: flex; flex-wrap: wrap; gap: .3rem 1rem; align-items: baseline; color: var(--muted); font-size: .82rem; border-bottom: 1px solid var(--line); padding-bottom: .4rem; }
.doc-head strong { color: var(--fg); font-size: .95rem; }
.spec h1 { font-size: 1.45rem; } .spec h2 { font-size: 1.2rem; margin-top: 1.8rem; } .spec h3 { font-size: 1.05rem; }
.spec table { border-collapse: collapse; margin: .6rem 0; }
.spec th, .spec td { border: 1px solid var(--line); padding: .3rem .5rem; vertical-align: top; }
.spec pre { background: var(--code-bg); padding: .6rem .8rem; border-radius: 6px; overflow: auto; }
.spec code { background: var(--code-bg); padding: .05rem .25rem; border-radius: 4px; }
.spec pre code { background: none; padding: 0; }
.spec code.raw { color: var(--muted); }
.tag { color: var(--muted); font-size: .78em; font-family: var(--mono); }
.tag-anchor { display: none; }
[data-fact] {
  position: relative; border-left: 4px solid var(--c, var(--pending)); padding: .25rem .6rem .25rem .7rem;
  margin: .55rem 0; border-radius: 0 6px 6px 0; cursor: pointer; list-style-position: inside;
}
li[data-fact] { list-style: none; }
[data-fact]:hover { background: color-mix(in srgb, var(--c, var(--pending)) 7%, transparent); }
[data-fact].open { background: color-mix(in srgb, var(--c, var(--pending)) 9%, transparent); }
[data-fact].hit { box-shadow: inset 0 0 0 9999px color-mix(in srgb, var(--hit) 55%, transparent); }
.s-verified, .s-refined { --c: var(--verified); }
.s-implemented { --c: var(--implemented); }
.s-missing-implementation, .s-missing-verification, .s-missing, .s-missing-refinement, .s-test-failed, .s-test-skipped { --c: var(--gap); }
.s-stale { --c: var(--stale); }
.s-deviated { --c: var(--deviated); }
.s-pending { --c: var(--pending); }
.s-service, .s-void { --c: var(--service); }
.badge {
  display: inline-flex; align-items: center; gap: .3rem; font: 600 .7rem/1.5 var(--font); text-transform: uppercase;
  letter-spacing: .03em; color: var(--c, var(--pending)); margin-right: .4rem; white-space: nowrap;
}
.fact-id { font-family: var(--mono); font-size: .72rem; color: var(--muted); margin-right: .4rem; }
.detail {
  cursor: auto; margin: .5rem 0 .2rem; padding: .6rem .8rem; background: var(--bg); border: 1px solid var(--line);
  border-radius: 8px; font-size: .85rem;
}
.detail-head { display: flex; flex-wrap: wrap; gap: .2rem .9rem; color: var(--muted); margin-bottom: .4rem; }
.detail-head code { color: var(--fg); }
.detail .none { color: var(--gap); margin: .3rem 0; }
.detail ul.findings { margin: .3rem 0; padding-left: 1.1rem; color: var(--gap); }
.detail ul.findings .fix { color: var(--muted); }
figure.cite { margin: .5rem 0 0; }
figure.cite.no-snippet { margin-top: .15rem; }
figure.cite figcaption { display: flex; flex-wrap: wrap; gap: .2rem .7rem; font-size: .8rem; margin-bottom: .2rem; }
figure.cite .verb { font-weight: 700; text-transform: uppercase; font-size: .7rem; letter-spacing: .04em; }
figure.cite .verb-implements { color: var(--implemented); }
figure.cite .verb-verifies { color: var(--verified); }
figure.cite .verb-deviates { color: var(--deviated); }
figure.cite .where { font-family: var(--mono); }
figure.cite .symbol { color: var(--muted); }
figure.cite .uncounted { color: var(--stale); font-weight: 600; }
figure.cite .pin { color: var(--muted); font-family: var(--mono); }
/* [evidence, issue 11] test outcomes beside citing snippets */
figure.cite .outcome { font-weight: 600; }
figure.cite .outcome-passed { color: var(--verified); }
figure.cite .outcome-failed { color: var(--gap); }
figure.cite .outcome-skipped, figure.cite .outcome-todo, figure.cite .outcome-pending, figure.cite .outcome-unknown { color: var(--stale); }
pre.snippet { margin: 0; background: var(--code-bg); border-radius: 6px; padding: .4rem 0; overflow: auto; font-size: .8rem; line-height: 1.45; }
pre.snippet span.ln { display: block; padding: 0 .8rem 0 0; white-space: pre; }
pre.snippet span.ln::before { content: attr(data-n); display: inline-block; width: 3.2rem; padding-right: .8rem; text-align: right; color: var(--muted); opacity: .7; }
pre.snippet span.ln.here { background: color-mix(in srgb, var(--accent) 16%, transparent); }
body.filtering .spec > :not(.has-visible):not(h1):not(h2):not(h3):not(h4):not(h5):not(h6) { display: none; }
body.filtering .spec > h1.quiet, body.filtering .spec > h2.quiet, body.filtering .spec > h3.quiet,
body.filtering .spec > h4.quiet, body.filtering .spec > h5.quiet, body.filtering .spec > h6.quiet { display: none; }
[data-fact].out { display: none; }
[data-fact].dim { opacity: .45; }
[data-fact].dim > .badge, [data-fact].dim > .fact-id { text-decoration: line-through; }
td[data-fact].out { display: table-cell; opacity: .25; }
article.doc.out { display: none; }
.doc-stub { display: none; }
.doc-stub.wanted { display: block; margin-bottom: 2rem; color: var(--muted); border-top: 1px solid var(--line); padding-top: .4rem; }
.load-error { color: var(--gap); font-weight: 600; padding: 1rem; }
.unplaced h3 { font-size: .9rem; color: var(--muted); }
.empty { color: var(--muted); font-style: italic; }
kbd { font-family: var(--mono); font-size: .75rem; border: 1px solid var(--line); border-radius: 4px; padding: 0 .3rem; }
@media (max-width: 60rem) {
  .layout { grid-template-columns: 1fr; }
  nav.side { position: static; max-height: none; border-right: 0; border-bottom: 1px solid var(--line); }
  main { padding: 1rem; }
}

.chains { padding: 0 1.5rem 2rem; }
.chain-graph { margin: .5rem 0; }
.chain-graph summary { cursor: pointer; font-weight: 600; }
.chain-filters { display: flex; gap: 1rem; margin: .4rem 0; font-size: .85rem; }
.chain-graph svg { display: block; max-width: 100%; height: auto; }
.chain-graph .node rect { fill: var(--bg, #fff); stroke: var(--c, #888); stroke-width: 2; }
.chain-graph .node text { font: 12px ui-monospace, monospace; fill: currentColor; }
.chain-graph .node text.state { font-size: 10px; fill: var(--c, #888); }
.chain-graph .edge path { fill: none; stroke: #8a8f98; stroke-width: 1.5; }
.chain-graph .e-derives path { stroke-dasharray: 6 3; }
.chain-graph .e-conflicts path { stroke: var(--gap); stroke-dasharray: 2 3; }
.chain-graph .e-broken path { stroke: var(--gap); stroke-width: 2.5; }
.chain-graph:has(.f-refines:not(:checked)) .e-refines,
.chain-graph:has(.f-derives:not(:checked)) .e-derives,
.chain-graph:has(.f-conflicts:not(:checked)) .e-conflicts { display: none; }
.chain-graph:has(.f-gaps:checked) .n-ok { opacity: .2; }
.detail .chain { margin: .4rem 0; font-size: .9rem; }
.detail .chain ul { margin: .2rem 0 .4rem 1.2rem; padding: 0; }
`;
