/**
 * YAML, by its specification (yaml.org/spec/1.2.2, "Comments", "Block
 * Scalars", "Flow Scalars"): `#` at a line's start or after white space,
 * outside quoted scalars; the lines of a block scalar (`key: |`, `- >-`) are
 * text whatever they hold.
 */
import type { Span } from './grammar.ts';
import type { Language } from './language.ts';

/** A value that opens a block scalar: `|` or `>` with optional chomping and indentation indicators. */
const BLOCK_SCALAR = /(?:^|[\s:-])(?:![^\s]*\s+)?[|>][+-]?[1-9]?[+-]?$/;

/**
 * YAML comments: `#` at a line start or after white space, outside quoted
 * scalars; lines of a block scalar (indented deeper than the line that
 * opened it with `|` or `>`) are text, whatever they hold.
 */
// @implements scanner#SCAN-COMMENTS-BY-LANGUAGE-RULES
function yamlComments(text: string): Span[] {
  const spans: Span[] = [];
  let blockIndent: number | undefined;
  for (let pos = 0; pos < text.length; ) {
    const end = text.indexOf('\n', pos);
    const stop = end === -1 ? text.length : end;
    let indent = 0;
    while (text[pos + indent] === ' ') indent++;
    const blank = pos + indent >= stop || /^\s*$/.test(text.slice(pos + indent, stop));
    if (blockIndent !== undefined && (blank || indent > blockIndent)) {
      pos = stop + 1;
      continue;
    }
    blockIndent = undefined;
    let quote: string | undefined;
    let comment = -1;
    for (let j = pos + indent; j < stop; j++) {
      const ch = text[j]!;
      if (quote === '"') {
        if (ch === '\\') j++;
        else if (ch === '"') quote = undefined;
      } else if (quote === "'") {
        if (ch === "'" && text[j + 1] === "'") j++;
        else if (ch === "'") quote = undefined;
      } else if (ch === '"' || ch === "'") {
        // Only a scalar that starts with a quote is quoted; `it's` is plain text.
        const before = text.slice(pos, j).trimEnd();
        if (before === '' || /[:\-[{,?]$/.test(before)) quote = ch;
      } else if (ch === '#' && (j === pos || text[j - 1] === ' ' || text[j - 1] === '\t')) {
        comment = j;
        break;
      }
    }
    if (comment !== -1) spans.push({ start: comment, text: text.slice(comment, stop) });
    const value = text.slice(pos, comment === -1 ? stop : comment).trimEnd();
    if (quote === undefined && BLOCK_SCALAR.test(value)) blockIndent = indent;
    pos = stop + 1;
  }
  return spans;
}

export const yaml: Language = {
  name: 'YAML',
  extensions: ['yaml', 'yml'],
  comments: '`#` at a line’s start or after a space',
  strings: 'quoted scalars, block scalars (`key: |`)',
  grammar: { lineComments: [{ open: '#' }], blockComments: [], strings: [] },
  reader: yamlComments,
  supported: true,
};
