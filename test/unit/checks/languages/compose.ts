/**
 * The grammar fuzz's files: pieces of a case table (comments and strings
 * each holding one planted tag, and neutral code) in a random order,
 * separated by spaces or line breaks, seeded so a failure reproduces.
 */
import { type CaseTable, TAG } from './case-table.ts';

export interface ComposedFile {
  text: string;
  /** Ids of the tags planted in comments: the scan must find exactly these. */
  inComments: string[];
  /** Ids of the tags planted in strings and other text: the scan must find none. */
  inTexts: string[];
}

/** A small deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether a comment piece holds a line comment (what follows it must start a new line). */
function holdsLineComment(piece: string, table: CaseTable): boolean {
  return table.language.grammar.lineComments.some((c) => piece.includes(c.open));
}

export function composeFiles(table: CaseTable, count: number, seed = 1): ComposedFile[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const files: ComposedFile[] = [];
  for (let f = 0; f < count; f++) {
    const file: ComposedFile = { text: '', inComments: [], inTexts: [] };
    const pieces = 2 + Math.floor(next() * 8);
    for (let p = 0; p < pieces; p++) {
      const roll = next();
      const kind = roll < 0.35 ? 'comment' : roll < 0.8 ? 'text' : 'code';
      const piece =
        kind === 'comment' ? pick(table.comments) : kind === 'text' ? pick(table.texts) : pick(table.code);
      let text = piece;
      if (kind !== 'code') {
        const id = `${kind === 'comment' ? 'C' : 'T'}${f}X${p}`;
        text = piece.replace(TAG, `@implements doc#${id}`);
        (kind === 'comment' ? file.inComments : file.inTexts).push(id);
      }
      file.text += text;
      file.text +=
        kind === 'comment' && holdsLineComment(piece, table) ? '\n' : pick(table.separators ?? [' ', '\n']);
    }
    files.push(file);
  }
  return files;
}
