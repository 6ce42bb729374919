/**
 * The Markdown parser the reader uses: CommonMark + GFM (remark-parse and the
 * five extensions remark-gfm bundles). Each GFM extension costs time on every
 * text, construct or not, so a text is parsed with only the extensions whose
 * construct it could hold: each has a trigger, a string the construct cannot
 * appear without (read off the extension's tokenizer, see below), and a text
 * without it gets the same tree either way. A test compares the trimmed parse
 * with the full one on every Markdown file within reach.
 */
import type { Root } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { type Processor, unified } from 'unified';
import { mayHoldAutolink } from './autolink-candidate.ts';
import { provideMarkdownParser } from './remark-slot.ts';

const fullGfm = unified().use(remarkParse).use(remarkGfm);

export { mayHoldAutolink };

/**
 * A table's delimiter row must hold a `|` or an alignment colon, and the
 * tokenizer takes a colon only right before a dash (`:-`, left/centre) or
 * right after one (`-:`, right/centre): `a` over `:-` is a one-column table
 * with no pipe at all.
 */
const TABLE_CANDIDATE = /\||:-|-:/;

/**
 * A task-list check is `[`, then a space, tab, line ending, `x` or `X`, then
 * `]`. Only the character right after the `[` is certain in the raw text: a
 * line ending inside the check is followed by the container's indent or `>`.
 */
const TASK_CHECK_CANDIDATE = /\[[\t\n\r xX]/;

/**
 * The GFM extensions in remark-gfm's order (micromark-extension-gfm and
 * mdast-util-gfm list them so; the order decides which construct a
 * character tries first), each with the test of whether its construct could
 * occur in a text.
 */
const GFM_PARTS = [
  {
    name: 'autolinkLiteral',
    mayOccur: mayHoldAutolink,
    syntax: gfmAutolinkLiteral,
    tree: gfmAutolinkLiteralFromMarkdown,
  },
  {
    name: 'footnote',
    // A footnote call only links to a defined label, and a definition opens with `[^` in the raw text.
    mayOccur: (text: string) => text.includes('[^'),
    syntax: gfmFootnote,
    tree: gfmFootnoteFromMarkdown,
  },
  {
    name: 'strikethrough',
    // The extension hooks `~` only (as text, and as an attention marker next to `*`/`_`); no options,
    // as remark-gfm passes none: single tildes strike through too.
    mayOccur: (text: string) => text.includes('~'),
    syntax: () => gfmStrikethrough(),
    tree: gfmStrikethroughFromMarkdown,
  },
  {
    name: 'table',
    mayOccur: (text: string) => TABLE_CANDIDATE.test(text),
    syntax: gfmTable,
    tree: gfmTableFromMarkdown,
  },
  {
    name: 'taskListItem',
    mayOccur: (text: string) => TASK_CHECK_CANDIDATE.test(text),
    syntax: gfmTaskListItem,
    tree: gfmTaskListItemFromMarkdown,
  },
] as const;

export type GfmPart = (typeof GFM_PARTS)[number]['name'];

/** The GFM extensions `text` may need, a bit per part in GFM_PARTS's order. */
function partsOf(text: string): number {
  let parts = 0;
  for (let i = 0; i < GFM_PARTS.length; i++) if (GFM_PARTS[i]!.mayOccur(text)) parts |= 1 << i;
  return parts;
}

/** Which GFM extensions the trimmed parse of `text` loads, in remark-gfm's order. */
export function gfmPartsFor(text: string): GfmPart[] {
  const parts = partsOf(text);
  return GFM_PARTS.filter((_, i) => parts & (1 << i)).map((part) => part.name);
}

/** One processor per set of extensions (a bit per part), built the first time a text needs that set. */
const processors = new Map<number, Processor<Root>>();

function processorFor(parts: number): Processor<Root> {
  const built = processors.get(parts);
  if (built) return built;
  const chosen = GFM_PARTS.filter((_, i) => parts & (1 << i));
  const processor = unified()
    .use(remarkParse)
    .use(function someOfGfm(this: Processor) {
      const data = this.data();
      data.micromarkExtensions = [
        ...(data.micromarkExtensions ?? []),
        ...chosen.map((part) => part.syntax()),
      ];
      data.fromMarkdownExtensions = [
        ...(data.fromMarkdownExtensions ?? []),
        ...chosen.map((part) => part.tree()),
      ];
    });
  processors.set(parts, processor);
  return processor;
}

// @implements reader#SPEC-AUTOLINKS-ONLY-WHEN-PRESENT
// @implements reader#SPEC-GFM-ONLY-WHAT-THE-TEXT-NEEDS
export function parseMarkdown(text: string): Root {
  return processorFor(partsOf(text)).parse(text);
}

// The reader's fallbacks find the parser from here on (reader/remark-slot.ts).
provideMarkdownParser(parseMarkdown);

/** The full GFM parse, whatever the text holds (the reference the trimmed parse is tested against). */
export function parseMarkdownWithAutolinks(text: string): Root {
  return fullGfm.parse(text) as Root;
}
