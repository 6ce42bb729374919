/** The report's chain graphs, written by the real CLI on a copy of docs/chains. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runFactline } from '../support/cli.ts';
import { tempCopy } from '../support/temp.ts';

async function report(root: string): Promise<string> {
  const out = join(root, 'report.html');
  const r = await runFactline(['report', '-o', out], root);
  expect(r.code).toBe(0);
  return readFileSync(out, 'utf8');
}

const graphOf = (html: string, doc: string) =>
  new RegExp(`<details class="chain-graph" data-doc="${doc}">[\\s\\S]*?</details>`).exec(html)?.[0] ?? '';

describe('factline report: chain graphs', () => {
  // @verifies chains#REPORT-CHAIN-GRAPH
  it('draws one SVG per linked document, levels left to right, nodes opening their facts, with filters', async () => {
    const html = await report(tempCopy(join(REPO, 'docs', 'chains'), 'chains-report'));
    const software = graphOf(html, 'software');
    expect(software).toContain('<summary>software: 4 link(s)</summary>');
    expect(software).toContain('<input type="checkbox" class="f-refines" checked> refines');
    expect(software).toContain('<input type="checkbox" class="f-gaps"> gaps only');
    // system facts on the left (x=10), software next, test cases last.
    expect(software).toMatch(/<a href="#system:SYS-GREET" class="node s-refined n-ok">.*?<rect x="10" /);
    expect(software).toMatch(
      /<a href="#software:SW-GREET" class="node s-implemented n-ok">.*?<rect x="300" /,
    );
    expect(software).toMatch(/<a href="#tests:TC-GREET-ADA" class="node s-verified n-ok">.*?<rect x="590" /);
    expect(software.match(/<g class="edge e-refines">/g)).toHaveLength(4);
    // Inline and self-contained: no reference leaves the page.
    expect(software).not.toMatch(/(?:href|src)="(?:https?:)?\/\//);
  });

  // @verifies chains#REPORT-CHAIN-GRAPH
  it('marks a link that stopped counting and the facts with a gap', async () => {
    const root = tempCopy(join(REPO, 'docs', 'chains'), 'chains-report-red');
    const system = join(root, 'specs', 'system.md');
    writeFileSync(system, readFileSync(system, 'utf8').replace('by name.', 'by full name.'));
    const software = graphOf(await report(root), 'software');
    expect(software).toContain(
      '<g class="edge e-refines e-broken"><title>software#SW-GREET refines system#SYS-GREET (does not count: stale-link)</title>',
    );
    expect(software).toMatch(/<a href="#system:SYS-GREET" class="node s-missing-refinement n-gap">/);
  });
});
