/**
 * Text from inputs (file names, fact text, messages) written into Markdown
 * (the `--summary` for GitHub, the `matrix --format md` table): it must stay
 * the text it is, never become markup. Prose escapes the characters that
 * start inline markup and those that start a block where it opens a line, so
 * no heading, list, link, emphasis, table cell end or raw HTML can start
 * inside it; a code span is
 * fenced by a backtick run longer than any inside; a line break becomes
 * visible, since a new line could start a block (`## ✅ …`). Pure.
 */
import { escapeControls } from './console.ts';

/**
 * Prose: one line, every inline Markdown marker escaped (emphasis, code,
 * links, raw HTML, entities, table pipes), and a line-start marker (a list,
 * a setext underline, indentation) where the text opens a line.
 */
// @implements cli#WRITER-ESCAPES-PER-CONTEXT
export function mdText(text: string): string {
  return escapeControls(text)
    .replace(/[\\`*_[\]<>#!|~&]/g, (c) => `\\${c}`)
    .replace(/^ +/, '')
    .replace(/^[-+=]/, (c) => `\\${c}`)
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/** A code span holding `text` exactly: fenced past its longest backtick run, padded where CommonMark strips. */
export function mdCode(text: string): string {
  const flat = escapeControls(text);
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(flat) || flat === '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A link destination from a path: every character that could end it (`)`, space, `<`) percent-encoded. */
export function mdHref(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}
