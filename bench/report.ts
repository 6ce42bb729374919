/**
 * bench/report: the HTML report of a generated tree (default 5,000 facts in
 * 50 documents of 100). Measures the page's weight part by part (next to
 * the plain JSON it would carry uncompressed), generation time (next to the
 * `check --json` run on the same tree, as a ratio) and, in Debian's
 * Chromium, the `load` event, the time until the page script is ready
 * (goal: < 2 s), and how long a search and the "all" view take to the next
 * frame, with how many fact nodes each puts in the DOM.
 *
 *   node --import tsx bench/report.ts [--facts 5000] [--runs 3]
 *   node --import tsx bench/report.ts --files 20000 --runs 1
 * The second form builds the shape of bench/check.ts's tree (2,000 facts in
 * 20 specs, FILES source and test files of 5 citations each: 100,000
 * citations at 20,000 files), whose generator that script does not export.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { dataBlocks, plainLength } from '../checks/reporters/html/embed.ts';
import { REPORT_JS } from '../checks/reporters/html/page-script.ts';
import { REPORT_CSS } from '../checks/reporters/html/style.ts';
import { renderHtmlReport, renderHtmlReportAsync } from '../checks/reporters/html.ts';
import { renderJson } from '../checks/reporters/json.ts';
import type { CliIO } from '../cli/io.ts';
import { loadConfig, Project, rooms } from '../engine/index.ts';

const { collectReportInputs } = await rooms.report();

import { buildCli } from '../support/build-cli.ts';
import { CHROMIUM, hasChromium, launchChromium } from '../support/chromium.ts';

const BIN = fileURLToPath(new URL('../bin/factline.js', import.meta.url));

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

/**
 * A project of `facts` facts: specs of 100 facts in 10 sections; three in
 * four facts implemented, half verified, a few pending and service units, so
 * every state and a realistic spread of citations appear.
 */
export function generateTree(root: string, facts: number): void {
  const perDoc = 100;
  const docs = Math.ceil(facts / perDoc);
  mkdirSync(join(root, 'specs'), { recursive: true });
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(join(root, 'test'), { recursive: true });
  let made = 0;
  for (let d = 0; d < docs && made < facts; d++) {
    const doc = `area-${String(d).padStart(2, '0')}`;
    const spec: string[] = [`# Area ${d} {#root}`, '', '@status:impl/done', ''];
    const src: string[] = [];
    const test: string[] = [`import { it } from 'vitest';`, ''];
    for (let i = 0; i < perDoc && made < facts; i++, made++) {
      if (i % 10 === 0) spec.push(`## Section ${i / 10} {#s${i / 10}}`, '');
      const id = `AREA-${d}-RULE-${i}`;
      if (i % 25 === 24) {
        spec.push(`@fact:note-${i} A service note about rules ${i - 1} and ${i + 1}.`, '');
        continue;
      }
      const status = i % 20 === 19 ? '@status:spec/work' : '@status:impl/done';
      spec.push(
        `@fact:${id} Rule ${i} of area ${d}: the server MUST handle case ${i} by answering with \`code-${i}\` and logging it. ${status}`,
        '',
      );
      if (i % 4 !== 3) {
        src.push(`// @implements ${doc}#${id}`, `export function rule${i}(input: string): string {`);
        src.push(`  return input.length > ${i} ? 'code-${i}' : 'ok';`, '}', '');
      }
      if (i % 2 === 0) {
        test.push(`// @verifies ${doc}#${id}`, `it('rule ${i}', () => {});`, '');
      }
    }
    writeFileSync(join(root, 'specs', `${doc}.md`), spec.join('\n'));
    writeFileSync(join(root, 'src', `${doc}.ts`), src.join('\n'));
    writeFileSync(join(root, 'test', `${doc}.test.ts`), test.join('\n'));
  }
  writeFileSync(
    join(root, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
}

/** bench/check's shape: 20 specs × 100 facts; `files` files of 5 citations, every 5th a test. */
export function generateGateShapedTree(root: string, files: number): void {
  mkdirSync(join(root, 'specs'), { recursive: true });
  for (let s = 0; s < 20; s++) {
    const spec = [`# Spec ${s}`, '', '@status:impl/done', ''];
    for (let f = 0; f < 100; f++) {
      if (f % 25 === 0) spec.push(`## Part ${f / 25} {#part-${f / 25}}`, '');
      spec.push(
        `@fact:S${s}-FACT-${f} Component ${s} must handle case ${f} within the documented bounds.`,
        '',
      );
    }
    writeFileSync(join(root, 'specs', `spec${s}.md`), spec.join('\n'));
  }
  for (let i = 0; i < files; i++) {
    const test = i % 5 === 0;
    const dir = join(root, test ? 'test' : 'src', `m${Math.floor(i / 500)}`);
    mkdirSync(dir, { recursive: true });
    const body: string[] = [];
    for (let c = 0; c < 5; c++) {
      const ref = `spec${(i + c) % 20}#S${(i + c) % 20}-FACT-${(i * 3 + c) % 100}`;
      body.push(
        test ? `it('case ${i}.${c}', () => {` : `export function f${i}_${c}(x: number): number {`,
        `  // @${test ? 'verifies' : 'implements'} ${ref}`,
        test ? `  expect(${c}).toBe(${c});` : `  return x * ${c};`,
        test ? '});' : '}',
        '',
      );
    }
    writeFileSync(join(dir, `file${i}${test ? '.test' : ''}.ts`), body.join('\n'));
  }
  writeFileSync(
    join(root, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function time(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

const ms = (v: number) => `${v.toFixed(0)} ms`;
const kib = (v: number) => `${(v / 1024).toFixed(0)} KiB`;

type Block = ReturnType<typeof dataBlocks>[number];

/** The page's bytes part by part; each data block also as the plain text it decodes to. */
function sizeBreakdown(html: string): [part: string, bytes: number, note: string][] {
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  const [specs, gate, snippets] = dataBlocks(html) as [Block, Block, Block];
  const known =
    bytes(specs.encoded) +
    bytes(gate.encoded) +
    bytes(snippets.encoded) +
    bytes(REPORT_JS) +
    bytes(REPORT_CSS);
  const decoded = (b: Block) => `decodes to ${kib(bytes(b.plain))}`;
  return [
    ['specs (Markdown, rendered in the page)', bytes(specs.encoded), decoded(specs)],
    ['gate data (check --json)', bytes(gate.encoded), decoded(gate)],
    ['code snippets', bytes(snippets.encoded), `${decoded(snippets)} (lines stored once)`],
    ['page script', bytes(REPORT_JS), ''],
    ['stylesheet', bytes(REPORT_CSS), ''],
    ['the rest', bytes(html) - known, ''],
  ];
}

/** What a page interaction costs: time to the next frame and the fact nodes it leaves in the DOM. */
async function timed(
  page: Page,
  act: () => Promise<unknown>,
): Promise<{ ms: number; nodes: number; rendered: number }> {
  const t = performance.now();
  await act();
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const elapsed = performance.now() - t;
  // Documents the page has rendered from their Markdown so far (page/specs.ts measures each once).
  const rendered = await page.evaluate(
    () => performance.getEntriesByType('measure').filter((m) => m.name.startsWith('factline-render ')).length,
  );
  return { ms: elapsed, nodes: await page.locator('[data-fact].fact').count(), rendered };
}

async function main(): Promise<void> {
  // The CLI rows time the compiled CLI as shipped: a stale build would silently run the sources through tsx.
  await buildCli();
  const factCount = arg('facts', 5000);
  const files = arg('files', 0);
  const runs = arg('runs', 3);
  const root = mkdtempSync(join(tmpdir(), 'factline-bench-report-'));
  if (files > 0) generateGateShapedTree(root, files);
  else generateTree(root, factCount);
  const quietIO: CliIO = { cwd: root, env: process.env, stdout: process.stdout, stderr: process.stderr };
  const config = loadConfig(root);

  // In process: the gate, then the report's own share (read code + render).
  const gateMs: number[] = [];
  const inputsMs: number[] = [];
  const renderMs: number[] = [];
  const renderSyncMs: number[] = [];
  const jsonMs: number[] = [];
  let html = '';
  let json = '';
  let facts = 0;
  let lastInputs: Awaited<ReturnType<typeof collectReportInputs>> | undefined;
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    const { result, specs } = await new Project(quietIO, config).check({});
    gateMs.push(performance.now() - t);
    facts = result.facts.length;
    t = performance.now();
    const inputs = await collectReportInputs(quietIO, config, result, specs);
    inputsMs.push(performance.now() - t);
    // As `factline report` renders (its data packed on libuv's pool), and all on this thread; the
    // first of a process pays for compiling the renderer, so the two take turns going first.
    const sync = () => renderSyncMs.push(time(() => renderHtmlReport(result, inputs)));
    if (r % 2 === 1) sync();
    t = performance.now();
    html = await renderHtmlReportAsync(result, inputs);
    renderMs.push(performance.now() - t);
    if (r % 2 === 0) sync();
    lastInputs = inputs;
    jsonMs.push(time(() => (json = renderJson(result))));
  }
  const file = join(root, 'report.html');
  writeFileSync(file, html);

  // As a user runs them: two child processes on the same tree.
  const cli = (args: string[]) =>
    time(() => {
      const run = spawnSync(process.execPath, [BIN, ...args], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      if (run.status !== 0 && run.status !== 1) throw new Error(`factline ${args.join(' ')}: ${run.stderr}`);
    });
  // Warm (the caches the first run fills) and cold (--no-cache), in turns.
  cli(['report', '--out', file, '--quiet']);
  const turns = Array.from({ length: runs }, () => ({
    report: cli(['report', '--out', file, '--quiet']),
    check: cli(['check', '--json']),
    reportCold: cli(['report', '--out', file, '--quiet', '--no-cache']),
    checkCold: cli(['check', '--json', '--no-cache']),
  }));
  const reportCli = median(turns.map((t) => t.report));
  const checkCli = median(turns.map((t) => t.check));
  const reportCold = median(turns.map((t) => t.reportCold));
  const checkCold = median(turns.map((t) => t.checkCold));

  const cited = JSON.parse(json).citations.length as number;
  const plainSnippets = JSON.stringify({ snippets: lastInputs?.snippets ?? [] }).length;
  console.log(
    `bench/report: ${facts} facts, ${cited} citations${files ? ` in ${files} files (bench/check shape)` : ''}, ${runs} run(s) (medians)\n`,
  );
  const size = statSync(file).size;
  // The same page with its data as plain JSON (the form before compression): side by side, one run.
  // Plain data blocks, the snippets as gathered (before lines were stored once).
  const packedSnippets = dataBlocks(html)[2]?.plain.length ?? 0;
  const uncompressed = plainLength(html) - packedSnippets + plainSnippets;
  console.log(
    `page size            ${kib(size)}   (with plain JSON data: ${kib(uncompressed)}, ratio ${(size / uncompressed).toFixed(2)}; --json alone: ${kib(json.length)})`,
  );
  for (const [part, bytes, note] of sizeBreakdown(html)) {
    console.log(`  ${part.padEnd(26)} ${kib(bytes).padStart(9)}  ${note}`);
  }
  console.log(`gate (check)         ${ms(median(gateMs))}`);
  console.log(`read cited code      ${ms(median(inputsMs))}`);
  console.log(
    `render HTML          ${ms(median(renderMs))}   (packed on this thread alone: ${ms(median(renderSyncMs))}; render --json: ${ms(median(jsonMs))})`,
  );
  console.log(
    `CLI report           ${ms(reportCli)}   vs CLI check --json ${ms(checkCli)}: ratio ${(reportCli / checkCli).toFixed(2)}x (caches warm)`,
  );
  console.log(
    `CLI report --no-cache ${ms(reportCold)}  vs CLI check --json --no-cache ${ms(checkCold)}: ratio ${(reportCold / checkCold).toFixed(2)}x`,
  );

  if (!hasChromium) {
    console.log(`\nChromium: ${CHROMIUM} missing, page load not measured`);
  } else {
    const browser = await launchChromium();
    const loads: number[] = [];
    const ready: number[] = [];
    const parsed: number[] = [];
    const decoded: number[] = [];
    const filters: number[] = [];
    const views: Record<string, { ms: number[]; nodes: number; rendered: number }> = {};
    const record = (name: string, r: { ms: number; nodes: number; rendered: number }) => {
      views[name] ??= { ms: [], nodes: 0, rendered: 0 };
      views[name].ms.push(r.ms);
      views[name].nodes = r.nodes;
      views[name].rendered = r.rendered;
    };
    for (let r = 0; r < runs; r++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      await page.waitForSelector('body[data-ready="true"]');
      const nav = await page.evaluate(() => {
        const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        // The page script decodes its data asynchronously: ready is its own mark, after load.
        // No helper function here: tsx would wrap it in a __name() the page does not have.
        const [data, ready] = ['factline-data', 'factline-ready'].map(
          (name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN,
        );
        return { parsed: entry.domInteractive, data, ready, load: entry.loadEventEnd };
      });
      loads.push(nav.load);
      ready.push(nav.ready ?? Number.NaN);
      parsed.push(nav.parsed);
      decoded.push(nav.data ?? Number.NaN);
      const t = performance.now();
      await page.check('#gaps-only');
      await page.fill('#search', 'rule 1');
      await page.evaluate(() => new Promise(requestAnimationFrame));
      filters.push(performance.now() - t);
      await page.uncheck('#gaps-only');
      // One fact of each document matches; then every fact; then one document's ten.
      record('search "RULE-98" (1 per document)', await timed(page, () => page.fill('#search', 'RULE-98')));
      record('search "area" (every fact)', await timed(page, () => page.fill('#search', 'area')));
      record(
        'search "AREA-3-RULE-9" (one document)',
        await timed(page, () => page.fill('#search', 'AREA-3-RULE-9')),
      );
      await page.fill('#search', '');
      record('"all" documents', await timed(page, () => page.selectOption('#doc-filter', '')));
      record(
        'scroll "all" to the end',
        await timed(page, async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await page.evaluate(() => new Promise(requestAnimationFrame));
        }),
      );
      await page.close();
    }
    await browser.close();
    const load = median(loads);
    const usable = median(ready);
    console.log(
      `Chromium ready       ${ms(usable)}   (page script done; load event ${ms(load)}) goal < 2000 ms: ${usable < 2000 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  HTML parsed ${ms(median(parsed))}, data decoded ${ms(median(decoded))}, views built ${ms(usable)} (from navigation)`,
    );
    console.log(
      `filter + search      ${ms(median(filters))}   (gaps only, then a 2-word search, to next frame)`,
    );
    for (const [name, v] of Object.entries(views)) {
      console.log(
        `  ${name.padEnd(36)} ${ms(median(v.ms)).padStart(7)}   ${v.nodes} fact nodes in the DOM, ${v.rendered} documents rendered so far`,
      );
    }
  }
  rmSync(root, { recursive: true, force: true });
}

await main();
