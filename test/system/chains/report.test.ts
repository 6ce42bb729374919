/** The report of docs/chains in real Chromium: a fact's chain in its detail, and the graph's filters. */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, runFactline } from '../../support/cli.ts';
import { tempCopy } from '../../support/temp.ts';
import { hasChromium, launchChromium, openReport } from '../report/browser.ts';

describe.skipIf(!hasChromium)('the chain in the report (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // @verifies chains#REPORT-CHAIN-IN-DETAIL
  // @verifies chains#REPORT-CHAIN-GRAPH
  // @verifies chains#REPORT-SHOWS-ATTRIBUTES
  it('lists upstream and downstream facts in an opened fact, and filters the graph by kind and gaps', async () => {
    const root = tempCopy(join(REPO, 'docs', 'chains'), 'chains-page');
    const file = join(root, 'report.html');
    expect((await runFactline(['report', '-o', file], root)).code).toBe(0);
    const { page, errors, requests } = await openReport(browser, file, { hash: '#software:SW-GREET' });
    const chain = page.locator('.detail .chain').first();
    await expect(chain.textContent()).resolves.toContain(
      'Upstream (1)system#SYS-GREET — refined · software#SW-GREET refines system#SYS-GREET',
    );
    await expect(chain.textContent()).resolves.toContain(
      'Downstream (1)tests#TC-GREET-ADA — verified · tests#TC-GREET-ADA refines software#SW-GREET',
    );

    const graph = page.locator('details.chain-graph[data-doc="software"]');
    await graph.locator('summary').click();
    await expect(graph.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
    const shown = () =>
      graph
        .locator('.e-refines')
        .first()
        .evaluate((g) => getComputedStyle(g).display);
    await expect(shown()).resolves.not.toBe('none');
    await graph.locator('.f-refines').uncheck();
    await expect(shown()).resolves.toBe('none');
    await graph.locator('.f-gaps').check();
    const opacity = await graph
      .locator('.n-ok')
      .first()
      .evaluate((n) => getComputedStyle(n).opacity);
    expect(opacity).toBe('0.2');
    // An attribute of the fact shows in its detail.
    const top = await openReport(browser, file, { hash: '#system:SYS-GREET' });
    await expect(top.page.locator('.detail .detail-head .attribute').first().textContent()).resolves.toBe(
      'priority=high',
    );
    expect(errors).toEqual([]);
    expect(requests.every((u) => u.startsWith('file:'))).toBe(true);
  });
});
