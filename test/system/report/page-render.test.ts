/**
 * The page renders the specs itself (page/specs.ts, bundling
 * html/spec-markup.ts): Node's renderSpecMarkup is the oracle. Real reports,
 * written by the real CLI, of vibevm's real specs (../shared/corpus/vibevm)
 * and of generated Markdown (facts, raw HTML, links with javascript:
 * targets, images, tables, code, task lists, character references), opened
 * in Chromium: each document as the page renders it is, byte for byte, what
 * Node renders from the same text with the same units marked.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPageSpecs } from '../../../checks/reporters/html/embed.ts';
import { runFactline } from '../../support/cli.ts';
import { pageSpecMarkups } from '../../support/page-markup.ts';
import { SHARED } from '../../support/shared.ts';
import { tempProject } from '../../support/temp.ts';
import { hasChromium, launchChromium, openReport } from './browser.ts';

const CORPUS = join(SHARED, 'corpus', 'vibevm');
const HAS_CORPUS = existsSync(join(CORPUS, 'spec'));
if (!HAS_CORPUS)
  console.warn(`\n[page-render] ${CORPUS} is missing: the vibevm half of this test is SKIPPED.\n`);

const CONFIG = JSON.stringify({
  specs: ['specs/**/*.md'],
  sources: ['src/**/*.ts'],
  tests: ['test/**/*.ts'],
});

/** `factline report` over a project, through the real CLI; the page's text. */
async function writeReport(project: string): Promise<string> {
  const out = join(project, 'report.html');
  const run = await runFactline(['report', '--out', out, '--quiet'], project);
  expect(run.code, run.stderr).toBe(0);
  return out;
}

/** The page's own rendering of `doc` (its script's, in Chromium). */
function pageMarkup(page: Page, doc: string): Promise<string | undefined> {
  return page.evaluate(
    (d) =>
      (window as unknown as { factlineSpecMarkup(doc: string): string | undefined }).factlineSpecMarkup(d),
    doc,
  );
}

/** The documents the page has rendered so far, from its performance measures. */
function renderedDocs(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .filter((m) => m.name.startsWith('factline-render '))
      .map((m) => m.name.slice('factline-render '.length)),
  );
}

async function expectSameMarkup(browser: Browser, file: string): Promise<number> {
  const html = readFileSync(file, 'utf8');
  const { page, errors } = await openReport(browser, file);
  let compared = 0;
  for (const spec of pageSpecMarkups(html)) {
    const mine = await pageMarkup(page, spec.doc);
    // Byte for byte: a first difference is shown in context rather than as two whole documents.
    if (mine !== spec.markup) {
      const at = [...(mine ?? '')].findIndex((c, i) => c !== spec.markup[i]);
      expect(
        { doc: spec.doc, page: mine?.slice(Math.max(0, at - 80), at + 80) },
        `${spec.file} differs at ${at}`,
      ).toEqual({ doc: spec.doc, page: spec.markup.slice(Math.max(0, at - 80), at + 80) });
    }
    expect(mine, spec.file).toBe(spec.markup);
    compared++;
  }
  expect(errors).toEqual([]);
  await page.context().close();
  return compared;
}

// ---- generated Markdown --------------------------------------------------------------------------

const word = fc.constantFrom('alpha', 'beta', 'gamma', 'δέλτα', 'naïve', 'x_y', 'a-b', '42', 'wire');
const entity = fc.constantFrom(
  '&amp;',
  '&copy;',
  '&notit;',
  '&not;',
  '&nbsp;',
  '&#x27;',
  '&#0;',
  '&NoSuch;',
  '&AMP;',
);
const inline = fc
  .array(
    fc.oneof(
      word,
      entity,
      word.map((w) => `*${w}*`),
      word.map((w) => `**${w}**`),
      word.map((w) => `~~${w}~~`),
      word.map((w) => `\`${w} <b>\``),
      word.map((w) => `[${w}](https://example.com/${w})`),
      word.map((w) => `[${w}](javascript:window.__pwned='${w}')`),
      word.map((w) => `[${w}](JaVaScRiPt:alert(1))`),
      word.map((w) => `<a href="javascript:window.__pwned='${w}'">${w}</a>`),
      word.map((w) => `![${w}](https://example.com/${w}.png)`),
      fc.constant('<img src=x onerror="window.__pwned=\'img\'">'),
      fc.constant('<script>window.__pwned = "inline"</script>'),
      fc.constant('<status stage="impl" state="done"/>'),
      fc.constant('https://example.com/path?q=1.'),
      fc.constant('<https://example.org>'),
      fc.constant('@requires:implementation'),
      fc.constant('[p12]'),
      fc.constant('@status:test/work'),
      fc.string({
        unit: fc.constantFrom(
          '&',
          ';',
          '#',
          '<',
          '>',
          '*',
          '_',
          '[',
          ']',
          '(',
          ')',
          '!',
          '`',
          'a',
          ' ',
          '\\',
        ),
      }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(' '));

/** A document of blocks; `n` keeps its fact ids its own. */
function documentArb(n: number) {
  let k = 0;
  const id = () => `GEN-${n}-${k++}`;
  const block = fc.oneof(
    inline.map((t) => `@fact:${id()} ${t} @status:impl/done`),
    inline.map((t) => `@fact:${id().toLowerCase()} ${t}`),
    inline.map((t) => `[p3] @fact:${id()} ${t}`),
    fc
      .tuple(fc.constantFrom('##', '###'), inline, fc.boolean())
      .map(([h, t, anchored]) => `${h} ${t}${anchored ? ` {#${id()}}` : ''}`),
    inline.map((t) => `- [ ] @fact:${id()} ${t}\n- [x] ${t}\n- plain ${t}`),
    inline.map((t) => `1. @fact:${id()} ${t}\n2. ${t}`),
    inline.map(
      (t) => `| a | b |\n|---|:-:|\n| @fact:${id()} ${t.replaceAll('|', '\\|')} | x |\n| y | \`z\` |`,
    ),
    inline.map((t) => `\`\`\`ts\nconst s = "${t}";\n\`\`\``),
    inline.map((t) => `> ${t}\n> @fact:${id()} quoted`),
    fc.constantFrom(
      '<script>window.__pwned = "block"</script>',
      '<div onclick="window.__pwned=1">raw</div>',
      '<iframe srcdoc="<script>parent.__pwned = 1</script>"></iframe>',
      '<!-- a comment -->',
      '<status stage="impl" state="done"/>',
      '<svg onload="window.__pwned=1"><a xlink:href="javascript:alert(1)">x</a></svg>',
      '---',
      'Footnote[^1].\n\n[^1]: The note.',
    ),
  );
  return fc
    .array(block, { minLength: 1, maxLength: 12 })
    .map((blocks) => `# Generated ${n} {#root}\n\n${blocks.join('\n\n')}\n`);
}

describe.skipIf(!hasChromium)('the page renders each spec as Node renders it (real CLI, Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // @verifies report#REPORT-RENDERS-SPECS-IN-PAGE
  it.skipIf(!HAS_CORPUS)(
    "renders every vibevm spec of the corpus byte for byte as Node's renderSpecMarkup",
    async () => {
      const project = tempProject({ 'factline.config.json': CONFIG });
      const files: string[] = [];
      const walk = (dir: string): void => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (name.endsWith('.md')) files.push(path);
        }
      };
      walk(join(CORPUS, 'spec'));
      walk(join(CORPUS, 'packages'));
      for (const file of files) {
        const target = join(project, 'specs', relative(CORPUS, file));
        mkdirSync(join(target, '..'), { recursive: true });
        cpSync(file, target);
      }
      const report = await writeReport(project);
      expect(readPageSpecs(readFileSync(report, 'utf8'))).toHaveLength(files.length);
      expect(await expectSameMarkup(browser, report)).toBe(files.length);
    },
  );

  // @verifies report#REPORT-RENDERS-SPECS-IN-PAGE
  // @verifies report#REPORT-SPEC-TEXT-CANNOT-RUN-SCRIPT
  it('renders generated Markdown byte for byte as Node does, and no script in it runs with the CSP bypassed', async () => {
    const seed = Date.now();
    const docs = fc.sample(fc.tuple(...Array.from({ length: 24 }, (_, n) => documentArb(n))), {
      numRuns: 1,
      seed,
    })[0]!;
    const files: Record<string, string> = { 'factline.config.json': CONFIG };
    docs.forEach((text, n) => {
      files[`specs/gen-${String(n).padStart(2, '0')}.md`] = text;
    });
    files['src/a.ts'] = '// @implements gen-00#GEN-0-0\nexport const a = 1;\n';
    const project = tempProject(files);
    const report = await writeReport(project);
    try {
      expect(await expectSameMarkup(browser, report)).toBe(docs.length);
    } catch (error) {
      writeFileSync(join(project, 'SEED'), String(seed));
      throw new Error(`seed ${seed} (project kept at ${project}): ${String(error)}`);
    }
    // Now into the DOM, every document, with the sanitizer the only guard left.
    const { page, dialogs, errors } = await openReport(browser, report, {
      context: { bypassCSP: true },
      initScript: 'window.__pwned = false;',
    });
    for (const spec of readPageSpecs(readFileSync(report, 'utf8'))) {
      await page.selectOption('#doc-filter', spec.doc);
      const article = page.locator(`article.doc[data-doc="${spec.doc}"]`);
      expect(await article.count()).toBe(1);
      // Every link that stays in the page (a web link would only navigate away): a javascript: one would run here.
      for (const link of await article.locator('.spec a:not([href^="http"])').all()) {
        await link.click({ noWaitAfter: true });
      }
    }
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned: unknown }).__pwned)).toBe(false);
    expect(await page.locator('main iframe, main img, main svg, main script').count()).toBe(0);
    const hrefs = await page.$$eval('main a[href]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
    await page.context().close();
  });

  // @verifies report#REPORT-RENDERS-SPECS-IN-PAGE
  it('renders only the document it opens on, each other one when first shown and never twice, and names sections without rendering', async () => {
    const project = tempProject({
      'factline.config.json': CONFIG,
      'specs/one.md':
        '# One {#root}\n\n## The `wire` part {#wire}\n\n@fact:ONE-A Holds. @status:impl/done\n\n## Plain *words*\n\n@fact:ONE-B Holds too. @status:impl/done\n',
      'specs/two.md': '# Two {#root}\n\n## Second part\n\n@fact:TWO-A Holds. @status:impl/done\n',
      'specs/three.md': '# Three {#root}\n\n@fact:THREE-A Holds. @status:impl/done\n',
    });
    const report = await writeReport(project);
    const { page } = await openReport(browser, report);
    const opened = await page.inputValue('#doc-filter');
    expect(await renderedDocs(page)).toEqual([opened]);
    // The summary's section rows: the reader's titles, with no other document rendered for them.
    const sections = await page.$$eval('tr.section-row td:first-child a', (as) =>
      as.map((a) => a.textContent),
    );
    expect(sections).toEqual(['The `wire` part', 'Plain *words*', 'Three', 'Second part']);
    const other = ['one', 'two', 'three'].find((d) => d !== opened)!;
    await page.selectOption('#doc-filter', other);
    await page.selectOption('#doc-filter', opened);
    await page.selectOption('#doc-filter', other);
    expect(await renderedDocs(page)).toEqual([opened, other]);
    await page.context().close();
  });
});
