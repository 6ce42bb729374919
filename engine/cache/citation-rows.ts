/**
 * What the scan cache stores for one file, made where the file was read: its
 * content hash and its citations as the entry's value text. Kept apart from
 * the cache itself so the scan worker can make an entry without loading it.
 */
import { hash } from 'node:crypto';
import type { ScannedCitation } from '../../checks/scan/types.ts';

/** Content hash of a text (sha1, base64): what decides whether a changed file needs a new scan. */
export function hashText(text: string): string {
  return hash('sha1', text, 'base64');
}

/**
 * One citation as a JSON row: [verb, ref, id, doc, pin, offset, line,
 * column, symbol, testName, reason, malformed, uri, inTest (1), covers, notRun], 0
 * for an absent field (and
 * for a ref that is just doc#id~pin), trailing zeros dropped. Keys repeated
 * 100,000 times made the file as large as the tree it describes, and its
 * parse the largest part of a warm check.
 */
export type Row = (string | number)[];

export const VERBS: ScannedCitation['verb'][] = ['implements', 'verifies', 'deviates', 'scope'];

export function plainRef(c: ScannedCitation): string {
  const doc = c.doc === undefined ? '' : `${c.doc}#`;
  return c.pin === undefined ? `${doc}${c.id}` : `${doc}${c.id}~${c.pin}`;
}

export function encodeCitation(c: ScannedCitation): Row {
  const row: Row = [
    VERBS.indexOf(c.verb),
    c.ref === plainRef(c) ? 0 : c.ref,
    c.id,
    c.doc ?? 0,
    c.pin ?? 0,
    c.offset,
    c.line,
    c.column,
    c.symbol ?? 0,
    c.testName ?? 0,
    c.reason ?? 0,
    c.malformed ?? 0,
    c.uri ?? 0,
    c.inTest ? 1 : 0,
    c.covers ? c.covers.join('\n') : 0,
    c.notRun ?? 0,
  ];
  while (row[row.length - 1] === 0) row.pop();
  return row;
}

/** A file's citations as the value text of its scan cache entry. */
export function encodeCitations(citations: readonly ScannedCitation[]): string {
  return JSON.stringify(citations.map(encodeCitation));
}
