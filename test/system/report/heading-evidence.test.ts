/**
 * A heading unit that code and tests cite shows its evidence as a fact does:
 * in `check --json`, `matrix`, `explain`, the report page (in Chromium, with
 * a screenshot kept for a person to look at) and the LSP hover.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../checks/model.ts';
import { LspClient } from '../../../support/lsp-client.ts';
import { runFactline } from '../../support/cli.ts';
import { tempProject } from '../../support/temp.ts';
import { hasChromium, launchChromium, openReport } from './browser.ts';

const SPEC = `# Store {#root}

## Create {#create}

Creating a store writes its folder.

## Remove {#remove}

Removing a store deletes it.

@fact:REMOVE-ASKS Removing asks first. @status:impl/done
`;

function project(): string {
  return tempProject({
    'factline.config.json': JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'] }),
    'specs/store.md': SPEC,
    'src/store.ts': [
      '// @implements store#create',
      'export function create() {}',
      '// @implements store#remove',
      'export function remove() {}',
      '// @implements store#REMOVE-ASKS',
      'export function ask() {}',
      '',
    ].join('\n'),
    'test/store.test.ts': [
      "import { it } from 'vitest';",
      "it('creates', () => {",
      '  // @verifies store#create',
      '});',
      "it('asks', () => {",
      '  // @verifies store#REMOVE-ASKS',
      '});',
      '',
    ].join('\n'),
  });
}

describe('heading units carry their evidence', () => {
  // @verifies trace#HEADING-EVIDENCE
  it('check --json lists cited headings with the state their citations give, apart from the fact counts', async () => {
    const root = project();
    const run = await runFactline(['check', '--json', '--no-cache'], root);
    const result = JSON.parse(run.stdout) as TraceResult;
    expect(result.headings?.map((h) => `${h.address} ${h.state} ${h.citations.length}`)).toEqual([
      'store#create verified 2',
      'store#remove implemented 1',
    ]);
    expect(result.summary.facts).toBe(1);
    expect(run.code).toBe(0);
  });

  // @verifies cli#MATRIX-HEADING-EVIDENCE
  it('matrix has a row for each cited heading with its implementations and tests', async () => {
    const root = project();
    const run = await runFactline(['matrix', '--format', 'csv'], root);
    const rows = run.stdout.trim().split('\n');
    expect(rows[1]).toMatch(
      /^store#create,spec\/work,,verified,src\/store\.ts:1.*,test\/store\.test\.ts:3 creates,/,
    );
    expect(rows[2]).toMatch(/^store#remove,spec\/work,,implemented only,src\/store\.ts:3/);
    expect(rows[3]).toMatch(/^store#REMOVE-ASKS,impl\/done,/);
  });

  // @verifies cli#EXPLAIN-HEADING-EVIDENCE
  it('explain gives a heading its state and its citations', async () => {
    const root = project();
    const run = await runFactline(['explain', 'store#create'], root);
    expect(run.stdout).toMatch(/state\s+verified/);
    expect(run.stdout).toContain('citations (2):');
  });

  // @verifies lsp#HEADING-EVIDENCE
  it('the LSP hover on a cited heading shows its state', async () => {
    const root = project();
    const client = await LspClient.start(root);
    try {
      const hover = await client.hover('specs/store.md', 2, 5);
      expect(hover?.contents.value).toContain('store#create');
      expect(hover?.contents.value).toContain('verified');
    } finally {
      await client.stop();
    }
  });
});

describe.skipIf(!hasChromium)('the report shows a heading unit with its evidence', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // @verifies report#REPORT-HEADING-EVIDENCE
  it('badges the cited heading with its state and opens its citations', async () => {
    const root = project();
    const file = join(root, 'report.html');
    const made = await runFactline(['report', '--out', file], root);
    expect(made.code).toBe(0);
    const { page, errors } = await openReport(browser, file, { hash: '#store' });
    const heading = page.locator('[data-fact="store#create"]');
    expect(await heading.evaluate((n) => n.tagName)).toBe('H2');
    expect(await heading.getAttribute('data-state')).toBe('verified');
    expect(await heading.locator('.badge').textContent()).toBe('verified');
    await heading.click();
    const detail = page.locator('.detail').first();
    await detail.waitFor();
    expect(await detail.textContent()).toContain('src/store.ts:1');
    expect(await detail.textContent()).toContain('test/store.test.ts:3');
    // #remove is implemented only, a state no fact is in (so no chip): it still shows.
    expect(await page.locator('[data-fact="store#remove"]').isVisible()).toBe(true);
    expect(await page.locator('[data-fact="store#remove"]').getAttribute('data-state')).toBe('implemented');
    const shot = process.env.FACTLINE_SHOT_DIR;
    if (shot && existsSync(shot)) {
      writeFileSync(join(shot, 'heading-evidence.png'), await page.screenshot({ fullPage: true }));
    }
    expect(errors).toEqual([]);
  });

  // @verifies report#REPORT-COUNTS-FACTS-ONLY
  it('counts facts only: the status line and the summary table hold the cited headings apart', async () => {
    const root = project();
    const file = join(root, 'report.html');
    expect((await runFactline(['report', '--out', file], root)).code).toBe(0);
    const { page, errors } = await openReport(browser, file, { hash: '#store' });
    expect(await page.locator('#status-line').textContent()).toBe('1 facts · 2 cited headings');
    const rows = await page
      .locator('#summary-body tr')
      .evaluateAll((trs) => trs.map((tr) => `${tr.className} ${tr.querySelector('.n-facts')?.textContent}`));
    // The document has one fact; only the section holding it has a row.
    expect(rows).toEqual(['doc-row 1', 'section-row 1']);
    expect(errors).toEqual([]);
  });
});
