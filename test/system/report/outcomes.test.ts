/**
 * The report over the test-outcomes fixture gated with --results, in real
 * Chromium: each citing test's outcome stands beside its snippet.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, runInProcess } from '../../support/cli.ts';
import { hasChromium, launchChromium, openReport } from './browser.ts';

describe.skipIf(!hasChromium)('report with test outcomes (Chromium)', () => {
  // @verifies evidence#RESULTS-REPORT-SHOWS-OUTCOME
  it('shows passed, failed (with its first failure line) and skipped beside the citing snippets', async () => {
    const dir = copyFixture('test-outcomes');
    const browser = await launchChromium();
    try {
      const run = await runInProcess(dir, [
        'check',
        '--no-cache',
        '--results',
        'results/junit.xml',
        '--html',
        'out.html',
      ]);
      expect(run.code).toBe(1);
      const { page, errors } = await openReport(browser, join(dir, 'out.html'));
      const outcomeOf = async (fact: string) => {
        await page.click(`[data-fact="${fact}"]`);
        const span = page.locator('.detail figure.cite .outcome');
        const found = { text: await span.textContent(), title: await span.getAttribute('title') };
        await page.click(`[data-fact="${fact}"] .fact-id`);
        return found;
      };
      expect(await outcomeOf('demo#CUT-AT-80')).toEqual({ text: 'test passed', title: null });
      expect(await outcomeOf('demo#TRIM-BLANKS')).toEqual({
        text: 'test failed',
        title: "expected 'a \\t' to be 'a' // Object.is equality",
      });
      expect(await outcomeOf('demo#WRAP-WORDS')).toEqual({ text: 'test skipped', title: null });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
