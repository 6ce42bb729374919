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
import { ts } from '../../../checks/scan/typescript-api.ts';
import { addToTable, differential, emptyTable, formatTable } from '../../../support/differential.ts';
import { REPO } from '../../support/cli.ts';
import { filesUnder } from '../../support/files-under.ts';

const CORPUS = resolve(REPO, '../shared/corpus/js-real');
const haveCorpus = existsSync(CORPUS);
if (!haveCorpus) console.warn(`NOTE: ${CORPUS} is absent; the real-code differential test is skipped`);

describe.skipIf(!haveCorpus)('the TS/JS scan against TypeScript on real code', () => {
  // @verifies real-code#DIFFERENTIAL
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
});
