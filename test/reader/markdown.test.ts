/**
 * The reader's Markdown parse skips GFM's literal autolinks for a text that
 * cannot hold one (reader/markdown.ts). Here the trimmed parse is compared
 * with the full one, node for node and position for position, on every
 * Markdown file within reach, and on the same files with every autolink
 * candidate broken up, so both kinds of text are covered.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayHoldAutolink, parseMarkdown, parseMarkdownWithAutolinks } from '../../reader/markdown.ts';
import { filesUnder } from '../support/files-under.ts';

const REPO = resolve(import.meta.dirname, '..', '..');
const SHARED = resolve(REPO, '..', 'shared');
if (!existsSync(SHARED) && process.env.CI)
  throw new Error(`${SHARED} is absent in CI: the Markdown comparison must cover its corpus`);
if (!existsSync(SHARED))
  console.warn(`NOTE: ${SHARED} is absent; the Markdown comparison covers this repository only`);

const isMarkdown = (path: string) => path.endsWith('.md');

const FILES = [
  ...['specs', 'docs', 'test', 'README.md'].flatMap((p) =>
    p.endsWith('.md') ? [join(REPO, p)] : filesUnder(join(REPO, p), isMarkdown),
  ),
  ...filesUnder(SHARED, isMarkdown),
];

/** The same text with every autolink candidate broken up (`://` → `:/ /`, `www.` → `www .`, `@a.` → `@a .`). */
function withoutCandidates(text: string): string {
  return text
    .replace(/:\/\//g, ':/ /')
    .replace(/www\./gi, 'www .')
    .replace(/(mailto|xmpp):/gi, '$1 :')
    .replace(/@([-\w]+)\./g, '@$1 .');
}

describe('the reader’s Markdown parse', () => {
  // @verifies speed#SPEC-AUTOLINKS-ONLY-WHEN-PRESENT
  it('gives the full GFM tree on every Markdown file within reach, and on each with its autolink candidates broken up', () => {
    let trimmed = 0;
    for (const file of FILES) {
      const text = readFileSync(file, 'utf8');
      for (const variant of [text, withoutCandidates(text)]) {
        expect(parseMarkdown(variant), file).toEqual(parseMarkdownWithAutolinks(variant));
        if (!mayHoldAutolink(variant)) trimmed++;
      }
    }
    expect(FILES.length).toBeGreaterThan(50);
    // Every broken-up variant takes the trimmed path, and so do the files without candidates.
    expect(trimmed).toBeGreaterThanOrEqual(FILES.length);
  }, 120_000);

  // @verifies speed#SPEC-AUTOLINKS-ONLY-WHEN-PRESENT
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
});
