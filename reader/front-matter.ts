/**
 * YAML front matter: a `---` line opening the text and the first `---` or
 * `...` line after it. Apart from reader/index.ts because the report page's
 * script (which imports nothing of Node's) must find the same block the
 * reader blanks.
 */

/** The offset right after the front matter's closing line (before its line end), or 0 when the text opens with none. */
export function frontMatterEnd(source: string): number {
  const open = /^---[ \t]*\r?\n/.exec(source);
  if (!open) return 0;
  const close = /^(?:---|\.\.\.)[ \t]*\r?$/m;
  const m = close.exec(source.slice(open[0].length));
  return m ? open[0].length + m.index + m[0].length : 0;
}
