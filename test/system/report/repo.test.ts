/**
 * The report of THIS repository, written by the real CLI and opened in
 * Chromium: its numbers must be the gate's numbers.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactTrace, TraceResult } from '../../../checks/model.ts';
import { readGateJson } from '../../../checks/reporters/html/embed.ts';
import { REPO, runFactline } from '../../support/cli.ts';
import { hasChromium, launchChromium, openReport } from './browser.ts';

describe.skipIf(!hasChromium)('report of this repository (real CLI, Chromium)', () => {
  let browser: Browser;
  let file: string;
  let json: TraceResult;
  let html: string;

  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'factline-repo-report-'));
    file = join(dir, 'report.html');
    const [report, check] = await Promise.all([
      runFactline(['report', '--out', file, '--quiet']),
      runFactline(['check', '--json']),
    ]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toBe(`${file}\n`);
    expect([0, 1], check.stderr).toContain(check.code);
    json = JSON.parse(check.stdout) as TraceResult;
    html = readFileSync(file, 'utf8');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // @verifies report#REPORT-EMBEDS-GATE-JSON
  // @verifies report#REPORT-SUMMARY-PER-DOCUMENT-AND-SECTION
  it('shows the same summary numbers as `factline check --json`', async () => {
    expect(JSON.parse(readGateJson(html)).summary).toEqual(json.summary);
    const { page, errors } = await openReport(browser, file);
    const shown = await page.$$eval('[data-total]', (nodes) =>
      Object.fromEntries(nodes.map((n) => [n.getAttribute('data-total'), Number(n.textContent)])),
    );
    const s = json.summary;
    expect(shown).toEqual({
      facts: s.facts,
      required: s.required,
      ...s.states,
      gaps: s.gaps,
      errors: s.findings.error,
      warnings: s.findings.warning,
    });
    // every document row equals its JSON summary; its section rows add up to it
    for (const d of json.documents) {
      const rows = await page.$$eval(`#summary-body tr[data-doc="${d.doc}"]`, (trs) =>
        trs.map((tr) => ({
          doc: tr.classList.contains('doc-row'),
          n: ['n-facts', 'n-verified', 'n-implemented', 'gaps'].map((c) =>
            Number(tr.querySelector(`.${c}`)?.textContent),
          ),
        })),
      );
      const docRow = rows.find((r) => r.doc)!;
      expect(docRow.n).toEqual([
        d.summary.facts,
        d.summary.states.verified,
        d.summary.states.implemented,
        d.summary.gaps,
      ]);
      const sections = rows.filter((r) => !r.doc);
      for (let i = 0; i < 4; i++)
        expect(sections.reduce((sum, r) => sum + (r.n[i] ?? 0), 0)).toBe(docRow.n[i]);
    }
    // Documents render on demand: with "all", scrolling through the page puts every fact in the DOM.
    await page.selectOption('#doc-filter', '');
    const facts = page.locator('[data-fact].fact');
    // One screen at a time, as a reader scrolls; at the end, one more look once the last render lands.
    for (let endsSeen = 0; endsSeen < 2 && (await facts.count()) < json.facts.length; ) {
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      });
      if (atEnd) endsSeen++;
      await page.waitForTimeout(atEnd ? 200 : 10);
    }
    expect(await facts.count()).toBe(json.facts.length);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // @verifies report#REPORT-SHOWS-CITING-CODE
  it('clicking a cited fact shows its citing code snippet', async () => {
    const fact = json.facts.find((f) => f.citations.some((i) => json.citations[i]?.verb === 'implements'));
    expect(fact, 'this repository cites at least one fact').toBeDefined();
    const citation = json.citations[fact!.citations.find((i) => json.citations[i]?.verb === 'implements')!]!;
    const source = readFileSync(join(REPO, citation.file), 'utf8').split('\n');
    const { page } = await openReport(browser, file, { hash: `#${fact!.doc}` });
    await page.locator(`[data-fact="${fact!.address}"] .fact-id`).click();
    const figure = page
      .locator('.detail figure.cite', { hasText: `${citation.file}:${citation.line}` })
      .first();
    await figure.waitFor();
    const caption = figure.locator('figcaption');
    expect(await figure.locator('.ln.here').textContent()).toBe(source[citation.line - 1]?.slice(0, 240));
    if (citation.symbol) expect(await caption.textContent()).toContain(citation.symbol);
    await page.context().close();
  });

  it('"gaps only" hides covered facts and keeps exactly the gaps (none here: page.test.ts plants them)', async () => {
    const { page } = await openReport(browser, file);
    await page.check('#gaps-only');
    const visible = await page.$$eval('[data-fact].fact', (nodes) =>
      nodes
        .filter((n) => (n as HTMLElement).offsetParent !== null && !n.classList.contains('dim'))
        .map((n) => n.getAttribute('data-fact')),
    );
    const gaps = json.facts.filter((f) => f.gap).map((f) => f.address);
    expect(visible.sort()).toEqual(gaps.sort());
    const covered = json.facts.find((f) => f.state === 'verified' || f.state === 'service');
    if (covered) expect(await page.locator(`[data-fact="${covered.address}"]`).isVisible()).toBe(false);
    await page.context().close();
  });

  // @verifies report#REPORT-FILTERS-AND-SEARCH
  it('search finds a fact by a word of its text', async () => {
    // the fact with the rarest long word: the search must narrow to the facts containing it
    const words = (f: FactTrace) => f.text.toLowerCase().match(/[a-z]{7,}/g) ?? [];
    // Counted once per word: the sort below compares each word many times (uncached, this outgrew the timeout).
    const texts = json.facts.map((f) => `${f.address} ${f.text}`.toLowerCase());
    const counts = new Map<string, number>();
    const count = (w: string) => {
      const known = counts.get(w);
      if (known !== undefined) return known;
      const n = texts.filter((t) => t.includes(w)).length;
      counts.set(w, n);
      return n;
    };
    const [fact, word] = json.facts
      .flatMap((f) => words(f).map((w) => [f, w] as const))
      .sort((a, b) => count(a[1]) - count(b[1]))[0]!;
    const { page } = await openReport(browser, file);
    await page.fill('#search', word);
    const visible = await page.$$eval('[data-fact].fact', (nodes) =>
      nodes
        .filter((n) => (n as HTMLElement).offsetParent !== null && !n.classList.contains('dim'))
        .map((n) => n.getAttribute('data-fact')),
    );
    expect(visible).toContain(fact.address);
    expect(visible).toHaveLength(count(word));
    await page.context().close();
  });

  // @verifies report#REPORT-DEEP-LINK-OPENS-FACT
  it('a deep link #doc:ID opens that fact', async () => {
    const fact = json.facts[Math.floor(json.facts.length / 2)]!;
    const { page } = await openReport(browser, file, { hash: `#${fact.doc}:${fact.id}` });
    const node = page.locator(`[data-fact="${fact.address}"]`);
    await expect(node.getAttribute('aria-expanded')).resolves.toBe('true');
    expect(await node.evaluate((n) => document.activeElement === n)).toBe(true);
    const box = await node.boundingBox();
    expect(box && box.y >= 0 && box.y < 900).toBe(true);
    expect(await page.locator('.detail code').first().textContent()).toBe(fact.address);
    await page.context().close();
  });

  // The README's picture, refreshed on demand like every golden file: `UPDATE=1 npx vitest run test/system/report/repo.test.ts`.
  it.runIf(process.env.UPDATE === '1')('UPDATE=1 rewrites docs/report.png from this repository', async () => {
    const fact = json.facts.find((f) => f.citations.length >= 2 && f.doc === 'mcp-core') ?? json.facts[0]!;
    const { page, errors } = await openReport(browser, file, {
      hash: `#${fact.doc}:${fact.id}`,
      context: { viewport: { width: 1400, height: 950 } },
    });
    await page.screenshot({ path: join(REPO, 'docs/report.png') });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
