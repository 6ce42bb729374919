/**
 * Every language unit (checks/scan/languages/) against its case table
 * (cases/<language>.ts), through one runner: the hand-written cases, and a
 * grammar fuzz that composes files from the table's pieces (tags planted in
 * every comment form and in every string form) and requires every tag in a
 * comment found and none in a string counted.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanFile } from '../../../../checks/scan/index.ts';
import { LANGUAGES } from '../../../../checks/scan/languages/index.ts';
import type { CaseTable } from './case-table.ts';
import { composeFiles } from './compose.ts';

const CASES_DIR = join(import.meta.dirname, 'cases');
const tables: CaseTable[] = [];
for (const name of readdirSync(CASES_DIR)
  .filter((f) => f.endsWith('.ts'))
  .sort())
  tables.push((await import(join(CASES_DIR, name))).table as CaseTable);

const found = (file: string, text: string) =>
  scanFile(file, text).map((c) => (c.symbol ? `${c.id} ${c.symbol}` : c.id));

/** Files composed per language by the fuzz. */
const FUZZ_FILES = 400;

describe('languages as units', () => {
  // @verifies scanner#LANGUAGE-UNITS
  it('has one case table for every language unit, and a unit for every table', () => {
    expect(new Set(tables.map((t) => t.language))).toEqual(new Set(LANGUAGES));
    expect(tables.length).toBe(LANGUAGES.length);
  });

  for (const table of tables) {
    describe(table.language.name, () => {
      it.each(table.cases)('%s', (_what, text, want) => {
        expect(found(table.file, text)).toEqual(want);
      });

      it('finds every tag planted in a comment and none planted in a string (grammar fuzz)', () => {
        expectFuzzClean(table);
      });
    });
  }

  // A test whose title is a literal, so the gate can join its outcome (the per-language ones above are named at run time).
  // @verifies scanner#LANGUAGE-UNITS
  // @verifies scanner#KOTLIN-SWIFT-SCALA-READ-AS-THEMSELVES
  it('reads Kotlin, Swift and Scala as themselves: their case tables and the grammar fuzz', () => {
    const own = tables.filter((t) => ['Kotlin', 'Swift', 'Scala'].includes(t.language.name));
    expect(own.map((t) => t.language.name).sort()).toEqual(['Kotlin', 'Scala', 'Swift']);
    for (const table of own) {
      for (const [, text, want] of table.cases) expect(found(table.file, text)).toEqual(want);
      expectFuzzClean(table);
    }
  });
});

/** Every tag planted in a comment is found and none planted in a string, over generated files of the table's language. */
function expectFuzzClean(table: (typeof tables)[number]): void {
  let planted = 0;
  for (const file of composeFiles(table, FUZZ_FILES)) {
    const ids = scanFile(table.file, file.text).map((c) => c.id);
    expect({ text: file.text, ids: ids.sort() }).toEqual({
      text: file.text,
      ids: [...file.inComments].sort(),
    });
    planted += file.inComments.length + file.inTexts.length;
  }
  expect(planted).toBeGreaterThan(FUZZ_FILES);
}
