/**
 * The `@aliases:DOC[,DOC…]` line: a document names the documents whose facts
 * it took in, so citations of their old addresses keep resolving (the trace
 * resolves them and says how to fix them). Pure.
 */

/** A document name as an address writes it: a path under the specs root, without `.md`. */
const NAME = '[A-Za-z0-9][A-Za-z0-9._/-]*';
const LINE = new RegExp(`^@aliases:[ \\t]*(${NAME}(?:[ \\t]*,[ \\t]*${NAME})*)[ \\t]*$`);

/** Whether a unit's raw Markdown is meant as an alias line (then it is never a fact nor prose). */
export function looksLikeAliasLine(raw: string): boolean {
  return raw.trimStart().startsWith('@aliases:');
}

/** The names of a well-formed alias line, in order and without repeats; undefined when it is malformed. */
export function parseAliasLine(raw: string): string[] | undefined {
  const m = LINE.exec(raw.trim());
  if (!m) return undefined;
  return [...new Set(m[1]!.split(',').map((name) => name.trim().replace(/\.md$/, '')))];
}
