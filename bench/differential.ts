/**
 * bench/differential: the TS/JS scan against TypeScript's own parser and
 * scanner (support/differential.ts) over the TS/JS files of real public
 * repositories (bench/real-repos.ts, extracted from their mirrors at bench
 * time), per project and in total: tags planted into every comment and every
 * string, template, regular expression and JSX text; missed, counted and
 * misplaced tags on files TypeScript parses cleanly, and apart on the rest.
 * With `--sparse`, one place in eleven only, so the walk jumps over most of
 * each file (the skim's regions and statements) and those jumps are judged. Run:
 *   node --import tsx bench/differential.ts [--sparse] [--keep]
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { scanFile } from '../checks/scan/index.ts';
import { parsedLiterals } from '../checks/scan/ts-literals.ts';
import { scanTypeScript } from '../checks/scan/typescript.ts';
import { ts } from '../checks/scan/typescript-api.ts';
import {
  addToTable,
  type DifferentialTable,
  differential,
  emptyTable,
  formatTable,
} from '../support/differential.ts';
import { codeFilesUnder, extractRepos, MIRRORS, REAL_REPOS } from './real-repos.ts';

const keep = process.argv.includes('--keep');
const sparse = process.argv.includes('--sparse');
let planted = 0;
// With --sparse, also: one comment in thirteen tagged, each file scanned with the walk's jumps and without.
let jumpsCompared = 0;
const jumpsDiffer: string[] = [];
const { root, extracted, missing } = extractRepos(REAL_REPOS);
if (missing.length > 0)
  console.log(`not mirrored under ${MIRRORS} (fetch them first): ${missing.join(', ')}`);
const total = emptyTable();
let bytes = 0;
const started = performance.now();
console.log(
  `${'project'.padEnd(36)} ${'commit'.padEnd(12)} ${'files'.padStart(6)} ${'clean'.padStart(6)} ${'comment'.padStart(8)} ${'literal'.padStart(8)} missed counted misplaced`,
);
for (const { repo, commit, dir } of extracted) {
  const table: DifferentialTable = emptyTable();
  for (const file of codeFilesUnder(dir)) {
    if (statSync(file).size > 4 * 1024 * 1024) continue; // bundles past 4 MB: not source anyone cites in
    const text = readFileSync(file, 'utf8');
    bytes += text.length;
    const diff = differential(
      ts,
      scanFile,
      relative(root, file),
      text,
      sparse ? { stride: 11, offset: planted++ } : undefined,
    );
    addToTable(table, diff);
    addToTable(total, diff);
    if (sparse) {
      const name = relative(root, file);
      const tagged = text.replace(/\/\/|\/\*/g, (opener, at: number) =>
        at % 13 === 0 ? `${opener} @implements jumps#X${at} ` : opener,
      );
      const jumped = JSON.stringify(scanTypeScript(tagged, name, { parser: parsedLiterals }));
      const walked = scanTypeScript(tagged, name, { parser: parsedLiterals, jumps: false });
      if (jumped !== JSON.stringify(walked)) jumpsDiffer.push(name);
      if (jumped !== '[]') jumpsCompared++;
    }
  }
  const c = table.clean;
  console.log(
    `${repo.padEnd(36)} ${commit.slice(0, 12)} ${String(table.files).padStart(6)} ${String(table.cleanFiles).padStart(6)} ${String(c.inComments).padStart(8)} ${String(c.inLiterals).padStart(8)} ${String(c.missed.length).padStart(6)} ${String(c.counted.length).padStart(7)} ${String(c.misplaced.length).padStart(9)}`,
  );
}
console.log(
  `\n${sparse ? 'sparse (one place in eleven), ' : ''}${extracted.length} projects, ${total.files} files, ${(bytes / 1e6).toFixed(1)} M characters, ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
console.log(formatTable(total).join('\n'));
if (sparse)
  console.log(
    `jumps: ${jumpsCompared} files with citations scanned with the walk's jumps and without, ${jumpsDiffer.length} differ${jumpsDiffer.length > 0 ? `: ${jumpsDiffer.slice(0, 10).join(', ')}` : ''}`,
  );
for (const kind of ['missed', 'counted', 'misplaced'] as const) {
  for (const line of total.clean[kind].slice(0, 20)) console.log(`  ${kind}: ${line}`);
}
if (keep) console.log(`kept: ${root}`);
else rmSync(root, { recursive: true, force: true });
