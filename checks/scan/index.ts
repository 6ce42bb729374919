/**
 * Picks the scanner for a file by its extension; unknown extensions yield
 * nothing. This entry loads the TypeScript scanner at import, so `scanFile`
 * is ready for any file; the gate uses the lazy `dispatch.ts` instead.
 */
import { scanFileWhenLoaded, useTypeScriptScanner } from './dispatch.ts';
import type { ScannedCitation } from './types.ts';
import { scanTypeScript } from './typescript.ts';

export { extensionOf, isScannable } from './dispatch.ts';
export { mayHoldCitations, parseCitations, type RawCitation } from './refs.ts';
export type { ScannedCitation } from './types.ts';

useTypeScriptScanner(scanTypeScript);

export function scanFile(file: string, text: string): ScannedCitation[] {
  return scanFileWhenLoaded(file, text);
}
