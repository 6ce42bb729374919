/**
 * Shared browser plumbing for the report tests: Debian's Chromium through
 * playwright-core (never `playwright install`). When /usr/bin/chromium is
 * missing locally the browser tests skip with a visible note; CI installs it
 * (.ci/install-chromium.sh).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

import { CHROMIUM, hasChromium } from '../../../support/chromium.ts';

export { CHROMIUM, hasChromium, launchChromium } from '../../../support/chromium.ts';

// CI installs Chromium (.ci/install-chromium.sh), so there a missing browser is a failure, not a skip.
if (!hasChromium && process.env.CI)
  throw new Error(`${CHROMIUM} is missing in CI: run .ci/install-chromium.sh`);
if (!hasChromium) {
  console.warn(
    `\n[test/report] ${CHROMIUM} not found: browser tests SKIPPED. Install with ` +
      '`apt-get install -y chromium` (CI runs .ci/install-chromium.sh).\n',
  );
}

export interface OpenedPage {
  page: Page;
  /** Messages of every dialog (alert/confirm/prompt) the page tried to show. */
  dialogs: string[];
  /** Every URL the page requested. */
  requests: string[];
  /** Uncaught page errors. */
  errors: string[];
}

/** Opens a report file at an optional hash and waits until its script has run. */
export async function openReport(
  browser: Browser,
  file: string,
  options: { hash?: string; context?: BrowserContextOptions; initScript?: string } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options.context });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  if (options.initScript) await page.addInitScript(options.initScript);
  await page.goto(pathToFileURL(file).href + (options.hash ?? ''));
  await page.waitForSelector('body[data-ready="true"]');
  return { page, dialogs, requests, errors };
}

/**
 * Writes HTML into a fresh temp dir and returns the file path. Called in a
 * test, the dir is removed when the test ends; called in a suite's
 * `beforeAll`, the suite's `afterAll` removes it (`dirname` of the path).
 */
export function writeTempHtml(html: string, name = 'report.html'): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-report-'));
  try {
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  } catch {
    // Not inside a test: the caller's afterAll removes it.
  }
  const file = join(dir, name);
  writeFileSync(file, html);
  return file;
}
