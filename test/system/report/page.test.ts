/**
 * The page's behaviour in real Chromium, over a hand-built trace with one
 * fact in every state (independent of the gate's current output).
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactState } from '../../../checks/model.ts';
import { renderHtmlReport } from '../../../checks/reporters/html.ts';
import { sampleInputs, sampleResult } from '../../support/report-sample.ts';
import { hasChromium, launchChromium, openReport, writeTempHtml } from './browser.ts';

const result = sampleResult();

async function visibleFacts(page: Page): Promise<string[]> {
  return page.$$eval('[data-fact].fact', (nodes) =>
    nodes
      .filter(
        (n) =>
          (n as HTMLElement).offsetParent !== null &&
          !n.classList.contains('dim') &&
          getComputedStyle(n).opacity !== '0.25',
      )
      .map((n) => n.getAttribute('data-fact') ?? ''),
  );
}

describe.skipIf(!hasChromium)('report page (sample trace, Chromium)', () => {
  let browser: Browser;
  let file: string;
  beforeAll(async () => {
    browser = await launchChromium();
    file = writeTempHtml(renderHtmlReport(result, sampleInputs()));
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dirname(file), { recursive: true, force: true });
  });

  // @verifies report#REPORT-FACTS-MARKED-BY-STATE
  it('marks each fact with its state and a visible label', async () => {
    const { page, errors } = await openReport(browser, file);
    const labels: Record<FactState, string> = {
      verified: 'verified',
      refined: 'covered through refinement',
      implemented: 'implemented only',
      'missing-implementation': 'missing implementation',
      'missing-verification': 'missing test',
      missing: 'missing implementation and test',
      'missing-refinement': 'not covered through refinement',
      'test-failed': 'test failed',
      'test-skipped': 'test skipped',
      stale: 'stale citation',
      deviated: 'deviated',
      pending: 'pending',
      service: 'service unit',
      void: 'void',
    };
    for (const fact of result.facts) {
      const node = page.locator(`[data-fact="${fact.address}"]`);
      await expect(node.getAttribute('data-state')).resolves.toBe(fact.state);
      await expect(node.locator('.badge').first().textContent()).resolves.toBe(labels[fact.state]);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // @verifies report#REPORT-SELF-CONTAINED-PAGE
  it('requests nothing but its own file', async () => {
    const { page, requests } = await openReport(browser, file, { hash: '#sample:WIRE-LINES' });
    await page.click('[data-fact="sample#LOOP-PING"]');
    expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
    expect(requests).toHaveLength(1);
    await page.context().close();
  });

  // @verifies report#REPORT-SUMMARY-PER-DOCUMENT-AND-SECTION
  it('shows totals from the JSON summary and section rows that add up to the document row', async () => {
    const { page } = await openReport(browser, file);
    const total = (key: string) => page.textContent(`[data-total="${key}"]`).then(Number);
    expect(await total('facts')).toBe(result.summary.facts);
    expect(await total('verified')).toBe(result.summary.states.verified);
    expect(await total('implemented')).toBe(result.summary.states.implemented);
    expect(await total('missing-verification')).toBe(result.summary.states['missing-verification']);
    expect(await total('gaps')).toBe(result.summary.gaps);
    const rows = await page.$$eval('#summary-body tr', (trs) =>
      trs.map((tr) => ({
        kind: tr.className,
        section: tr.getAttribute('data-section'),
        n: ['n-facts', 'n-verified', 'n-implemented', 'gaps'].map((c) =>
          Number(tr.querySelector(`.${c}`)?.textContent),
        ),
        bars: tr.querySelectorAll('.bar i').length,
      })),
    );
    const doc = rows.find((r) => r.kind === 'doc-row')!;
    const sections = rows.filter((r) => r.kind === 'section-row');
    expect(sections.map((s) => s.section)).toEqual(['wire', 'loop']);
    expect(doc.n).toEqual([11, 1, 1, 5]);
    for (let i = 0; i < 4; i++) expect(sections.reduce((sum, s) => sum + (s.n[i] ?? 0), 0)).toBe(doc.n[i]);
    expect(doc.bars).toBeGreaterThan(1);
    await page.context().close();
  });

  // @verifies report#REPORT-SHOWS-CITING-CODE
  it('opens a fact on click and shows each citing snippet with file:line, symbol and the citation line marked', async () => {
    const { page } = await openReport(browser, file);
    await page.click('[data-fact="sample#WIRE-LINES"]');
    const figures = page.locator('.detail figure.cite');
    await expect(figures.count()).resolves.toBe(2);
    const captions = await figures.locator('figcaption').allTextContents();
    expect(captions[0]).toContain('src/wire.ts:3');
    expect(captions[0]).toContain('function readFrame');
    expect(captions[1]).toContain('test: reads one line');
    const here = await page.locator('.detail pre.snippet .ln.here').first().textContent();
    expect(here).toBe('// @implements sample#WIRE-LINES');
    // code is text: the <b> in the sample code is shown, not rendered
    expect(await page.locator('.detail pre.snippet b').count()).toBe(0);
    expect(await page.locator('.detail pre.snippet').first().textContent()).toContain("'<b>0</b>'");
    await page.click('[data-fact="sample#WIRE-LINES"] .fact-id');
    expect(await page.locator('.detail').count()).toBe(0);
    await page.context().close();
  });

  // @verifies report#REPORT-FILTERS-AND-SEARCH
  it('filters by gaps, state and document, and searches ids and text', async () => {
    const { page } = await openReport(browser, file);
    await page.check('#gaps-only');
    const gaps = [
      'sample#LIST-FACT',
      'sample#NESTED-GAP',
      'sample#LOOP-PING',
      'sample#LOOP-STALE',
      'sample#TABLE-CELL-FACT',
    ];
    expect((await visibleFacts(page)).sort()).toEqual(gaps.sort());
    // the service lead item stays (dimmed) because it holds a nested gap
    expect(await page.locator('[data-fact="sample#nested-lead"]').getAttribute('class')).toContain('dim');
    expect(await page.locator('[data-fact="sample#NESTED-GAP"]').isVisible()).toBe(true);
    await page.uncheck('#gaps-only');
    await page.uncheck('#state-chips input[value="verified"]');
    expect(await visibleFacts(page)).not.toContain('sample#WIRE-LINES');
    expect(await visibleFacts(page)).toHaveLength(result.facts.length - 1);
    await page.check('#state-chips input[value="verified"]');
    await page.fill('#search', 'zebra');
    expect(await visibleFacts(page)).toEqual(['sample#TABLE-CELL-FACT']);
    await page.fill('#search', 'loop-p');
    expect(await visibleFacts(page)).toEqual(['sample#LOOP-PING']);
    await page.fill('#search', 'EMPTY result');
    expect(await visibleFacts(page)).toEqual(['sample#LOOP-PING']);
    await page.fill('#search', '');
    await page.selectOption('#doc-filter', 'sample');
    expect(await visibleFacts(page)).toHaveLength(result.facts.length);
    await page.context().close();
  });

  // @verifies report#REPORT-DEEP-LINK-OPENS-FACT
  it('opens the fact named by #doc:ID, even when a filter was hiding it', async () => {
    const { page } = await openReport(browser, file, { hash: '#sample:LOOP-DEVIATES' });
    const node = page.locator('[data-fact="sample#LOOP-DEVIATES"]');
    await expect(node.getAttribute('aria-expanded')).resolves.toBe('true');
    expect(await page.locator('.detail figcaption').first().textContent()).toContain(
      'reason: hosts send batches',
    );
    await page.check('#gaps-only');
    await page.evaluate(() => {
      location.hash = '#sample:WIRE-LINES';
    });
    const verified = page.locator('[data-fact="sample#WIRE-LINES"]');
    await page.waitForSelector('[data-fact="sample#WIRE-LINES"][aria-expanded="true"]');
    expect(await page.isChecked('#gaps-only')).toBe(false);
    expect(await verified.isVisible()).toBe(true);
    await page.context().close();
  });

  // @verifies report#REPORT-KEYBOARD-USABLE
  it('works from the keyboard: / searches, Tab reaches facts, Enter opens, arrows move, Escape closes', async () => {
    const { page } = await openReport(browser, file);
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
    await page.keyboard.type('ping');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-fact'))).toBe(
      'sample#LOOP-PING',
    );
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-fact="sample#LOOP-PING"]').getAttribute('aria-expanded')).resolves.toBe(
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-fact="sample#LOOP-PING"]').getAttribute('aria-expanded')).resolves.toBe(
      'false',
    );
    await page.focus('#search');
    await page.keyboard.press('Escape');
    expect(await page.inputValue('#search')).toBe('');
    await page.focus('[data-fact="sample#WIRE-LINES"]');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-fact'))).toBe(
      'sample#WIRE-NO-HEADERS',
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-fact'))).toBe(
      'sample#LIST-FACT',
    );
    await page.keyboard.press(' ');
    await expect(page.locator('[data-fact="sample#LIST-FACT"]').getAttribute('aria-expanded')).resolves.toBe(
      'true',
    );
    await page.context().close();
  });

  // @verifies report#REPORT-LIGHT-AND-DARK
  it('follows prefers-color-scheme: light and dark palettes', async () => {
    const luminance = async (scheme: 'light' | 'dark') => {
      const { page } = await openReport(browser, file, { context: { colorScheme: scheme } });
      const colors = await page.evaluate(() => {
        const bg = getComputedStyle(document.body).backgroundColor;
        const fg = getComputedStyle(document.body).color;
        return [bg, fg].map((c) => (c.match(/\d+/g) ?? []).slice(0, 3).map(Number));
      });
      await page.context().close();
      return colors.map(([r = 0, g = 0, b = 0]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255);
    };
    const [lightBg, lightFg] = await luminance('light');
    const [darkBg, darkFg] = await luminance('dark');
    expect(lightBg).toBeGreaterThan(0.9);
    expect(lightFg).toBeLessThan(0.2);
    expect(darkBg).toBeLessThan(0.15);
    expect(darkFg).toBeGreaterThan(0.8);
  });
});
