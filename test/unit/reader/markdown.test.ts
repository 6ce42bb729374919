/**
 * The reader's Markdown parse loads a GFM extension only when the text holds
 * the string its construct cannot appear without (reader/markdown.ts). Here
 * the trimmed parse is compared with the full GFM one (remark-gfm), node for
 * node and position for position: on generated texts for every one of the 32
 * sets of extensions, and on small texts that hold each construct, at their
 * start and at their end. (Every Markdown file within reach:
 * test/system/reader/markdown-corpus.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import {
  type GfmPart,
  gfmPartsFor,
  mayHoldAutolink,
  parseMarkdown,
  parseMarkdownWithAutolinks,
} from '../../../reader/markdown.ts';
import { GFM_PARTS as PARTS } from '../../support/gfm-variants.ts';

/** Deterministic pseudo-random numbers in [0, 1) (a failure names its seed and text). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
}

/** Markdown blocks that hold no GFM trigger: headings, lists, quotes, code, emphasis, links, breaks, HTML. */
const NEUTRAL = [
  'Plain text, with *emphasis* and __strong__.',
  '# A heading {#anchor}',
  'Setext heading\n===',
  '- an item\n- another',
  '1. first\n2. second',
  '> a quote\nlazy continuation',
  '    indented code',
  '```\nfenced code\n```',
  '***',
  'a\n-',
  '[a link](/place) and ![an image](/pic.png)',
  '[ref]\n\n[ref]: /target',
  '`code span` and <span>html</span>',
  '@fact:X-ID A fact. @status:impl/done',
];

/** Blocks that hold one construct each. */
const CONSTRUCTS: Record<GfmPart, string[]> = {
  autolinkLiteral: ['See www.example.com today.', 'Mail someone@example.com.', 'https://example.com/x'],
  footnote: ['A call[^n].\n\n[^n]: The note.', '[^x]: Defined first.\n\nThen called[^x].'],
  strikethrough: ['~~gone~~ and ~also~', 'a *~b~* c'],
  table: ['| a | b |\n| - | - |\n| 1 | 2 |', 'one column\n:-', 'right aligned\n--:'],
  taskListItem: ['- [x] done\n- [ ] open', '* [X] upper\n\n  more', '1. [ ] numbered'],
};

/** A text of `blocks` blocks drawn from NEUTRAL and from the constructs of `parts` (each present at least once). */
function generatedText(parts: GfmPart[], next: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const blocks = parts.map((part) => pick(CONSTRUCTS[part]));
  const pool = [...NEUTRAL, ...parts.flatMap((part) => CONSTRUCTS[part])];
  for (let n = 1 + Math.floor(next() * 6); n > 0; n--) blocks.push(pick(pool));
  for (let i = blocks.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [blocks[i], blocks[j]] = [blocks[j]!, blocks[i]!];
  }
  // Blocks joined by one line break as well as by a blank line: lazy lines, interrupted paragraphs.
  return blocks.reduce((text, block) => text + (next() < 0.3 ? '\n' : '\n\n') + block);
}

/** A spec as bench/check generates it: headings with ids, a status, one-line facts. */
function benchLikeSpec(): string {
  const lines = ['# Spec 0', '', '@status:impl/done', ''];
  for (let f = 0; f < 100; f++) {
    if (f % 25 === 0) lines.push(`## Part ${f / 25} {#part-${f / 25}}`, '');
    lines.push(`@fact:S0-FACT-${f} Component 0 must handle case ${f} within the documented bounds.`, '');
  }
  return lines.join('\n');
}

describe('the reader’s Markdown parse', () => {
  // @verifies reader#SPEC-GFM-ONLY-WHAT-THE-TEXT-NEEDS
  it('gives the full GFM tree for every one of the 32 sets of extensions, on generated texts', () => {
    const next = random(20_261_130);
    for (let mask = 0; mask < 32; mask++) {
      const parts = PARTS.filter((_, i) => mask & (1 << i));
      for (let n = 0; n < 12; n++) {
        const text = generatedText(parts, next);
        expect(gfmPartsFor(text), text).toEqual(parts);
        expect(parseMarkdown(text), text).toEqual(parseMarkdownWithAutolinks(text));
      }
    }
  }, 60_000);

  // @verifies reader#SPEC-GFM-ONLY-WHAT-THE-TEXT-NEEDS
  it('parses a facts-only spec like bench/check’s with CommonMark alone, to the full GFM tree', () => {
    const spec = benchLikeSpec();
    expect(gfmPartsFor(spec)).toEqual([]);
    expect(parseMarkdown(spec)).toEqual(parseMarkdownWithAutolinks(spec));
  });

  // @verifies reader#SPEC-GFM-ONLY-WHAT-THE-TEXT-NEEDS
  it.each<[string, GfmPart, string, string]>([
    ['a table at the start', 'table', '| a | b |\n| - | - |\n| 1 | 2 |\n\nAfter.', '"type":"table"'],
    ['a table at the end', 'table', 'Before.\n\n| a |\n| :-: |\n| 1 |', '"type":"table"'],
    ['a one-column table with no pipe (left-aligned)', 'table', 'a\n:-', '"type":"table"'],
    ['a one-column table with no pipe (right-aligned)', 'table', 'a\n-:\nb', '"type":"table"'],
    [
      'a footnote defined at the start',
      'footnote',
      '[^n]: The note.\n\nCalled[^n]',
      '"type":"footnoteReference"',
    ],
    [
      'a footnote defined at the end',
      'footnote',
      'Called[^n].\n\n[^n]: The note.',
      '"type":"footnoteDefinition"',
    ],
    [
      'a footnote called as `![^n]`',
      'footnote',
      'Called![^n]\n\n[^n]: The note.',
      '"type":"footnoteReference"',
    ],
    ['strikethrough at the start', 'strikethrough', '~~gone~~ then text', '"type":"delete"'],
    ['strikethrough at the end', 'strikethrough', 'text then ~gone~', '"type":"delete"'],
    ['a checked task at the start', 'taskListItem', '- [x] done\n\nAfter.', '"checked":true'],
    ['an open task at the end', 'taskListItem', 'Before.\n\n* [ ] open', '"checked":false'],
    ['a task check with a tab', 'taskListItem', '- [\t] open', '"checked":false'],
    ['a task check split over two lines', 'taskListItem', '- [\n  ] open', '"checked":false'],
    ['a task check in a quote, split over two lines', 'taskListItem', '> - [\n>   ] open', '"checked":false'],
  ])('finds %s, the way full GFM does', (_name, part, text, marker) => {
    expect(gfmPartsFor(text)).toContain(part);
    const tree = parseMarkdown(text);
    expect(JSON.stringify(tree)).toContain(marker);
    expect(tree).toEqual(parseMarkdownWithAutolinks(text));
  });

  // @verifies reader#SPEC-AUTOLINKS-ONLY-WHEN-PRESENT
  it.each([
    ['a www address', 'See www.example.com for more.'],
    ['an upper-case URL', 'See HTTPS://EXAMPLE.COM/x.'],
    ['an e-mail address', 'Write to someone@example.com about @fact:X.'],
    ['a mailto address', 'Write to mailto:someone@example.com today.'],
  ])('still links %s, the way full GFM does', (_name, text) => {
    expect(mayHoldAutolink(text)).toBe(true);
    const tree = parseMarkdown(text);
    expect(JSON.stringify(tree)).toContain('"type":"link"');
    expect(tree).toEqual(parseMarkdownWithAutolinks(text));
  });

  it.each([
    ['fact and status markers', '@fact:PING Ping answers. @status:impl/done'],
    ['an @ without a dotted domain', 'Ask user@localhost or @team first.'],
    ['a scheme without slashes', 'Use spec:X or ftp:x.'],
  ])('reads %s as text with no autolink to look for', (_name, text) => {
    expect(mayHoldAutolink(text)).toBe(false);
    expect(parseMarkdown(text)).toEqual(parseMarkdownWithAutolinks(text));
  });

  it.each([
    ['a link, a footnote-like caret and a dash', 'A [link](/x), a ^caret [ˆ1] and a - dash: done.'],
    ['brackets not followed by a check', 'An [a] and [b], [-] and [y].'],
    ['a colon and a dash apart', 'Status: - open'],
  ])('loads no extension for %s', (_name, text) => {
    expect(gfmPartsFor(text)).toEqual([]);
    expect(parseMarkdown(text)).toEqual(parseMarkdownWithAutolinks(text));
  });
});
