/**
 * Where the reader finds remark for the units and files its fast reader
 * leaves to it. The reader's modules take remark from here, not from
 * markdown.ts, so that reading a spec the fast reader handles fully loads
 * no Markdown parser at all: markdown.ts puts its parser here when it is
 * first imported, and a reading that needs it before then stops with
 * RemarkNotLoaded. The reader stays synchronous and pure; the engine loads
 * remark when told and reads the spec again (engine/read-spec.ts).
 */
import type { Root } from 'mdast';

/** Raised by a reading that needs remark before anything has imported reader/markdown.ts. */
export class RemarkNotLoaded extends Error {
  constructor() {
    super(
      'the spec needs the Markdown parser and it is not loaded: import reader/markdown.ts first (the engine does so through engine/read-spec.ts)',
    );
  }
}

let loaded: ((text: string) => Root) | undefined;

/** Called by reader/markdown.ts as it loads. */
export function provideMarkdownParser(parse: (text: string) => Root): void {
  loaded = parse;
}

/** Whether remark is loaded in this thread. */
export function markdownParserLoaded(): boolean {
  return loaded !== undefined;
}

/** `text` parsed by remark (reader/markdown.ts parseMarkdown), or RemarkNotLoaded. */
// @implements reader#REMARK-ONLY-WHEN-A-SPEC-NEEDS-IT
export function parseMarkdown(text: string): Root {
  if (loaded === undefined) throw new RemarkNotLoaded();
  return loaded(text);
}
