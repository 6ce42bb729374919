/**
 * Picks the scanner for a file by its extension; unknown extensions yield
 * nothing. This entry loads TypeScript's parser at import, so `scanFile` is
 * ready for any file; the gate uses the lazy `dispatch.ts` instead.
 */
import { scanFileWhenLoaded } from './dispatch.ts';
import { parsedLiterals } from './ts-literals.ts';
import type { ScannedCitation } from './types.ts';
import { useLiteralParser } from './typescript.ts';

export { extensionOf, isScannable } from './dispatch.ts';
export { mayHoldCitations, parseCitations, type RawCitation } from './refs.ts';
export type { ScannedCitation } from './types.ts';

useLiteralParser(parsedLiterals);

export function scanFile(file: string, text: string): ScannedCitation[] {
  return scanFileWhenLoaded(file, text);
}
