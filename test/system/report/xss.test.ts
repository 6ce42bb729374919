/**
 * Hostile spec and code text, through the real CLI into a report, opened in
 * Chromium with the page's CSP bypassed: the sanitizer and the text-only
 * DOM building must hold on their own.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBlock, GATE_DATA_ID, readGateJson } from '../../../checks/reporters/html/embed.ts';
import { runFactline } from '../../support/cli.ts';
import { hasChromium, launchChromium, openReport } from './browser.ts';

const EVIL_SPEC = `# Evil spec {#root}

@fact:EVIL-SCRIPT Inline <script>window.__pwned = 'inline'; alert(1)</script> script. @status:impl/done

@fact:EVIL-IMG An image <img src=x onerror="window.__pwned = 'img'; alert(2)"> with a handler. @status:impl/done

@fact:EVIL-LINK A [markdown link](javascript:window.__pwned='md-link';alert(3)) and an <a href="javascript:window.__pwned='html-link';alert(4)">html link</a>. @status:impl/done

<script>window.__pwned = 'block'; alert(5)</script>

<iframe srcdoc="<script>parent.__pwned = 'iframe'</script>"></iframe>

@fact:EVIL-CLOSE Closes the data block </script><script>window.__pwned = 'close'; alert(6)</script> early. @status:impl/done

@fact:evil-svg <svg onload="window.__pwned = 'svg'; alert(7)"><a xlink:href="javascript:alert(8)">x</a></svg> and ![pic](javascript:alert(9))
`;

const EVIL_CODE = `// @implements evil#EVIL-SCRIPT
export const payload = '</script><script>window.__pwned = "code"; alert(10)</script><img src=x onerror=alert(11)>';
// @implements evil#EVIL-IMG
export function onerror() { return '<b onmouseover="alert(12)">x</b>'; }
`;

describe.skipIf(!hasChromium)('hostile spec and code text (real CLI, Chromium, CSP bypassed)', () => {
  let browser: Browser;
  let project: string;
  let file: string;
  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'factline-xss-'));
    mkdirSync(join(project, 'specs'));
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'specs', 'evil.md'), EVIL_SPEC);
    writeFileSync(join(project, 'src', 'evil.ts'), EVIL_CODE);
    writeFileSync(
      join(project, 'factline.config.json'),
      JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
    );
    file = join(project, 'report.html');
    const run = await runFactline(['report', '--out', file, '--quiet'], project);
    expect(run.code, run.stderr).toBe(0);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(project, { recursive: true, force: true });
  });

  // @verifies report#REPORT-SPEC-TEXT-CANNOT-RUN-SCRIPT
  it('runs no injected script, shows no dialog, and keeps javascript: links inert', async () => {
    const { page, dialogs, errors } = await openReport(browser, file, {
      context: { bypassCSP: true },
      initScript: 'window.__pwned = false;',
    });
    // open every fact (renders the code snippets), hover and click everything clickable
    for (const node of await page.locator('[data-fact].fact').all()) {
      await node.locator('.fact-id').click();
    }
    expect(await page.locator('.detail figure.cite').count()).toBe(2);
    for (const link of await page.locator('main a').all()) {
      await link.hover();
      await link.click({ noWaitAfter: true });
    }
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned: unknown }).__pwned)).toBe(false);
    expect(errors).toEqual([]);
    expect(page.url()).toMatch(/^file:/);

    // only our four script elements: three (gzipped) data blocks and the page script
    const scripts = await page.$$eval('script', (s) => s.map((e) => e.getAttribute('type') ?? 'js'));
    expect(scripts).toEqual(['application/gzip', 'application/gzip', 'application/gzip', 'js']);
    expect(await page.locator('iframe, img, svg, object, embed').count()).toBe(0);
    const handlers = await page.$$eval('*', (all) =>
      all.flatMap((e) =>
        [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName} ${a.name}`),
      ),
    );
    expect(handlers).toEqual([]);
    const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);

    // the hostile text is still there for the reader, as text
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain("<script>window.__pwned = 'block'; alert(5)</script>");
    expect(text).toContain('window.__pwned = "code"');
    await page.context().close();
  });

  it('keeps the embedded JSON intact: hostile fact text parses back unchanged', async () => {
    const html = readFileSync(file, 'utf8');
    expect(embeddedBlock(html, GATE_DATA_ID)).not.toContain('<');
    const result = JSON.parse(readGateJson(html)) as { facts: { id: string; text: string }[] };
    expect(result.facts.find((f) => f.id === 'EVIL-CLOSE')?.text).toContain('</script><script>');
  });
});
