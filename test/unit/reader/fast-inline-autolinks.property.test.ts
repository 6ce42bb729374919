/**
 * The fast reader's GFM literal autolinks and tabs held to remark
 * (reader/fast-inline.ts): generated units with a URL after every ASCII
 * punctuation mark, trailing punctuation, parentheses and underscores,
 * e-mail addresses with `+._-` and trailing dots, and tabs in every
 * position. Wherever the scanner reads one itself, its blocks and the
 * SpecDocument are remark's; the forms vibevm's specs hold are read by the
 * scanner itself, without asking for remark.
 */
import { describe, expect, it } from 'vitest';
import { fastBlocks } from '../../../reader/fast-blocks.ts';
import { compareBlocks, sameDocument } from '../../../reader/fast-differential.ts';
import { preparedText } from '../../../reader/index.ts';
import { parseMarkdown } from '../../../reader/markdown.ts';
import { provideMarkdownParser } from '../../../reader/remark-slot.ts';

/** Whether the fast reader reads every unit of `text` without asking remark (the slot counts the asks). */
function readWithoutRemark(text: string): boolean {
  let asked = 0;
  provideMarkdownParser(() => {
    asked++;
    throw new Error('remark asked');
  });
  try {
    const reading = fastBlocks(preparedText(text).text);
    if (!reading) return false;
    for (const block of reading.blocks) if (block.kind === 'unit') block.inline();
    return asked === 0;
  } catch {
    return false;
  } finally {
    provideMarkdownParser(parseMarkdown);
  }
}

/** Every text held to remark; the ones the scanner read itself. */
function holdToRemark(texts: readonly string[]): string[] {
  const own: string[] = [];
  for (const text of texts) {
    const verdict = compareBlocks(text);
    if (verdict.sure && !verdict.same)
      expect({ text, fast: verdict.fast }).toEqual({ text, fast: verdict.remark });
    expect(sameDocument(text), text).toBe(true);
    if (readWithoutRemark(text)) own.push(text);
  }
  return own;
}

const PUNCTUATION = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
const TRAILS = [
  '',
  '.',
  ',',
  ':',
  ';',
  '?',
  '!',
  ')',
  '))',
  '.)',
  ').',
  '_',
  '_.',
  '"',
  "'",
  '*',
  '~',
  ']',
  '&amp;',
  '&x',
  '-',
];
const URLS = [
  'https://example.com',
  'http://a.b.example.org/x/y.html',
  'https://example.com/a(b)c',
  'https://example.com/(a)',
  'https://example.com/a(b',
  'https://example.com/a)b',
  'https://example.com/a_b',
  'https://ex_ample.com/a',
  'https://a_b.example.com',
  'https://example.com/dev@example.org/m',
  'https://example.com?q=1#f',
  'https://localhost/x',
  'HTTPS://EXAMPLE.COM/X',
];

/** A spec holding one tagged paragraph (the generated grids: remark reads each text twice). */
const paragraph = (unit: string): string => `# S\n\n@fact:A ${unit} @status:impl/plan\n`;

/** A spec around one unit, tagged so the reader reads it (and in a list item and a quote). */
const around = (unit: string): string[] => [
  `# S\n\n@fact:A ${unit} @status:impl/plan\n`,
  `# S\n\n- @fact:A ${unit}\n  more @status:impl/plan\n`,
  `> @fact:A x ${unit}\n> @status:impl/plan\n`,
];

describe('the fast reader’s literal autolinks and tabs', () => {
  // @verifies reader#FAST-READER-LITERAL-AUTOLINKS
  it('reads URLs after every ASCII punctuation mark and before every trail as remark does', () => {
    const texts: string[] = [];
    for (const url of URLS)
      for (const before of [' ', '\n', ...PUNCTUATION])
        for (const trail of TRAILS) texts.push(paragraph(`see ${before}${url}${trail} now`));
    texts.push(
      ...around('see\n(https://example.com/a\n— more'),
      ...around('see\nhttps://example.com/a)\nnext'),
    );
    const own = holdToRemark(texts);
    // The forms vibevm's specs hold are the scanner's own.
    for (const form of [
      'see (https://example.com now',
      'see (https://example.com/(a)) now',
      'see  https://example.com). now',
      'see  https://example.com/a(b)c; now',
      'see\n(https://example.com/a\n',
    ])
      expect(
        own.some((t) => t.includes(form)),
        form,
      ).toBe(true);
    expect(own.length).toBeGreaterThan(250);
  }, 120_000);

  // @verifies reader#FAST-READER-LITERAL-AUTOLINKS
  it('reads e-mail addresses with + . _ - and trailing dots as remark does', () => {
    const locals = ['dev', 'a.b', 'a+b', 'a_b', 'a-b', '.a', 'a.', '_', '+x', 'A9'];
    const domains = [
      'example.org',
      'ex-ample.org',
      'ex_ample.org',
      'example.org_x',
      'a.b.c',
      'x.y9',
      'x.9',
      'x.y-',
      'x.-y',
      '-x.org',
      'x',
      'example.ORG',
    ];
    const after = ['', '.', '..', ',', ')', '_', '-', '.x', '._', '.-', '>', '@b.com', '/'];
    const texts: string[] = [];
    for (const local of locals)
      for (const domain of domains)
        for (const tail of after)
          for (const before of [' ', '(', '/', 'x', '`', '*'])
            texts.push(paragraph(`mail${before}${local}@${domain}${tail} now`));
    const own = holdToRemark(texts);
    for (const form of [' dev@example.org, ', ' a+b@example.org. ', ' a_b@ex-ample.org '])
      expect(own.some((t) => t.includes(`mail${form}now`))).toBe(true);
    expect(own.length).toBeGreaterThan(texts.length / 10);
  }, 120_000);

  // @verifies reader#FAST-READER-INLINE
  it('reads tabs as remark does wherever they stand, and a tab-indented continuation line itself', () => {
    const unit = 'a `b c` <x y="1"> [l](/u "t") <m@example.org> d\n  e f';
    const texts: string[] = [];
    for (let k = 0; k <= unit.length; k++) {
      texts.push(...around(unit.slice(0, k) + '\t' + unit.slice(k)));
      texts.push(...around(unit.slice(0, k) + '\n\t\t' + unit.slice(k)));
    }
    const own = holdToRemark(texts);
    for (const form of ['d\n\t  e f', '\n\t\t[l](/u "t")', '\n\t\t<m@example.org>'])
      expect(
        own.some((t) => t.includes(form)),
        form,
      ).toBe(true);
  }, 120_000);
});
