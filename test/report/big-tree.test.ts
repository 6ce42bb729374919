/**
 * The report on a generated 5,000-fact tree in real Chromium: light to load,
 * opening where the gaps are.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BigTree, writeBigTree } from './big-tree.ts';
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

  it('loads the page and reports its size and load time', async () => {
    const start = Date.now();
    const { page, errors } = await openReport(browser, tree.report);
    const ms = Date.now() - start;
    console.log(`[big-tree] ${tree.bytes} bytes, load ${ms} ms, mostGaps ${tree.mostGaps}`);
    expect(errors).toEqual([]);
    expect(await page.textContent('[data-total="facts"]')).toBe('5000');
    await page.context().close();
  });
});
