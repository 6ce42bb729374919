/**
 * The report in real Chromium (Debian's, through playwright-core): with
 * JavaScript off the page still shows the verdict, the counts and the gaps
 * (its <noscript> view); with it on, a section name in the narrow summary
 * column wraps between words, never inside one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFactline } from '../../support/cli.ts';
import { tempProject } from '../../support/temp.ts';
import { hasChromium, launchChromium } from './browser.ts';

const SPEC = `# Greeter {#root}

## Configuration of the greeting service {#configuration}

@fact:GREET-BY-NAME greets by name. @status:impl/done

@fact:GREET-DEFAULT greets the world by default. @status:impl/done
`;

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
beforeAll(async () => {
  if (hasChromium) browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function reportOf(): Promise<string> {
  const root = tempProject({
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*'],
      tests: ['test/**/*'],
    }),
    'specs/greeter.md': SPEC,
    'src/greet.ts':
      '// @implements greeter#GREET-BY-NAME\n// @implements greeter#GREET-DEFAULT\nexport const greet = 1;\n',
    'test/greet.test.ts': "// @verifies greeter#GREET-DEFAULT\nit('x', () => {});\n",
  });
  const check = await runFactline(['check', '--html', 'report.html'], root);
  expect(check.code).toBe(1);
  return join(root, 'report.html');
}

describe.skipIf(!hasChromium)('the report without JavaScript, and its names', () => {
  // @verifies report#REPORT-NOSCRIPT-VIEW
  it('with JavaScript off shows the verdict, the counts per document and each gap at its place', async () => {
    const file = await reportOf();
    expect(readFileSync(file, 'utf8')).toContain('<noscript>');
    const context = await browser!.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(pathToFileURL(file).href);
    const text = await page.locator('body').innerText();
    expect(text).toContain('FAIL: 2 facts, 2 required, 1 gap(s); 1 error(s)');
    expect(text).toMatch(
      /specs\/greeter\.md:\d+ missing-verification greeter#GREET-BY-NAME \(impl\/done\) has no verifying test/,
    );
    expect(text).toMatch(/greeter\s+2\s+1\s+1/);
    await context.close();
  }, 120_000);

  // Not yet (report REPORT-NAMES-WRAP-AT-WORDS, impl/work): keeping words whole made the summary overflow 1280 px (big-tree.test.ts); the fact is impl/work.
  it.todo('a section name in the summary column wraps at a space, never inside a word', async () => {
    const file = await reportOf();
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready="true"]');
    // Every line box of each summary name cell starts at a word: the text of each line, read back by range rects.
    const lines = await page.evaluate(() => {
      const out: string[][] = [];
      for (const cell of document.querySelectorAll('table.summary td:first-child')) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const byTop = new Map<number, string>();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const t = node.textContent ?? '';
          for (let i = 0; i < t.length; i++) {
            const r = document.createRange();
            r.setStart(node, i);
            r.setEnd(node, i + 1);
            const rect = r.getClientRects()[0];
            if (!rect) continue;
            const top = Math.round(rect.top);
            byTop.set(top, (byTop.get(top) ?? '') + t[i]);
          }
        }
        out.push([...byTop.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s));
      }
      return out;
    });
    const words = new Set(SPEC.split(/[^A-Za-z]+/).filter(Boolean));
    const wrapped = lines.filter((l) => l.length > 1);
    expect(wrapped.length).toBeGreaterThan(0);
    for (const cell of wrapped)
      for (const line of cell)
        for (const word of line.trim().split(/\s+/))
          expect(words.has(word) || !/^[A-Za-z]+$/.test(word), `${cell.join(' | ')}`).toBe(true);
    await context.close();
  }, 120_000);
});
