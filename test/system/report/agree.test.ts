/**
 * One trace with a fact in every state, through the real gate: the page's
 * tiles, its filter chips and `check --json` must give the same numbers.
 * (A user once saw the tiles say 6 verified while the chips said 5: the tile
 * counted facts with a verifying test, the chip counted the state.)
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../checks/model.ts';
import { FACT_STATE_ORDER, FACT_STATES } from '../../../checks/states.ts';
import { runInProcess } from '../../support/cli.ts';
import { hasChromium, launchChromium, openReport } from './browser.ts';

const FIXTURE = fileURLToPath(new URL('../../fixtures/report/every-state', import.meta.url));

describe.skipIf(!hasChromium)('tiles, chips and check --json agree (every state, Chromium)', () => {
  let browser: Browser;
  let dir: string;
  let json: TraceResult;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'factline-every-state-'));
    cpSync(FIXTURE, dir, { recursive: true });
    // With results: one citing test failed and one was skipped, so those two states are held too.
    const run = await runInProcess(dir, [
      'check',
      '--json',
      '--no-cache',
      '--results',
      'results/junit.xml',
      '--html',
      'report.html',
    ]);
    expect(run.code, run.stderr).toBe(1);
    json = JSON.parse(run.stdout) as TraceResult;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // @verifies report#REPORT-NUMBERS-AGREE
  // @verifies trace#FACT-STATE-DECIDED-ONCE
  // @verifies report#REPORT-FAILED-TESTS-TALLIED-AS-FAILED
  it('shows every state with one count on the tiles, the chips and in the JSON', async () => {
    // The fixture really holds every state, and the summary is the tally of the facts' states.
    const perState = Object.fromEntries(
      FACT_STATE_ORDER.map((s) => [s, json.facts.filter((f) => f.state === s).length]),
    );
    expect(Object.values(perState).every((n) => n === 1)).toBe(true);
    expect(json.summary.states).toEqual(perState);
    expect(json.summary.gaps).toBe(json.facts.filter((f) => f.gap).length);
    // Three facts have a passing verifying test (one verified, one deviated, one missing its code): one is verified.
    expect(json.summary.states.verified).toBe(1);
    // A failed test is tallied as failed, never as a missing test (its badge says the same, below).
    expect(json.summary.states['test-failed']).toBe(1);

    const { page, errors } = await openReport(browser, join(dir, 'report.html'));
    const tiles = await page.$$eval('[data-total]', (nodes) =>
      Object.fromEntries(nodes.map((n) => [n.getAttribute('data-total'), Number(n.textContent)])),
    );
    const chips = await page.$$eval('#state-chips label', (labels) =>
      labels.map((l) => ({
        state: l.querySelector('input')?.value ?? '',
        text: l.textContent?.trim() ?? '',
      })),
    );
    for (const state of FACT_STATE_ORDER) {
      expect(tiles[state], `tile ${state}`).toBe(json.summary.states[state]);
      const chip = chips.find((c) => c.state === state);
      expect(chip?.text, `chip ${state}`).toBe(`${FACT_STATES[state]} ${json.summary.states[state]}`);
    }
    expect(tiles.gaps).toBe(json.summary.gaps);
    expect(tiles.facts).toBe(json.summary.facts);
    expect(tiles.required).toBe(json.summary.required);
    // Each fact's badge names the state it is counted under.
    for (const f of json.facts) {
      const badge = await page.locator(`[data-fact="${f.address}"] .badge`).first().textContent();
      expect(badge, f.address).toBe(FACT_STATES[f.state]);
    }

    // "gaps only" leaves exactly the facts the JSON marks as gaps.
    await page.check('#gaps-only');
    const shown = await page.$$eval('[data-fact].fact:not(.out)', (nodes) =>
      nodes.map((n) => n.getAttribute('data-fact')),
    );
    expect(shown.sort()).toEqual(
      json.facts
        .filter((f) => f.gap)
        .map((f) => f.address)
        .sort(),
    );
    expect(await page.textContent('#status-line')).toBe(
      `${json.summary.gaps} of ${json.summary.facts} facts shown`,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
