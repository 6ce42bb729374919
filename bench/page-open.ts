/**
 * A written report in Debian's Chromium: the time until its script is ready,
 * and what opening its largest document costs (picked in the document
 * filter, to the next frame), with the page's own render measure of that
 * document (page/specs.ts: performance.now around rendering its Markdown,
 * sanitizing and parsing it). A fresh page each run, so every run renders it
 * anew; median of the runs. Pages of several builds side by side, in turns:
 *   node --import tsx bench/page-open.ts [--runs N] REPORT.html [OTHER.html …]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { readPageSpecs } from '../checks/reporters/html/embed.ts';
import { CHROMIUM, hasChromium, launchChromium } from '../support/chromium.ts';

export interface PageOpening {
  /** The document opened: the one with the most Markdown. */
  doc: string;
  file: string;
  bytes: number;
  /** From navigation to the page script's `factline-ready` mark. */
  ready: number;
  /** Picking the document in the filter, to the next frame. */
  shown: number;
  /** The page's own measure of rendering it; NaN when the page renders at write time (an older build). */
  render: number;
}

/** The largest document a page carries; an older page (rendered markup, no Markdown) by its markup. */
function largest(html: string): { doc: string; file: string; bytes: number } {
  const specs = readPageSpecs(html) as unknown as {
    doc: string;
    file: string;
    text?: string;
    html?: string;
  }[];
  const size = (s: (typeof specs)[number]) => Buffer.byteLength(s.text ?? s.html ?? '');
  const top = specs.reduce((a, b) => (size(b) > size(a) ? b : a));
  return { doc: top.doc, file: top.file, bytes: size(top) };
}

export async function openLargest(browser: Browser, report: string): Promise<PageOpening> {
  const target = largest(readFileSync(report, 'utf8'));
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(pathToFileURL(report).href, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]');
    // Away from it first when the page opened on it, so picking it shows it afresh.
    if ((await page.inputValue('#doc-filter')) === target.doc) await page.selectOption('#doc-filter', '');
    // No helper functions inside: tsx would wrap them in a __name() the page does not have.
    const timing = await page.evaluate(async (doc) => {
      const ready = performance.getEntriesByName('factline-ready')[0]?.startTime ?? Number.NaN;
      const select = document.getElementById('doc-filter') as HTMLSelectElement;
      const start = performance.now();
      select.value = doc;
      select.dispatchEvent(new Event('change'));
      await new Promise(requestAnimationFrame);
      const shown = performance.now() - start;
      const render = performance.getEntriesByName(`factline-render ${doc}`)[0]?.duration ?? Number.NaN;
      return { ready, shown, render };
    }, target.doc);
    return { ...target, ...timing };
  } finally {
    await page.close();
  }
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Each report's median opening over `runs` turns, the reports taking turns. */
export async function compareOpenings(reports: string[], runs: number): Promise<PageOpening[] | undefined> {
  if (!hasChromium) {
    console.log(`Chromium: ${CHROMIUM} missing, page opening not measured`);
    return undefined;
  }
  const browser = await launchChromium();
  try {
    const all = reports.map(() => [] as PageOpening[]);
    for (let r = 0; r < runs; r++) {
      for (const [i, report] of reports.entries()) all[i]!.push(await openLargest(browser, report));
    }
    return all.map((list) => ({
      ...list[0]!,
      ready: median(list.map((o) => o.ready)),
      shown: median(list.map((o) => o.shown)),
      render: median(list.map((o) => o.render)),
    }));
  } finally {
    await browser.close();
  }
}

export function describeOpening(name: string, o: PageOpening): string {
  const ms = (n: number) => (Number.isNaN(n) ? '   -' : `${n.toFixed(0).padStart(5)} ms`);
  return `${name}: ready ${ms(o.ready)} · largest document ${o.file} (${(o.bytes / 1024).toFixed(0)} KiB) shown ${ms(o.shown)}, rendered in the page ${ms(o.render)}`;
}

if (import.meta.filename === process.argv[1]) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--runs');
  const runs = at === -1 ? 3 : Number(args[at + 1]);
  const reports = args.filter((_, i) => at === -1 || (i !== at && i !== at + 1));
  const openings = await compareOpenings(reports, runs);
  for (const [i, o] of (openings ?? []).entries()) console.log(describeOpening(reports[i]!, o));
}
