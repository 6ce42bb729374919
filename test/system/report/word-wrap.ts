/**
 * How the summary column's names broke into lines, read back from the page
 * Chromium laid out: each word (a run of non-spaces) of each visible name
 * cell, the line boxes its Range covers (Range.getClientRects), its width
 * and the room the cell gives a line. A word on two lines was split inside.
 */
import type { Page } from 'playwright-core';

export interface SplitWord {
  word: string;
  /** The word's width laid out (its pieces added up), px. */
  width: number;
  /** The cell's content width: what one line can hold, px. */
  room: number;
}

export interface NameWrapping {
  /** Words read in visible name cells. */
  words: number;
  /** Name cells laid out on more than one line. */
  wrapped: number;
  split: SplitWord[];
}

export function nameWrapping(page: Page): Promise<NameWrapping> {
  return page.evaluate(() => {
    const out = { words: 0, wrapped: 0, split: [] as { word: string; width: number; room: number }[] };
    for (const cell of document.querySelectorAll<HTMLElement>('table.summary td:first-child')) {
      if (cell.getClientRects().length === 0) continue;
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const lines = new Set<number>();
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
          out.words++;
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const tops = new Set(rects.map((r) => Math.round(r.top)));
          for (const top of tops) lines.add(top);
          if (tops.size > 1)
            out.split.push({ word: m[0], width: rects.reduce((w, r) => w + r.width, 0), room });
        }
      }
      if (lines.size > 1) out.wrapped++;
    }
    return out;
  });
}

/** Horizontal overflow of the page and of the sidebar, px (0 when everything fits). */
export function overflow(page: Page): Promise<{ page: number; side: number }> {
  return page.evaluate(() => {
    const side = document.querySelector('nav.side') as HTMLElement;
    const root = document.documentElement;
    return { page: root.scrollWidth - root.clientWidth, side: side.scrollWidth - side.clientWidth };
  });
}
