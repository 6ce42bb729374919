/**
 * bench/suggest: did-you-mean at scale. 10,000 citations against 20,000 facts,
 * traced three ways side by side: all resolving (a clean run), all unknown with
 * the trigram index (what the gate does), and all unknown with the former
 * compare-with-every-address scan (re-created here for the comparison only).
 * A fourth run has every document unknown (vibevm's misconfigured first run).
 * Run: node --import tsx bench/suggest.ts [--citations N] [--facts N]
 */
import type { ScannedFile } from '../checks/citations.ts';
import type { ScannedCitation } from '../checks/scan/types.ts';
import { trace } from '../checks/trace.ts';
import { editDistance as distance } from '../reader/did-you-mean.ts';
import { parseSpec } from '../reader/index.ts';
// These inputs are read in this process: the parser for what the fast reader leaves to remark.
import '../reader/markdown.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args[args.indexOf(name) + 1]) || fallback;
const CITATIONS = option('--citations', 10_000);
const FACTS = option('--facts', 20_000);
const DOCS = 20;

const WORDS = [
  'INDEX',
  'ENTRY',
  'LAYOUT',
  'WRITE',
  'READ',
  'SERVER',
  'CLIENT',
  'TOKEN',
  'HASH',
  'CACHE',
  'ORG',
  'TAG',
];
const idOf = (i: number) => `${WORDS[i % 12]}-${WORDS[(i >> 3) % 12]}-${WORDS[(i >> 6) % 12]}-${i}`;

const documents = Array.from({ length: DOCS }, (_, d) => {
  const lines = ['# Spec {#root}', ''];
  for (let i = d; i < FACTS; i += DOCS) lines.push(`@fact:${idOf(i)} Fact ${i}. @status:spec/work`, '');
  return parseSpec(lines.join('\n'), { file: `specs/s${d}.md`, doc: `s${d}` });
});

function files(wanted: (i: number) => { doc: string; id: string }): ScannedFile[] {
  const citations: ScannedCitation[] = [];
  for (let i = 0; i < CITATIONS; i++) {
    const { doc, id } = wanted(i);
    citations.push({
      verb: 'implements',
      ref: `${doc}#${id}`,
      doc,
      id,
      offset: i * 40,
      line: i + 1,
      column: 4,
    });
  }
  return [{ file: 'src/big.ts', inTest: false, citations }];
}

const clean = files((i) => ({ doc: `s${i % DOCS}`, id: idOf(i) }));
// A misconfigured first run: every citation a near miss, every one distinct.
const unknown = files((i) => ({ doc: `s${i % DOCS}`, id: `${idOf(i)}X` }));
const unknownBare = files((i) => ({ doc: '', id: `${idOf(i)}X` }));
// vibevm's 99 s case: no namespace configured, so no spec:// document resolves at all.
const unknownDoc = files((i) => ({ doc: `spec://org.example/proj/s${i % DOCS}`, id: idOf(i) }));
for (const c of unknownBare[0]!.citations) delete c.doc;

/** CPU time of the run (user + system), steadier than wall time on a shared machine. */
function time(label: string, run: () => unknown): number {
  const t0 = process.cpuUsage();
  run();
  const used = process.cpuUsage(t0);
  const ms = (used.user + used.system) / 1000;
  console.log(`${label.padEnd(52)} ${ms.toFixed(0).padStart(7)} ms CPU`);
  return ms;
}

/** The former did-you-mean: edit distance to every known address. */
function scanAll(wanted: string, pool: string[]): string[] {
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return pool
    .map((c) => ({ c, d: distance(wanted.toLowerCase(), c.toLowerCase()) }))
    .filter((x) => x.d <= limit)
    .sort((x, y) => x.d - y.d)
    .slice(0, 3)
    .map((x) => x.c);
}

console.log(`${CITATIONS} citations, ${FACTS} facts in ${DOCS} specs`);
const set = { documents };
const base = time('clean run (every citation resolves)', () => trace(set, clean, { strict: false }));
const indexed = time('all unknown, DOC#ID, trigram index', () => trace(set, unknown, { strict: false }));
const bare = time('all unknown, bare ID, trigram index', () => trace(set, unknownBare, { strict: false }));
const misconfigured = time('all unknown documents (misconfigured namespace)', () =>
  trace(set, unknownDoc, { strict: false, addressing: { namespace: 'org.example/other' } }),
);
const pool = documents.flatMap((d) => d.facts.map((f) => f.address));
const sample = Math.min(50, CITATIONS);
const perCall = time(`former scan-everything, ${sample} of them`, () => {
  for (let i = 0; i < sample; i++) scanAll(`s${i % DOCS}#${idOf(i)}X`, pool);
});
console.log(
  `former scan-everything, extrapolated to ${CITATIONS}`.padEnd(52),
  `${((perCall / sample) * CITATIONS).toFixed(0).padStart(7)} ms`,
);
console.log(
  `unknown / clean: DOC#ID ${(indexed / base).toFixed(2)}x, bare ${(bare / base).toFixed(2)}x, misconfigured ${(misconfigured / base).toFixed(2)}x`,
);
