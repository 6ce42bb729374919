/**
 * Reader cost against its floor: parses every corpus spec N times with
 * factline's parseSpec and with bare unified + remark-parse + remark-gfm, in
 * the same run, interleaved so both see the same machine state.
 *   node --import tsx bench/parse.ts [N]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parseSpec } from '../reader/index.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const corpus = resolve(repoRoot, '../shared/corpus/vibevm');
const rounds = Number(process.argv[2] ?? 30);

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md') && !['LICENSE.md', 'SOURCE.md'].includes(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const files = existsSync(corpus) ? markdownUnder(corpus) : [resolve(repoRoot, 'specs/mcp-core.md')];
if (!existsSync(corpus)) console.log(`note: ${corpus} absent; benchmarking specs/mcp-core.md only`);
const inputs = files.map((f) => ({ file: f, text: readFileSync(f, 'utf8') }));
const bytes = inputs.reduce((n, i) => n + Buffer.byteLength(i.text), 0);
const bare = unified().use(remarkParse).use(remarkGfm);

let facts = 0;
const factline = () => {
  facts = 0;
  for (const { file, text } of inputs) facts += parseSpec(text, { file, doc: 'bench' }).facts.length;
};
const remark = () => {
  for (const { text } of inputs) bare.parse(text);
};

// Warm both paths (JIT, module caches) before measuring.
for (let i = 0; i < 5; i++) {
  factline();
  remark();
}
let tFactline = 0;
let tRemark = 0;
for (let i = 0; i < rounds; i++) {
  let t = performance.now();
  remark();
  tRemark += performance.now() - t;
  t = performance.now();
  factline();
  tFactline += performance.now() - t;
}

const perRound = (ms: number) => (ms / rounds).toFixed(2);
const ratio = tFactline / tRemark;
console.log(
  `corpus: ${inputs.length} files, ${(bytes / 1024).toFixed(1)} KiB, ${facts} facts; ${rounds} rounds`,
);
console.log(`bare remark-parse + remark-gfm : ${perRound(tRemark)} ms/round`);
console.log(`factline parseSpec            : ${perRound(tFactline)} ms/round`);
console.log(`ratio factline / bare remark  : ${ratio.toFixed(2)}× (goal ≤ 1.50×)`);
console.log(`facts/second (factline)       : ${Math.round((facts * rounds) / (tFactline / 1000))}`);
