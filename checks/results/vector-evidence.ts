/**
 * A conformance vector's `verifies` list as verifying citations: one per
 * reference, placed where the vectors file writes it and bound to a test
 * titled by the vector's id, so the ordinary join (outcomes.ts) finds the
 * vector's own outcome and counts the citation only when the vector passed.
 * Resolution, pins and every citation rule apply to them unchanged. Pure.
 */
import type { ScannedFile } from '../citations.ts';
import { parseAddress } from '../scan/refs.ts';
import type { ScannedCitation } from '../scan/types.ts';
import type { TestOutcome } from './model.ts';

const normalise = (file: string) => file.replace(/\\/g, '/').replace(/^\.\//, '');

// @implements conformance#VECTOR-RESULTS-ARE-EVIDENCE
export function vectorEvidence(outcomes: readonly TestOutcome[]): ScannedFile[] {
  const files = new Map<string, ScannedCitation[]>();
  for (const outcome of outcomes) {
    if (outcome.verifies === undefined || outcome.file === undefined) continue;
    const file = normalise(outcome.file);
    const list = files.get(file) ?? [];
    files.set(file, list);
    const test = outcome.titles.at(-1) ?? '';
    for (const v of outcome.verifies) {
      const address = parseAddress(v.ref);
      const cite: ScannedCitation = {
        verb: 'verifies',
        ref: v.ref,
        id: address?.id ?? v.ref,
        offset: 0,
        line: v.line,
        column: v.column,
        symbol: `it "${test}"`,
        testName: test,
        inTest: true,
      };
      if (address === undefined) cite.malformed = `\`${v.ref}\` is not a fact reference (DOC#ID[~PIN])`;
      else {
        if (address.doc !== undefined) cite.doc = address.doc;
        if (address.pin !== undefined) cite.pin = address.pin;
        if (address.uri !== undefined) cite.uri = address.uri;
      }
      list.push(cite);
    }
  }
  return [...files].map(([file, citations]) => ({ file, inTest: true, citations }));
}
