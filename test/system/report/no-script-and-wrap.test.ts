/**
 * The report in real Chromium (Debian's, through playwright-core): with
 * JavaScript off the page still shows the verdict, the counts and the gaps
 * (its <noscript> view); with it on, a section name in the narrow summary
 * column wraps between words, never inside one (read back per word with
 * Range.getClientRects, test/system/report/word-wrap.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFactline } from '../../support/cli.ts';
import { tempProject } from '../../support/temp.ts';
import { hasChromium, launchChromium, openReport } from './browser.ts';
import { nameWrapping, overflow } from './word-wrap.ts';

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
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the text as rendered (hidden parts left out), which is what a reader sees
    const text = await page.locator('body').innerText();
    expect(text).toContain('FAIL: 2 facts, 2 required, 1 gap(s); 1 error(s)');
    expect(text).toMatch(
      /specs\/greeter\.md:\d+ missing-verification greeter#GREET-BY-NAME \(impl\/done\) has no verifying test/,
    );
    expect(text).toMatch(/greeter\s+2\s+1\s+1/);
    await context.close();
  }, 120_000);

  // @verifies report#REPORT-NAMES-WRAP-AT-WORDS
  it('a section name in the summary column wraps at a space, never inside a word, and nothing overflows 1280 px', async () => {
    const file = await reportOf();
    const { page, errors } = await openReport(browser!, file);
    const names = await nameWrapping(page);
    // "Configuration of the greeting service" is too long for one line of the column: it does wrap...
    expect(names.wrapped).toBeGreaterThan(0);
    // The document's name and the section's five words.
    expect(names.words).toBeGreaterThanOrEqual(6);
    // ...between its words, every one of which fits the column ("Configura tion" was the bug).
    expect(names.split).toEqual([]);
    expect(await overflow(page)).toEqual({ page: 0, side: 0 });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
