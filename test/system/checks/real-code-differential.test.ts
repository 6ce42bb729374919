/**
 * The TS/JS scan against TypeScript's own parser and scanner over real code
 * nobody here wrote (../shared/corpus/js-real: 7,596 files of babel,
 * prettier, test262-parser-tests, acorn, preact, marked, prism, highlight.js
 * and excalidraw): tags planted into every comment and every string,
 * template, regular expression and JSX text TypeScript sees
 * (support/differential.ts). On the files TypeScript parses without error
 * the confusion table must read 0 missed, 0 counted, 0 misplaced. Every file
 * is read (no sample): some fifteen seconds on one core. bench/differential.ts
 * prints the same table over a larger set of fetched repositories.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanFile } from '../../../checks/scan/index.ts';
import { parsedLiterals } from '../../../checks/scan/ts-literals.ts';
import { scanTypeScript } from '../../../checks/scan/typescript.ts';
import { ts } from '../../../checks/scan/typescript-api.ts';
import { addToTable, differential, emptyTable, formatTable } from '../../../support/differential.ts';
import { REPO } from '../../support/cli.ts';
import { filesUnder } from '../../support/files-under.ts';

const CORPUS = resolve(REPO, '../shared/corpus/js-real');
const haveCorpus = existsSync(CORPUS);
if (!haveCorpus) console.warn(`NOTE: ${CORPUS} is absent; the real-code differential test is skipped`);

describe.skipIf(!haveCorpus)('the TS/JS scan against TypeScript on real code', () => {
  // @verifies scanner#DIFFERENTIAL
  // @verifies scanner#WALK-HANDLERS-AND-ONE-SLASH-RULE
  it('finds every tag TypeScript reads as a comment, where TypeScript places it, and no other', () => {
    const table = emptyTable();
    for (const file of filesUnder(CORPUS, (path) => /\.(?:[cm]?[jt]s|[jt]sx)$/.test(path))) {
      addToTable(table, differential(ts, scanFile, relative(CORPUS, file), readFileSync(file, 'utf8')));
    }
    console.log(formatTable(table).join('\n'));
    expect(table.files).toBeGreaterThan(7_000);
    expect(table.cleanFiles).toBeGreaterThan(6_500);
    expect(table.clean.inComments).toBeGreaterThan(20_000);
    expect(table.clean.inLiterals).toBeGreaterThan(90_000);
    expect(table.clean.missed).toEqual([]);
    expect(table.clean.counted).toEqual([]);
    expect(table.clean.misplaced).toEqual([]);
  }, 300_000);

  // Tags everywhere leave no region free of them; one place in eleven leaves most, so the walk's jumps are judged too.
  // @verifies scanner#DIFFERENTIAL
  // @verifies scanner#SKIM-BEFORE-THE-WALK
  it('does so too with tags planted sparsely, where the walk jumps over most of each file', () => {
    const table = emptyTable();
    filesUnder(CORPUS, (path) => /\.(?:[cm]?[jt]s|[jt]sx)$/.test(path)).forEach((file, n) => {
      const text = readFileSync(file, 'utf8');
      addToTable(table, differential(ts, scanFile, relative(CORPUS, file), text, { stride: 11, offset: n }));
    });
    console.log(formatTable(table).join('\n'));
    expect(table.clean.inComments).toBeGreaterThan(1_500);
    expect(table.clean.missed).toEqual([]);
    expect(table.clean.counted).toEqual([]);
    expect(table.clean.misplaced).toEqual([]);
  }, 300_000);

  // @verifies scanner#SKIM-BEFORE-THE-WALK
  // @verifies scanner#WALK-HANDLERS-AND-ONE-SLASH-RULE
  it('finds the same citations, names and test titles with the walk’s jumps as without them', () => {
    let compared = 0;
    const differ: string[] = [];
    for (const file of filesUnder(CORPUS, (path) => /\.(?:[cm]?[jt]s|[jt]sx)$/.test(path))) {
      const name = relative(CORPUS, file);
      // One comment in thirteen carries a tag: regions with and without tags side by side.
      const text = readFileSync(file, 'utf8').replace(/\/\/|\/\*/g, (opener, at: number) =>
        at % 13 === 0 ? `${opener} @implements jumps#X${at} ` : opener,
      );
      const jumped = JSON.stringify(scanTypeScript(text, name, { parser: parsedLiterals }));
      const walked = scanTypeScript(text, name, { parser: parsedLiterals, jumps: false });
      if (jumped !== JSON.stringify(walked)) differ.push(name);
      if (jumped !== '[]') compared++;
    }
    expect(compared).toBeGreaterThan(1_000);
    expect(differ).toEqual([]);
  }, 300_000);
});
