/**
 * The skim and walk against TypeScript's parser on generated programs
 * (skim-grammar.ts) that put expressions next to type positions: tags are
 * planted in every comment and every string, template and regular
 * expression (support/differential.ts), and on every program TypeScript
 * parses without error the scan must find each tag in a comment where
 * TypeScript places it and none elsewhere, with tags everywhere and with
 * tags sparse (where the walk jumps over most of each program).
 */
import { describe, expect, it } from 'vitest';
import { scanFile } from '../../../checks/scan/index.ts';
import { ts } from '../../../checks/scan/typescript-api.ts';
import { addToTable, differential, emptyTable, formatTable } from '../../../support/differential.ts';
import { programs } from './skim-grammar.ts';

const PROGRAMS = 3_000;

describe('the skim in type positions, against TypeScript', () => {
  // @verifies scanner#SKIM-IN-TYPE-POSITIONS
  // @verifies scanner#DIFFERENTIAL
  it('finds every tag TypeScript reads as a comment, and no other, in generated programs', () => {
    const table = emptyTable();
    const sparse = emptyTable();
    programs(PROGRAMS, 5).forEach((text, n) => {
      addToTable(table, differential(ts, scanFile, `p${n}.ts`, text));
      addToTable(sparse, differential(ts, scanFile, `p${n}.ts`, text, { stride: 5, offset: n }));
    });
    console.log([...formatTable(table), ...formatTable(sparse)].join('\n'));
    expect(table.cleanFiles).toBeGreaterThan(PROGRAMS / 2);
    expect(table.clean.inComments).toBeGreaterThan(2_000);
    expect(table.clean.inLiterals).toBeGreaterThan(5_000);
    for (const t of [table, sparse]) {
      expect(t.clean.missed.slice(0, 10)).toEqual([]);
      expect(t.clean.counted.slice(0, 10)).toEqual([]);
      expect(t.clean.misplaced.slice(0, 10)).toEqual([]);
    }
  }, 120_000);
});
