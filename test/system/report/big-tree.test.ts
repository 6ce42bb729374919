/**
 * The report on a generated 5,000-fact tree in real Chromium: light to load,
 * opening where the gaps are.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_DATA_ID, plainLength, readGateJson } from '../../../checks/reporters/html/embed.ts';
import { runInProcess } from '../../support/cli.ts';
import {
  BIG_DOCS,
  BIG_FACTS_PER_DOC,
  type BigTree,
  SERVICE_DOC,
  SERVICE_UNITS,
  STATUS_ELEMENT_DOC,
  writeBigTree,
} from './big-tree.ts';
import { hasChromium, launchChromium, openReport, writeTempHtml } from './browser.ts';
import { nameWrapping, overflow } from './word-wrap.ts';

describe.skipIf(!hasChromium)('report on a 5,000-fact tree (Chromium)', () => {
  let browser: Browser;
  let tree: BigTree;
  beforeAll(async () => {
    tree = await writeBigTree();
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    tree?.cleanup();
  });

  // @verifies report#REPORT-LAZY-DOCUMENTS
  // @verifies report#REPORT-OPENS-ON-MOST-GAPS
  it('opens on the document with the most gaps, with only its facts in the DOM', async () => {
    const start = Date.now();
    const { page, errors } = await openReport(browser, tree.report);
    const ms = Date.now() - start;
    console.log(`[big-tree] ${tree.bytes} bytes, load ${ms} ms (navigation to data-ready)`);
    expect(errors).toEqual([]);
    expect(await page.textContent('[data-total="facts"]')).toBe('5000');
    expect(await page.inputValue('#doc-filter')).toBe(tree.mostGaps);
    const inDom = await page.$$eval('[data-fact].fact', (nodes) => [
      ...new Set(nodes.map((n) => n.getAttribute('data-fact')?.split('#')[0])),
    ]);
    expect(inDom).toEqual([tree.mostGaps]);
    expect(await page.locator('[data-fact].fact').count()).toBe(BIG_FACTS_PER_DOC);
    // Another document enters the DOM when it is picked.
    await page.selectOption('#doc-filter', 'area-07');
    expect(await page.locator('[data-fact^="area-07#"].fact').count()).toBe(BIG_FACTS_PER_DOC);
    await page.context().close();
  });

  // @verifies report#REPORT-DEEP-LINK-ON-LONG-PAGE
  it('a deep link #doc:ID opens that document and puts the fact in view', async () => {
    const address = 'area-30#A30-F090';
    const { page, errors } = await openReport(browser, tree.report, { hash: '#area-30:A30-F090' });
    expect(errors).toEqual([]);
    expect(await page.inputValue('#doc-filter')).toBe('area-30');
    const fact = page.locator(`[data-fact="${address}"]`);
    expect(await fact.getAttribute('aria-expanded')).toBe('true');
    const box = await fact.boundingBox();
    const header = await page.locator('header.top').boundingBox();
    expect(box).not.toBeNull();
    // Below the sticky header, inside the 900 px viewport.
    expect(box!.y).toBeGreaterThanOrEqual(Math.floor((header?.y ?? 0) + (header?.height ?? 0)) - 1);
    expect(box!.y).toBeLessThan(900);
    // Following a second link from the page moves to the other document.
    await page.evaluate(() => {
      location.hash = '#area-12:A12-F077';
    });
    const next = page.locator('[data-fact="area-12#A12-F077"]');
    await next.waitFor();
    const nextBox = await next.boundingBox();
    expect(nextBox!.y).toBeGreaterThanOrEqual(0);
    expect(nextBox!.y).toBeLessThan(900);
    await page.context().close();
  });

  // @verifies report#REPORT-FITS-1280
  it('fits 1280 px: the sidebar table shows every column without overflow', async () => {
    const { page } = await openReport(browser, tree.report);
    const fit = await page.evaluate(() => {
      const side = document.querySelector('nav.side') as HTMLElement;
      const table = document.querySelector('table.summary') as HTMLElement;
      const gapsHead = [...table.querySelectorAll('th')].find((th) => th.textContent === 'gaps')!;
      return {
        side: [side.scrollWidth, side.clientWidth],
        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
        tableRight: table.getBoundingClientRect().right,
        gapsRight: gapsHead.getBoundingClientRect().right,
        sideRight: side.getBoundingClientRect().right,
      };
    });
    expect(fit.side[0]).toBeLessThanOrEqual(fit.side[1]!);
    expect(fit.page[0]).toBeLessThanOrEqual(fit.page[1]!);
    expect(fit.gapsRight).toBeLessThanOrEqual(fit.sideRight);
    await page.context().close();
  });

  // @verifies report#REPORT-NAMES-WRAP-AT-WORDS
  // @verifies report#REPORT-FITS-1280
  it('wraps the names between words; only a word wider than the column breaks, and nothing overflows 1280 px', async () => {
    const { page } = await openReport(browser, tree.report);
    const names = await nameWrapping(page);
    const broken = new Map<string, number>();
    for (const w of names.split)
      broken.set(
        `${w.word} (${Math.round(w.width)} px > ${Math.round(w.room)} px)`,
        (broken.get(`${w.word} (${Math.round(w.width)} px > ${Math.round(w.room)} px)`) ?? 0) + 1,
      );
    console.log(
      `[big-tree] summary names: ${names.words} words, ${names.wrapped} cells wrapped, broken inside (wider than the column): ${[...broken].map(([w, n]) => `${n} × ${w}`).join(', ')}`,
    );
    expect(names.words).toBeGreaterThan(300);
    // The tree's unbroken 60-letter document name and its long section words cannot fit: they, and only such, break.
    expect(names.split.length).toBeGreaterThan(0);
    for (const w of names.split) expect(w.width, w.word).toBeGreaterThan(w.room);
    expect(await overflow(page)).toEqual({ page: 0, side: 0 });
    await page.context().close();
  });

  // @verifies report#REPORT-STATUS-ELEMENT-BADGE
  it('shows a document-level <status/> element as a status badge', async () => {
    const { page } = await openReport(browser, tree.report, { hash: `#${STATUS_ELEMENT_DOC}` });
    const spec = page.locator(`article.doc[data-doc="${STATUS_ELEMENT_DOC}"] .spec`);
    expect(await spec.locator('> p > .tag-status').first().textContent()).toBe('@status:impl/done');
    expect(await spec.locator('code.raw').count()).toBe(0);
    await page.context().close();
  });

  // @verifies report#REPORT-SERVICE-UNIT-CITATIONS
  it('counts and shows the citations of service units', async () => {
    const { page } = await openReport(browser, tree.report, { hash: `#${SERVICE_DOC}` });
    const head = page.locator(`article.doc[data-doc="${SERVICE_DOC}"] .doc-head .service-count`);
    expect(await head.textContent()).toBe(`${SERVICE_UNITS} service units · ${SERVICE_UNITS} cited`);
    const unit = page.locator(`[data-fact="${SERVICE_DOC}#a2-context-0"]`);
    expect(await unit.getAttribute('data-state')).toBe('service');
    expect(await unit.locator('.cite-count').textContent()).toBe('cited ×2');
    await unit.locator('.fact-id').click();
    const detail = page.locator(`.detail[aria-label="Evidence for ${SERVICE_DOC}#a2-context-0"]`);
    await detail.waitFor();
    expect(await detail.locator('figure.cite').count()).toBe(2);
    await page.context().close();
  });

  // @verifies report#REPORT-DATA-COMPRESSED
  // @verifies report#REPORT-EMBEDS-GATE-JSON
  it('carries the gate data compressed: it decodes to exactly `check --json`, at under a fifth of the plain weight', async () => {
    const html = readFileSync(tree.report, 'utf8');
    const check = await runInProcess(tree.dir, ['check', '--json']);
    expect(check.code, check.stderr).toBe(1);
    const data = readGateJson(html);
    expect(data).toBe(check.stdout);
    // The same page with its data blocks written out as plain text.
    const plain = plainLength(html);
    console.log(`[big-tree] page ${html.length} chars; with plain data blocks ${plain}`);
    expect(html.length).toBeLessThan(plain / 5);
  });

  // @verifies report#REPORT-DATA-COMPRESSED
  it("reads its data without the browser's DecompressionStream, and says so on the page when the data is damaged", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript('delete window.DecompressionStream');
    await page.goto(pathToFileURL(tree.report).href);
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.textContent('[data-total="facts"]')).toBe('5000');
    // The gate data's base64 with a stretch in the middle changed: the CRC-32 (or the code) refuses it.
    const html = readFileSync(tree.report, 'utf8');
    const block = `id="${GATE_DATA_ID}">`;
    const at = html.indexOf(block) + block.length + 2000;
    const damaged = writeTempHtml(`${html.slice(0, at)}AAAAAAAA${html.slice(at + 8)}`);
    await page.goto(pathToFileURL(damaged).href);
    await page.waitForSelector('body[data-ready="error"]');
    expect(await page.textContent('.load-error')).toContain('could not be read');
    await context.close();
  });

  /** The documents whose article is in the DOM, and how many fact nodes it holds. */
  async function rendered(page: Page): Promise<{ docs: string[]; facts: number }> {
    return page.evaluate(() => ({
      docs: [...document.querySelectorAll('article.doc')].map((a) => a.getAttribute('data-doc') ?? ''),
      facts: document.querySelectorAll('[data-fact].fact').length,
    }));
  }

  // @verifies report#REPORT-SEARCH-RENDERS-MATCHES
  // @verifies report#REPORT-FILTERS-AND-SEARCH
  it('a search puts only documents with a match in the DOM, and a wide one only those near the view', async () => {
    const { page, errors } = await openReport(browser, tree.report);
    await page.fill('#search', 'A30-F09');
    expect(await page.textContent('#status-line')).toBe(`10 of ${BIG_DOCS * BIG_FACTS_PER_DOC} facts shown`);
    expect(await rendered(page)).toEqual({ docs: ['area-30'], facts: BIG_FACTS_PER_DOC });
    const shown = await page.$$eval('[data-fact].fact:not(.out)', (n) =>
      n.map((e) => e.getAttribute('data-fact')),
    );
    expect(shown).toEqual(Array.from({ length: 10 }, (_, i) => `area-30#A30-F09${i}`));

    // One match in every document: the first documents render, the rest wait for scrolling.
    await page.fill('#search', 'F099');
    expect(await page.textContent('#status-line')).toBe(
      `${BIG_DOCS} of ${BIG_DOCS * BIG_FACTS_PER_DOC} facts shown`,
    );
    await page.evaluate(() => new Promise(requestAnimationFrame));
    const wide = await rendered(page);
    expect(wide.docs[0]).toBe('area-00');
    expect(wide.docs.length).toBeLessThan(BIG_DOCS / 2);
    // Scrolling to the end brings the last document in.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator(`[data-fact="${STATUS_ELEMENT_DOC}#A${BIG_DOCS - 1}-F099"]:not(.out)`).waitFor();
    expect((await rendered(page)).docs.length).toBeLessThan(BIG_DOCS);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // @verifies report#REPORT-RENDERS-WHAT-IS-NEAR
  it('"all" renders the first documents and the others as they scroll near, in page order', async () => {
    const { page, errors } = await openReport(browser, tree.report);
    await page.selectOption('#doc-filter', '');
    expect(await page.textContent('#status-line')).toBe(`${BIG_DOCS * BIG_FACTS_PER_DOC} facts`);
    const first = await rendered(page);
    expect(first.docs.slice(0, 2)).toEqual(['area-00', 'area-01']);
    expect(first.facts).toBeLessThanOrEqual((BIG_DOCS * BIG_FACTS_PER_DOC) / 5);
    // Every document still has its place, in order: rendered ones as articles, the others as placeholders.
    const places = await page.$$eval('main > article.doc, main > .doc-stub.wanted', (n) =>
      n.map((e) => e.getAttribute('data-doc')),
    );
    expect(places).toHaveLength(BIG_DOCS);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator(`[data-fact="${STATUS_ELEMENT_DOC}#A${BIG_DOCS - 1}-F000"]`).waitFor();
    const after = await rendered(page);
    expect(after.docs).toContain(STATUS_ELEMENT_DOC);
    expect(after.docs.length).toBeLessThan(BIG_DOCS);
    const order = await page.$$eval('main > article.doc', (n) =>
      n.map((e) => e.getAttribute('data-doc') ?? ''),
    );
    expect(order).toEqual([...order].sort());
    // A deep link into a document still waiting for scrolling renders it and lands on the fact.
    expect(after.docs).not.toContain('area-25');
    await page.evaluate(() => {
      location.hash = '#area-25:A25-F050';
    });
    const target = page.locator('[data-fact="area-25#A25-F050"]');
    await target.waitFor();
    expect(await target.getAttribute('aria-expanded')).toBe('true');
    expect(await page.inputValue('#doc-filter')).toBe('');
    // Still in view once the documents around it have rendered.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const box = await target.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(900);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
