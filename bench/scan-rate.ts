/**
 * bench/scan-rate: the in-process TS/JS scan rate (MB/s) over real code: the
 * TS/JS files of eslint, typescript-eslint, knip and vue core
 * (bench/real-repos.ts), one citation appended to each as bench/check.ts's
 * real-code rows do, each scanned with the scanner the gate uses: the first
 * pass (the JIT still cold, as in a `check` process) and the best of 3, and
 * how the files were read (not walked, walked, walked by the skim's
 * literals, or by TypeScript's parser), TypeScript's parser loaded before
 * the first pass. Then the issue's
 * two once-quadratic inputs: a .tsx with 20,000 tags against the same text as
 * .ts, and a 200 KB line of `(/a)[` repeated. Run:
 *   node --import tsx bench/scan-rate.ts
 */
import { readFileSync, rmSync } from 'node:fs';
import { FileScanner } from '../checks/scan/dispatch.ts';
import { newScanCounts } from '../checks/scan/typescript.ts';
import { codeFilesUnder, extractRepos, SPEED_REPOS } from './real-repos.ts';

const { root, extracted } = extractRepos(SPEED_REPOS);
const texts: { file: string; text: string }[] = [];
let bytes = 0;
for (const { dir } of extracted) {
  for (const file of codeFilesUnder(dir)) {
    const text = `${readFileSync(file, 'utf8')}\n// @implements real#R-${texts.length % 200}\n`;
    texts.push({ file: file.slice(root.length + 1), text });
    bytes += Buffer.byteLength(text);
  }
}
rmSync(root, { recursive: true, force: true });
const scanPaths = newScanCounts();
const scanner = new FileScanner({ counts: scanPaths });
await scanner.loadParser();
const scanFileWhenLoaded = scanner.scanWhenLoaded;
let best = Number.POSITIVE_INFINITY;
let first = 0;
let citations = 0;
for (let pass = 0; pass < 3; pass++) {
  const t = performance.now();
  citations = 0;
  for (const { file, text } of texts) citations += scanFileWhenLoaded(file, text).length;
  const took = performance.now() - t;
  if (pass === 0) first = took;
  best = Math.min(best, took);
}
const rate = (ms: number) => `${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`;
console.log(
  `${texts.length} files, ${(bytes / 1e6).toFixed(1)} MB, ${citations} citations: first pass ${first.toFixed(0)} ms, ${rate(first)}; best of 3 ${best.toFixed(0)} ms, ${rate(best)}`,
);
const read = Object.entries(scanPaths).map(([path, n]) => `${path} ${n / 3}`);
console.log(
  `  per pass: ${read.join(', ')} (noTag: no tag string; noTagInComment: skimmed, no tag in a comment)`,
);

/** Best of 3 of one scan, in ms. */
function timed(file: string, text: string): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    scanFileWhenLoaded(file, text);
    fastest = Math.min(fastest, performance.now() - t);
  }
  return fastest;
}
const tags = Array.from(
  { length: 20_000 },
  (_, i) => `const a${i} = <b>text {/* @implements real#R-${i % 200} */}</b>;`,
).join('\n');
const tsLike = Array.from(
  { length: 20_000 },
  (_, i) => `const a${i} = f(/* @implements real#R-${i % 200} */);`,
).join('\n');
console.log(
  `20,000 tags: .tsx ${timed('many.tsx', tags).toFixed(0)} ms, .ts ${timed('many.ts', tsLike).toFixed(0)} ms`,
);
const line = `x = ${'(/a)['.repeat(40_000)};\n// @implements real#R-1\n`;
console.log(`a 200 KB line of (/a)[: ${timed('line.ts', line).toFixed(0)} ms`);
