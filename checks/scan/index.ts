/**
 * Picks the scanner for a file by its extension; unknown extensions yield
 * nothing. This entry loads TypeScript's parser at import, so `scanFile` is
 * ready for any file; the gate uses the lazy `dispatch.ts` instead.
 */
import { FileScanner } from './dispatch.ts';
import { parsedLiterals } from './ts-literals.ts';
import type { ScannedCitation } from './types.ts';
import type { TypeScriptScanSetup } from './typescript.ts';

export { extensionOf, isScannable } from './dispatch.ts';
export { mayHoldCitations, parseCitations, type RawCitation } from './refs.ts';
export type { ScannedCitation } from './types.ts';

/** One file's citations with a scanner of its own, TypeScript's parser given (`setup`: a warning sink, counters). */
export function scanFile(file: string, text: string, setup: TypeScriptScanSetup = {}): ScannedCitation[] {
  return new FileScanner({ parser: parsedLiterals, ...setup }).scanWhenLoaded(file, text);
}
