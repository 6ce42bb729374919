/**
 * The comparison that keeps factline's verdict vibevm's (bench/vibevm-compare-core.ts),
 * run on the real vibevm slice in ../shared/corpus/vibevm-code against what
 * vibevm's own specmap recorded there: every class (units, edges, revisions,
 * pins, warnings, status against evidence) agrees and so does the gate.
 * bench/vibevm-compare.ts runs the same comparison on whole vibevm commits.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compare,
  disagreements,
  namespaceOf,
  runFactline,
  type SpecmapJson,
  tableText,
} from '../../../bench/vibevm-compare-core.ts';
import { REPO } from '../../support/cli.ts';

const slice = resolve(REPO, '../shared/corpus/vibevm-code');
const have = existsSync(join(slice, 'EXPECTED-specmap.json'));
if (!have) console.warn(`NOTE: ${slice} is absent; the vibevm comparison test is skipped`);

describe.skipIf(!have)('factline against vibevm specmap on the real slice', () => {
  // @verifies vibevm#COMPARED-WITH-VIBEVM
  it('disagrees in no class, and passes or fails as vibevm does', () => {
    const map = JSON.parse(readFileSync(join(slice, 'EXPECTED-specmap.json'), 'utf8')) as SpecmapJson;
    const { json, exit } = runFactline(slice);
    // The slice records the pin and dangling warnings of its files only (its SOURCE.md).
    const c = compare(slice, map, json, exit, namespaceOf(slice), { onlyRecordedWarnings: true });
    console.log(tableText('vibevm-code slice (b4c2befd)', c));
    const counts = Object.fromEntries(c.rows.map((r) => [r.name, [r.vibevm, r.factline, r.both]]));
    expect(counts).toEqual({
      units: [773, 773, 773],
      edges: [108, 108, 108],
      revisions: [0, 0, 0],
      // The slice holds no `.xml` spec, nor does any committed map of vibevm's.
      'xml unit hashes': [0, 0, 0],
      pins: [24, 24, 24],
      warnings: [26, 26, 26],
      'status against evidence': [0, 0, 0],
    });
    // vibevm's whole map at that commit has this one long-section warning among the slice's files.
    expect(json.findings.filter((f) => f.rule === 'long-section').map((f) => `${f.file}:${f.line}`)).toEqual([
      'spec/modules/vibe-index/PROP-005-package-index.md:123',
    ]);
    expect(c.gate).toMatchObject({ vibevmPasses: true, factlineExit: 0, agree: true });
    expect(disagreements(c)).toBe(0);
  });
});
