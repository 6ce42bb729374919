/**
 * The Markdown parser the reader uses: CommonMark + GFM (remark-parse and
 * remark-gfm). GFM's literal autolinks (`www.…`, `https://…`, `a@b.c`) try a
 * match at every letter of a text and run a find-and-replace over every text
 * node after the parse: on a spec of a hundred facts about a third of the
 * parse. A text that holds none of the strings an autolink starts with is
 * parsed without that extension; the tree is the same, because an autolink
 * can only come from those strings (a test compares both trees on every spec
 * of the repository, the shared corpus and the fixtures).
 */
import type { Root } from 'mdast';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { type Processor, unified } from 'unified';

const fullGfm = unified().use(remarkParse).use(remarkGfm);

/** GFM as remark-gfm sets it up (same extensions, same order), less the literal autolinks. */
const gfmWithoutAutolinks = unified()
  .use(remarkParse)
  .use(function withoutAutolinkLiterals(this: Processor) {
    const data = this.data();
    data.micromarkExtensions = [
      ...(data.micromarkExtensions ?? []),
      gfmFootnote(),
      gfmStrikethrough(),
      gfmTable(),
      gfmTaskListItem(),
    ];
    data.fromMarkdownExtensions = [
      ...(data.fromMarkdownExtensions ?? []),
      gfmFootnoteFromMarkdown(),
      gfmStrikethroughFromMarkdown(),
      gfmTableFromMarkdown(),
      gfmTaskListItemFromMarkdown(),
    ];
  });

/**
 * What every literal autolink starts with or holds: a URL's scheme, `www.`,
 * or an e-mail's `@` followed by a domain label and a dot (any case).
 */
const AUTOLINK_CANDIDATE = /https?:\/\/|www\.|mailto:|xmpp:|@[-\w]+\./i;

/** Whether a literal autolink could occur in `text`; false means the trimmed parser gives the same tree. */
export function mayHoldAutolink(text: string): boolean {
  return AUTOLINK_CANDIDATE.test(text);
}

// @implements speed#SPEC-AUTOLINKS-ONLY-WHEN-PRESENT
export function parseMarkdown(text: string): Root {
  return (mayHoldAutolink(text) ? fullGfm : gfmWithoutAutolinks).parse(text) as Root;
}

/** The full GFM parse, whatever the text holds (the reference the trimmed parse is tested against). */
export function parseMarkdownWithAutolinks(text: string): Root {
  return fullGfm.parse(text) as Root;
}
