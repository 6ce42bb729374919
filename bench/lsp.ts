/**
 * bench/lsp: `factline lsp` on the synthetic tree of bench/check.ts (2,000
 * facts, 20,000 files, 100,000 citations), driven by a real LSP client over
 * the server process's stdio. Prints, side by side with `factline check` on
 * the same tree (cold, then with its cache):
 * - time to first hover: from spawning the server to the first hover's
 *   answer (the first full scan included), cold and with the cache;
 * - the first hover once the scan is done, then hover and completion
 *   latency p50/p99 over many requests;
 * - an unsaved edit until its diagnostics arrive (the server waits for the
 *   buffer to be quiet 150 ms first), and an unsaved spec edit until an open
 *   buffer citing the fact shows it stale (reworded) or unknown (renamed:
 *   every citation of the tree is resolved again);
 * - the server's resident memory.
 * Run:
 *   node --import tsx bench/lsp.ts [--files N] [--requests N] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingVerification } from '../checks/rules/missing-verification.ts';
import { staleCitation } from '../checks/rules/stale-citation.ts';
import { unknownFact } from '../checks/rules/unknown-fact.ts';
import { projectCacheDir } from '../engine/index.ts';
import { buildCli } from '../support/build-cli.ts';
import { LspClient } from '../support/lsp-client.ts';
import { CITES_PER_FILE, fileOf, generateTree, TEST_SHARE } from './synthetic-tree.ts';

const args = process.argv.slice(2);
const FILES = Number(args[args.indexOf('--files') + 1]) || 20_000;
const REQUESTS = Number(args[args.indexOf('--requests') + 1]) || 1_000;
const OPEN = 100;

const BIN = join(import.meta.dirname, '..', 'bin', 'factline.js');
const ms = (n: number) => (n < 10 ? `${n.toFixed(2)} ms` : `${n.toFixed(0)} ms`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function latencies(name: string, times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(
    `  ${name.padEnd(34)} p50 ${ms(p50).padStart(9)}  p99 ${ms(p99).padStart(9)}  (${times.length} requests)`,
  );
  return { p50, p99 };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await work();
  return [out, performance.now() - t];
}

function timedCheck(root: string): number {
  const t = performance.now();
  spawnSync(process.execPath, [BIN, 'check'], { cwd: root, maxBuffer: 1 << 30 });
  return performance.now() - t;
}

/** 0-based line and a column inside the reference of citation `c` of source file `i`. */
function citationPlace(i: number, c: number): { line: number; character: number } {
  const test = i % TEST_SHARE === 0;
  return { line: 2 + c * 6 + (test ? 1 : 0), character: test ? 22 : 20 };
}

const sources = Array.from({ length: OPEN }, (_, k) => k * TEST_SHARE + 1).filter((i) => i < FILES);

/** Spawn, open the files, hover once: the time from spawn to that answer. */
async function firstHover(root: string): Promise<{ client: LspClient; toFirstHover: number }> {
  const start = performance.now();
  const client = await LspClient.start(root);
  await client.open(fileOf(sources[0]!));
  const place = citationPlace(sources[0]!, 0);
  const hover = await client.hover(fileOf(sources[0]!), place.line, place.character);
  if (!hover?.contents.value.includes('must handle case'))
    throw new Error(`unexpected hover: ${JSON.stringify(hover)}`);
  return { client, toFirstHover: performance.now() - start };
}

function residentMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  await buildCli();
  const root = mkdtempSync(join(tmpdir(), 'factline-bench-lsp-'));
  const { citations } = generateTree(root, FILES);
  console.log(`tree: ${FILES} files, ${citations} citations at ${root}`);
  console.log(`machine: ${cpus().length} CPU(s), node ${process.version}`);

  const cache = projectCacheDir(root)!;
  const checkCold = timedCheck(root);
  rmSync(cache, { recursive: true, force: true });
  const cold = await firstHover(root);
  await cold.client.stop();
  const checkWarm = Math.min(timedCheck(root), timedCheck(root));
  const warm = await firstHover(root);
  console.log(
    '\ntime to first hover (spawn → initialize → open → hover answered, the first full scan included):',
  );
  console.log(
    `  no cache:   ${ms(cold.toFirstHover).padStart(8)}   factline check, no cache: ${ms(checkCold).padStart(8)}   ratio ${(cold.toFirstHover / checkCold).toFixed(2)}`,
  );
  console.log(
    `  with cache: ${ms(warm.toFirstHover).padStart(8)}   factline check, cached:   ${ms(checkWarm).padStart(8)}   ratio ${(warm.toFirstHover / checkWarm).toFixed(2)}`,
  );

  const client = warm.client;
  for (const i of sources.slice(1)) await client.open(fileOf(i));
  await client.diagnostics(fileOf(sources.at(-1)!), () => true);
  console.log(
    `\nafter the first full scan (${sources.length} buffers open), server RSS ${residentMb(client.child.pid).toFixed(0)} MB:`,
  );
  const [, first] = await timed(() =>
    client.hover(fileOf(sources[1]!), citationPlace(sources[1]!, 1).line, 20),
  );
  console.log(`  first hover after the scan          ${ms(first)}`);

  const hovers: number[] = [];
  for (let r = 0; r < REQUESTS; r++) {
    const i = sources[r % sources.length]!;
    const place = citationPlace(i, r % CITES_PER_FILE);
    const [answer, time] = await timed(() => client.hover(fileOf(i), place.line, place.character));
    if (answer === null) throw new Error(`no hover at ${fileOf(i)}:${place.line}`);
    hovers.push(time);
  }
  const hover = latencies('hover on a citation', hovers);

  const edited = fileOf(sources[2]!);
  const original = client.text(edited);
  await client.change(edited, `// @implements spec3#\n${original}`);
  const ids: number[] = [];
  for (let r = 0; r < REQUESTS; r++) {
    const [items, time] = await timed(() => client.completion(edited, 0, '// @implements spec3#'.length));
    if (items.length !== 104) throw new Error(`expected 100 ids and 4 headings, got ${items.length}`);
    ids.push(time);
  }
  const completion = latencies('completion after `@implements spec3#`', ids);
  await client.change(edited, `// @implements \n${original}`);
  const docs: number[] = [];
  for (let r = 0; r < REQUESTS / 4; r++) docs.push((await timed(() => client.completion(edited, 0, 15)))[1]);
  latencies('completion after `@implements `', docs);

  const edits: number[] = [];
  for (let r = 0; r < 30; r++) {
    const typo = `// @implements spec3#S3-FACT-${r}X\n${original}`;
    const [, time] = await timed(async () => {
      await client.change(edited, typo);
      await client.diagnostics(edited, (ds) => ds.some((d) => String(d.message).includes(`S3-FACT-${r}X`)));
    });
    edits.push(time);
  }
  latencies('unsaved edit → its diagnostics', edits);

  // A spec edited in the editor: a reworded fact (a digest moves) and a renamed one (every citation resolved again).
  const cited = sources[1]!;
  const spec = `specs/spec${cited % 20}.md`;
  const fact = `S${cited % 20}-FACT-${(cited * 3) % 100}`;
  await client.open(spec);
  const specText = client.text(spec);
  const specEdits = { reworded: [] as number[], renamed: [] as number[] };
  for (let r = 0; r < 10; r++) {
    const reworded = specText.replace(`@fact:${fact} Component`, `@fact:${fact} Reworded ${r} component`);
    specEdits.reworded.push(
      (
        await timed(async () => {
          await client.change(spec, reworded);
          await client.diagnostics(fileOf(cited), (ds) => ds.some((d) => d.code === staleCitation.id));
        })
      )[1],
    );
    await client.change(spec, specText);
    await client.diagnostics(fileOf(cited), (ds) => !ds.some((d) => d.code !== missingVerification.id));
    const renamed = specText.replace(`@fact:${fact} `, `@fact:${fact}-R${r} `);
    specEdits.renamed.push(
      (
        await timed(async () => {
          await client.change(spec, renamed);
          await client.diagnostics(fileOf(cited), (ds) => ds.some((d) => d.code === unknownFact.id));
        })
      )[1],
    );
    await client.change(spec, specText);
    await client.diagnostics(fileOf(cited), (ds) => !ds.some((d) => d.code !== missingVerification.id));
  }
  latencies('unsaved spec rewording → stale pin shown', specEdits.reworded);
  latencies('unsaved spec renaming → unknown id shown', specEdits.renamed);
  console.log(
    `\nratios: a hover (p50) costs 1/${Math.round(checkWarm / hover.p50)} of a cached \`factline check\`, a completion 1/${Math.round(checkWarm / completion.p50)}`,
  );
  await client.stop();
  if (!args.includes('--keep')) rmSync(root, { recursive: true, force: true });
}

await main();
