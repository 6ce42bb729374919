/**
 * The report over the test-outcomes fixture gated with --results, in real
 * Chromium: each citing test's outcome stands beside its snippet.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, runInProcess } from '../../support/cli.ts';
import { hasChromium, launchChromium, openReport } from './browser.ts';

describe.skipIf(!hasChromium)('report with test outcomes (Chromium)', () => {
  // @verifies report#RESULTS-REPORT-SHOWS-OUTCOME
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
      // The runner's message decoded, its lines kept (joined by ⏎), first line first.
      const failed = await outcomeOf('demo#TRIM-BLANKS');
      expect(failed.text).toBe('test failed');
      expect(failed.title).toContain(
        "expected 'a \\t' to be 'a' // Object.is equality ⏎ Expected: \"a\" ⏎ Received:",
      );
      expect(await outcomeOf('demo#WRAP-WORDS')).toEqual({ text: 'test skipped', title: null });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // @verifies report#REPORT-OUTCOME-LABELS
  it('labels a gap by what became of its test, names the test and its failure, and shows a current pin as the pin', async () => {
    const dir = copyFixture('test-outcomes');
    const browser = await launchChromium();
    try {
      const facts = JSON.parse((await runInProcess(dir, ['facts', '--json'])).stdout).facts as {
        id: string;
        digest: string;
      }[];
      const cut = facts.find((f) => f.id === 'CUT-AT-80')!;
      const source = join(dir, 'src/text.ts');
      writeFileSync(
        source,
        readFileSync(source, 'utf8').replace('demo#CUT-AT-80', `demo#CUT-AT-80~${cut.digest.slice(0, 8)}`),
      );
      const run = await runInProcess(dir, [
        'report',
        '--quiet',
        '--results',
        'results/vitest.json',
        '--out',
        'out.html',
      ]);
      expect(run.code).toBe(0);
      const { page, errors } = await openReport(browser, join(dir, 'out.html'));
      const badge = (fact: string) => page.locator(`[data-fact="${fact}"] > .badge`).textContent();
      expect(await badge('demo#TRIM-BLANKS')).toBe('test failed');
      expect(await badge('demo#WRAP-WORDS')).toBe('test skipped');
      expect(await badge('demo#CUT-AT-80')).toBe('verified');
      const notes = async (fact: string) => {
        await page.click(`[data-fact="${fact}"]`);
        const found = await page
          .locator('.detail figure.cite .uncounted, .detail figure.cite .pin')
          .allTextContents();
        await page.click(`[data-fact="${fact}"] .fact-id`);
        return found;
      };
      expect(await notes('demo#TRIM-BLANKS')).toEqual([
        `test failed "text tools > lines > trims blanks": AssertionError: expected 'a \\t' to be 'a' // Object.is equality`,
      ]);
      expect(await notes('demo#WRAP-WORDS')).toEqual(['test skipped "text tools > lines > wraps words"']);
      expect(await notes('demo#CUT-AT-80')).toEqual([`pinned ~${cut.digest.slice(0, 8)}`]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
