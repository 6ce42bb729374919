/** Markdown texts with each GFM extension's triggers broken up, for comparing the trimmed parse with full GFM. */
import type { GfmPart } from '../../reader/markdown.ts';

export const GFM_PARTS: GfmPart[] = ['autolinkLiteral', 'footnote', 'strikethrough', 'table', 'taskListItem'];

/** Per extension, the same text with every one of its triggers broken up (and nothing else changed). */
export const BREAK_UP: Record<GfmPart, (text: string) => string> = {
  autolinkLiteral: (text) =>
    text
      .replace(/:\/\//g, ':/ /')
      .replace(/www\./gi, 'www .')
      .replace(/(mailto|xmpp):/gi, '$1 :')
      .replace(/@([-\w]+)\./g, '@$1 .'),
  footnote: (text) => text.replace(/\[\^/g, '[ˆ'),
  strikethrough: (text) => text.replace(/~/g, '≈'),
  table: (text) => text.replace(/\|/g, '¦').replace(/:(?=-)|(?<=-):/g, ';'),
  taskListItem: (text) => text.replace(/\[(?=[\t\n\r xX])/g, '⟦'),
};

/** The text as written, with each extension's triggers broken up in turn, and with all of them broken up. */
export function variants(text: string): string[] {
  const singly = GFM_PARTS.map((part) => BREAK_UP[part](text));
  const none = GFM_PARTS.reduce((t, part) => BREAK_UP[part](t), text);
  return [...new Set([text, ...singly, none])];
}
