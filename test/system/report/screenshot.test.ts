/**
 * `chromium --headless --screenshot` of factline's own report, with no
 * virtual-time budget: Chromium captures at the load event, so the picture
 * holds only what the page had built by then. The page once built itself
 * after an asynchronous decode, and under load one screenshot in two showed
 * the empty frame. Each shot here is read back (test/support/png.ts) and
 * compared, pixel by pixel, with the complete page: the same command given
 * a virtual-time budget (the old workaround, which lets the page finish
 * first). The empty frame (the page with its script taken out) is compared
 * the same way and must be told apart.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_JS } from '../../../checks/reporters/html/page-script.ts';
import { runFactline } from '../../support/cli.ts';
import { inkMask, type Png, readPng } from '../../support/png.ts';
import { CHROMIUM, hasChromium } from './browser.ts';

const WIDTH = 1280;
const HEIGHT = 900;
const SHOTS = 4;
/** The page's light background (#fbfbfa): ink is what stands out from it. */
const BACKGROUND: [number, number, number] = [0xfb, 0xfb, 0xfa];

/** One screenshot by the Chromium command line, as a user or a CI job takes it: no virtual-time budget. */
function screenshot(page: string, out: string, budget?: number): Promise<Buffer> {
  const profile = mkdtempSync(join(tmpdir(), 'factline-chromium-'));
  return new Promise((resolve, reject) => {
    const child = spawn(
      CHROMIUM,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        `--user-data-dir=${profile}`,
        `--window-size=${WIDTH},${HEIGHT}`,
        `--screenshot=${out}`,
        ...(budget === undefined ? [] : [`--virtual-time-budget=${budget}`]),
        pathToFileURL(page).href,
      ],
      { stdio: 'ignore' },
    );
    child.on('error', reject);
    child.on('close', (code) => {
      rmSync(profile, { recursive: true, force: true });
      try {
        resolve(readFileSync(out));
      } catch (error) {
        reject(new Error(`chromium exited ${code} without a screenshot: ${String(error)}`));
      }
    });
  });
}

/** How much of the complete page's ink a shot shows, and how much of its own ink the complete page has. */
function likeness(shot: Png, complete: Uint8Array): { found: number; own: number; ink: number } {
  const ink = inkMask(shot, BACKGROUND);
  let both = 0;
  let mine = 0;
  let theirs = 0;
  for (let i = 0; i < ink.length; i++) {
    mine += ink[i]!;
    theirs += complete[i]!;
    both += ink[i]! & complete[i]!;
  }
  return { found: both / theirs, own: mine === 0 ? 0 : both / mine, ink: mine };
}

describe.skipIf(!hasChromium)("headless screenshots of factline's own report (Chromium command line)", () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'factline-screenshot-'));
    file = join(dir, 'report.html');
    const report = await runFactline(['report', '--out', file, '--quiet']);
    expect(report.code, report.stderr).toBe(0);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // @verifies report#REPORT-FIRST-PAINT-HAS-CONTENT
  it('shows the complete page in every shot, taken side by side with no virtual-time budget', async () => {
    const html = readFileSync(file, 'utf8');
    console.log(`[screenshot] factline's own report: ${html.length} chars`);
    // The complete page: the same command, given time to finish first.
    const complete = readPng(await screenshot(file, join(dir, 'complete.png'), 20_000));
    expect([complete.width, complete.height]).toEqual([WIDTH, HEIGHT]);
    const completeInk = inkMask(complete, BACKGROUND);

    // The empty frame a too-early shot caught: the same page with its script taken out.
    const skeleton = join(dir, 'skeleton.html');
    writeFileSync(skeleton, html.replace(`<script>${REPORT_JS}</script>`, ''));
    expect(readFileSync(skeleton, 'utf8').length).toBeLessThan(html.length);

    // Several at once (and the empty frame beside them): a busy machine is where the early shot happened.
    const shots = await Promise.all([
      ...Array.from({ length: SHOTS }, (_, i) => screenshot(file, join(dir, `shot-${i}.png`))),
      screenshot(skeleton, join(dir, 'skeleton.png')),
    ]);
    const measured = shots.map((png) => likeness(readPng(png), completeInk));
    const empty = measured.pop()!;
    console.log(
      `[screenshot] ${SHOTS} shots: share of the complete page's ink shown ${measured.map((m) => m.found.toFixed(3)).join(', ')}; the empty frame ${empty.found.toFixed(3)}`,
    );
    // The measure tells the empty frame from the page...
    expect(empty.found).toBeLessThan(0.3);
    // ...and every shot is the page: its text, tiles and bars where the complete page has them.
    for (const m of measured) {
      expect(m.found).toBeGreaterThan(0.9);
      expect(m.own).toBeGreaterThan(0.9);
    }
  }, 240_000);
});
