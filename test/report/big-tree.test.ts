/**
 * The report on a generated 5,000-fact tree in real Chromium: light to load,
 * opening where the gaps are.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG_FACTS_PER_DOC, type BigTree, writeBigTree } from './big-tree.ts';
import { hasChromium, launchChromium, openReport } from './browser.ts';

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

  // @verifies report-scale#REPORT-LAZY-DOCUMENTS
  // @verifies report-scale#REPORT-OPENS-ON-MOST-GAPS
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
});
