/**
 * The report page's script, bundled into the page at build time
 * (support/build-page.ts). Every view is built from the embedded JSON of the
 * TraceResult: the page shows what the gate decided and decides nothing.
 */
// @implements report#PAGE-SCRIPT-TYPED
import { readPageData } from './data.ts';
import { byId, el } from './dom.ts';
import { FactViews } from './facts.ts';
import { Filters } from './filters.ts';
import { SpecLibrary } from './specs.ts';
import { renderLooseFindings, renderSummaryTable, renderTotals } from './summary.ts';

/**
 * Runs to the end before the script returns: no await, no timer. The page is
 * whole before the parser finishes, so the load event, the first paint and a
 * headless screenshot taken at load all show it complete.
 */
// @implements report#REPORT-FIRST-PAINT-HAS-CONTENT
function start(): void {
  const data = readPageData();
  performance.mark('factline-data'); // bench/report.ts: data decoded
  const specs = new SpecLibrary(data.specs, (doc) => new Set(data.factsOf(doc).map((f) => f.id)));
  // Tests and benches hold the page's own rendering of a document against Node's (the same module, html/spec-markup.ts).
  (window as unknown as { factlineSpecMarkup: (doc: string) => string | undefined }).factlineSpecMarkup = (
    doc,
  ) => specs.markup(doc);
  renderTotals(data);
  renderSummaryTable(data, specs);
  renderLooseFindings(data);
  const views = new FactViews(data, specs, byId('specs'));
  views.listen();
  const filters = new Filters(data, views);
  filters.listen();
  filters.openFirst();
  // Benchmarks read the time to a usable page from this mark (bench/report.ts).
  performance.mark('factline-ready');
  document.body.setAttribute('data-ready', 'true');
}

try {
  start();
} catch (error: unknown) {
  // Data that cannot be read (a damaged or truncated page): say so on the page instead of showing nothing.
  const note = el('p', 'load-error', `This report could not be read: ${String(error)}`);
  byId('specs').prepend(note);
  document.body.setAttribute('data-ready', 'error');
}
