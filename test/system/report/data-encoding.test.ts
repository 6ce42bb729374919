/**
 * How the page's data is written, read back in real Chromium: references to
 * long strings met before (html/columns.ts), and big blocks in pieces
 * (html/embed.ts). A fact whose text repeats another's and a finding whose
 * message repeats another's are searched and listed as the JSON says, though
 * the data carries each of those strings once; a fact text of megabytes,
 * its pieces cut inside characters, is found by its last word.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddedBlock,
  GATE_DATA_ID,
  readEmbedded,
  readGateJson,
} from '../../../checks/reporters/html/embed.ts';
import { renderHtmlReport } from '../../../checks/reporters/html.ts';
import { renderJson } from '../../../checks/reporters/json.ts';
import { sampleInputs, sampleResult } from '../../support/report-sample.ts';
import { hasChromium, launchChromium, openReport, writeTempHtml } from './browser.ts';

const SHARED_TEXT = 'The server answers ping with an empty result, and it does so at once.';
const SHARED_MESSAGE = 'sample#NOPE-AT-ALL is not a fact of any document this project reads';

function repeatingResult() {
  const result = sampleResult();
  for (const fact of result.facts)
    if (fact.id === 'LOOP-PING' || fact.id === 'WIRE-NO-HEADERS') fact.text = SHARED_TEXT;
  for (const line of [30, 31]) {
    result.findings.push({
      rule: 'unknown-fact',
      severity: 'error',
      file: 'src/wire.ts',
      line,
      column: 4,
      message: SHARED_MESSAGE,
    });
  }
  return result;
}

describe.skipIf(!hasChromium)('the data blocks as written, read by the page (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // @verifies report#REPORT-DATA-LONG-STRINGS-ONCE
  it('searches and lists repeated texts as the JSON has them, the data holding each once', async () => {
    const result = repeatingResult();
    const html = renderHtmlReport(result, sampleInputs());
    expect(readGateJson(html)).toBe(renderJson(result));
    const data = readEmbedded(html, GATE_DATA_ID);
    expect(data.split(SHARED_TEXT).length - 1).toBe(1);
    expect(data.split(SHARED_MESSAGE).length - 1).toBe(1);

    const { page, errors } = await openReport(browser, writeTempHtml(html));
    await page.fill('#search', 'answers ping with an empty');
    const shown = await page.$$eval('[data-fact].fact', (nodes) =>
      nodes
        .filter((n) => (n as HTMLElement).offsetParent !== null && !n.classList.contains('dim'))
        .map((n) => n.getAttribute('data-fact')),
    );
    expect(shown.sort()).toEqual(['sample#LOOP-PING', 'sample#WIRE-NO-HEADERS']);
    const loose = await page.$$eval('#loose-findings li', (items) => items.map((li) => li.textContent ?? ''));
    expect(loose.filter((text) => text.endsWith(SHARED_MESSAGE))).toHaveLength(2);
    expect(loose.filter((text) => text.startsWith('src/wire.ts:3'))).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // @verifies report#REPORT-DATA-IN-PIECES
  it('reads a gate data block of several pieces, cut inside characters, and finds a fact by its last word', async () => {
    const result = sampleResult();
    const fact = result.facts.find((f) => f.id === 'LIST-FACT')!;
    fact.text = `a${'é€😀 '.repeat(200_000)}zanzibar`;
    const html = renderHtmlReport(result, sampleInputs());
    expect(embeddedBlock(html, GATE_DATA_ID).split(' ').length).toBeGreaterThan(1);
    expect(readGateJson(html)).toBe(renderJson(result));
    const { page, errors } = await openReport(browser, writeTempHtml(html));
    await page.fill('#search', 'zanzibar');
    const shown = await page.$$eval('[data-fact].fact', (nodes) =>
      nodes
        .filter((n) => (n as HTMLElement).offsetParent !== null && !n.classList.contains('dim'))
        .map((n) => n.getAttribute('data-fact')),
    );
    expect(shown).toEqual(['sample#LIST-FACT']);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
