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

/** A vectors file as it reads now: vector id → content digest, or why it cannot be read (gone, not parseable). */
export type VectorState = ReadonlyMap<string, string> | { unreadable: string };

/**
 * Why a vector's outcome no longer speaks for the vectors file, or undefined
 * while it does: the file must exist and still hold a vector of that id whose
 * content has the digest recorded when it ran. Outcomes of tests (not
 * vectors) are never affected.
 */
// @implements results#VECTOR-RESULTS-NEED-THE-VECTOR
export function vectorChange(
  outcome: TestOutcome,
  vectors: ReadonlyMap<string, VectorState> | undefined,
): string | undefined {
  if (outcome.verifies === undefined) return undefined;
  const id = outcome.titles.at(-1) ?? '';
  const file = normalise(outcome.file ?? '');
  if (outcome.digest === undefined)
    return `vector ${id} carries no content digest in the results (written by an older \`factline conform\`), so whether ${file} still holds it as it ran is unknown`;
  const state = vectors?.get(file);
  if (state === undefined) return `the vectors file ${file} was not found`;
  if ('unreadable' in state) return `the vectors file ${file} cannot be read now: ${state.unreadable}`;
  const now = (state as ReadonlyMap<string, string>).get(id);
  if (now === undefined) return `${file} no longer holds vector ${id}`;
  if (now !== outcome.digest) return `vector ${id} in ${file} changed since it ran`;
  return undefined;
}

/** The vectors files vector results name, for the caller to read. */
export function vectorFiles(outcomes: readonly TestOutcome[]): string[] {
  const files = new Set<string>();
  for (const o of outcomes)
    if (o.verifies !== undefined && o.file !== undefined) files.add(normalise(o.file));
  return [...files].sort();
}

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
