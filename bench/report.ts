/**
 * bench/report: the HTML report of a generated 2,000-fact tree.
 * Measures page size, generation time (next to the `check --json` run on the
 * same tree, as a ratio) and, in Debian's Chromium, the `load` event and
 * the time until the page script has built every view (goal: < 2 s).
 *
 *   node --import tsx bench/report.ts [--facts 2000] [--runs 3]
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
import { renderHtmlReport } from '../checks/reporters/html.ts';
import { renderJson } from '../checks/reporters/json.ts';
import { loadConfig } from '../cli/config.ts';
import type { CliIO } from '../cli/io.ts';
import { collectReportInputs } from '../cli/report-inputs.ts';
import { runGate } from '../cli/run-gate.ts';
import { CHROMIUM, hasChromium, launchChromium } from '../support/chromium.ts';

const BIN = fileURLToPath(new URL('../bin/factline.js', import.meta.url));

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

/**
 * A project of `facts` facts: 20 specs of 10 sections; three in four facts
 * implemented, half verified, a few pending and service units, so every
 * state and a realistic spread of citations appear.
 */
export function generateTree(root: string, facts: number): void {
  const docs = 20;
  const perDoc = Math.ceil(facts / docs);
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

async function main(): Promise<void> {
  const factCount = arg('facts', 2000);
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
  const jsonMs: number[] = [];
  let html = '';
  let json = '';
  let facts = 0;
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    const { result, specs } = await runGate(quietIO, config, {});
    gateMs.push(performance.now() - t);
    facts = result.facts.length;
    t = performance.now();
    const inputs = await collectReportInputs(quietIO, config, result, specs);
    inputsMs.push(performance.now() - t);
    renderMs.push(time(() => (html = renderHtmlReport(result, inputs))));
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
  const reportCli = median(Array.from({ length: runs }, () => cli(['report', '--out', file, '--quiet'])));
  const checkCli = median(Array.from({ length: runs }, () => cli(['check', '--json'])));

  const cited = JSON.parse(json).citations.length as number;
  console.log(
    `bench/report: ${facts} facts, ${cited} citations${files ? ` in ${files} files (bench/check shape)` : ''}, ${runs} run(s) (medians)\n`,
  );
  console.log(
    `page size            ${kib(statSync(file).size)}   (--json alone: ${kib(json.length)}, ratio ${(html.length / json.length).toFixed(2)}x)`,
  );
  console.log(`gate (runGate)       ${ms(median(gateMs))}`);
  console.log(`read cited code      ${ms(median(inputsMs))}`);
  console.log(`render HTML          ${ms(median(renderMs))}   (render --json: ${ms(median(jsonMs))})`);
  console.log(
    `CLI report           ${ms(reportCli)}   vs CLI check --json ${ms(checkCli)}: ratio ${(reportCli / checkCli).toFixed(2)}x`,
  );

  if (!hasChromium) {
    console.log(`\nChromium: ${CHROMIUM} missing, page load not measured`);
  } else {
    const browser = await launchChromium();
    const loads: number[] = [];
    const ready: number[] = [];
    const filters: number[] = [];
    for (let r = 0; r < runs; r++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      await page.waitForSelector('body[data-ready="true"]');
      const nav = await page.evaluate(() => {
        const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { load: entry.loadEventEnd, domReady: entry.domContentLoadedEventEnd };
      });
      loads.push(nav.load);
      ready.push(nav.domReady);
      const t = performance.now();
      await page.check('#gaps-only');
      await page.fill('#search', 'rule 1');
      await page.evaluate(() => new Promise(requestAnimationFrame));
      filters.push(performance.now() - t);
      await page.close();
    }
    await browser.close();
    const load = median(loads);
    console.log(
      `Chromium load event  ${ms(load)}   (DOMContentLoaded incl. page script: ${ms(median(ready))}) goal < 2000 ms: ${load < 2000 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `filter + search      ${ms(median(filters))}   (gaps only, then a 2-word search, to next frame)`,
    );
  }
  rmSync(root, { recursive: true, force: true });
}

await main();
