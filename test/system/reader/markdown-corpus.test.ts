/**
 * The reader's trimmed Markdown parse (reader/markdown.ts) against the full
 * GFM one (remark-gfm), node for node and position for position, on every
 * Markdown file within reach (this repository and the shared corpus), as
 * written and with each trigger broken up.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gfmPartsFor, parseMarkdown, parseMarkdownWithAutolinks } from '../../../reader/markdown.ts';
import { REPO } from '../../support/cli.ts';
import { filesUnder } from '../../support/files-under.ts';
import { GFM_PARTS as PARTS, variants } from '../../support/gfm-variants.ts';

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

describe('the reader’s Markdown parse over every Markdown file', () => {
  // @verifies reader#SPEC-AUTOLINKS-ONLY-WHEN-PRESENT
  // @verifies reader#SPEC-GFM-ONLY-WHAT-THE-TEXT-NEEDS
  it('gives the full GFM tree on every Markdown file within reach, as written and with each trigger broken up', () => {
    const sets = new Set<string>();
    for (const file of FILES) {
      for (const variant of variants(readFileSync(file, 'utf8'))) {
        expect(parseMarkdown(variant), file).toEqual(parseMarkdownWithAutolinks(variant));
        sets.add(gfmPartsFor(variant).join());
      }
    }
    expect(FILES.length).toBeGreaterThan(50);
    // The files hold every trigger, and the broken-up copies take the paths without them.
    for (const part of PARTS)
      expect(
        [...sets].some((set) => set.includes(part)),
        part,
      ).toBe(true);
    expect(sets).toContain('');
    expect(sets.size).toBeGreaterThan(10);
  }, 300_000);
});
