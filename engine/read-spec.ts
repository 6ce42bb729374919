/**
 * One spec's text read into its document, remark loaded only when the fast
 * reader needs it. The reader itself is synchronous: a reading that meets a
 * unit or a file the fast reader leaves to remark before remark is loaded
 * stops (reader/remark-slot.ts RemarkNotLoaded); then the parser is
 * imported, once per thread, and the spec read again from the start. A
 * reading is a pure function of the text, so the second reading is the one
 * a reader with remark loaded all along would have given.
 */
import type { ParseOptions } from '../reader/index.ts';
import type { SpecDocument } from '../reader/model.ts';
import { RemarkNotLoaded } from '../reader/remark-slot.ts';

/** The Markdown parser (reader/markdown.ts), imported on first need: it puts itself in the reader's slot. */
const loadMarkdownParser = () => import('../reader/markdown.ts');

/** `parseSpec(source, options)`, the reader imported on first use and remark only when the spec needs it. */
// @implements reader#REMARK-ONLY-WHEN-A-SPEC-NEEDS-IT
export async function readSpecDocument(source: string, options: ParseOptions): Promise<SpecDocument> {
  const { parseSpec } = await import('../reader/index.ts');
  try {
    return parseSpec(source, options);
  } catch (error) {
    if (!(error instanceof RemarkNotLoaded)) throw error;
  }
  await loadMarkdownParser();
  return parseSpec(source, options);
}
