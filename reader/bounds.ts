/**
 * A bound on container nesting, checked before remark sees the text: block
 * quotes and list items nested deeper than MAX_NESTING overflow the
 * parser's call stack or take it superlinear time. One linear pass over the
 * lines models the containers (list items by their content column, quote
 * markers per line); a line deeper than the bound is reported once, located,
 * and blanked (offsets and line numbers kept) so the rest still reads.
 */
import type { Issue } from './issues.ts';

export const MAX_NESTING = 256;

/**
 * `-`, `+`, `*` or `1.`/`1)` at `text[at]` followed by a space, tab or the
 * line's end (`end`): width of the marker with its gap.
 */
function listMarker(text: string, at: number, end: number): number {
  let i = at;
  const c = i < end ? text.charCodeAt(i) : -1;
  if (c === 45 || c === 43 || c === 42) i++;
  else {
    while (i - at < 9 && i < end && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    if (i === at || i >= end || (text[i] !== '.' && text[i] !== ')')) return 0;
    i++;
  }
  if (i < end && text[i] !== ' ' && text[i] !== '\t') return 0;
  let gap = 0;
  while (gap < 4 && i + gap < end && (text[i + gap] === ' ' || text[i + gap] === '\t')) gap++;
  return i - at + Math.max(gap, 1);
}

/** A line whose first character after blanks may open a block quote, a list item or a fence. */
const MAY_NEST = /^[ \t]*[>*+\-0-9`~]/gm;

/** Spaces and tabs from `i`, up to `end`. */
function skipBlanks(text: string, i: number, end: number): number {
  while (i < end && (text[i] === ' ' || text[i] === '\t')) i++;
  return i;
}

// @implements reader#READER-BOUNDED
export function boundNesting(text: string): { text: string; issues: Issue[] } {
  const issues: Issue[] = [];
  const items: number[] = []; // content columns of the open list items
  // The open fence's character and length (0: none). Lines are read in place, never cut out.
  let fenceChar = '';
  let fenceLength = 0;
  let blanked: [number, number][] | undefined;
  let lineStart = 0;
  while (lineStart <= text.length) {
    if (items.length === 0) {
      // Outside lists only a line opening a container, or opening or closing a fence, changes
      // anything: jump to the next (from the line holding it: `^` also matches after U+2028).
      MAY_NEST.lastIndex = lineStart;
      const next = MAY_NEST.exec(text);
      if (next === null) break;
      lineStart = text.lastIndexOf('\n', next.index - 1) + 1;
    }
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const contentEnd = lineEnd > lineStart && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    let p = skipBlanks(text, lineStart, lineEnd);
    if (p < contentEnd) {
      while (items.length > 0 && items[items.length - 1]! > p - lineStart) items.pop();
      let depth = items.length;
      let over = -1;
      while (fenceLength === 0) {
        const marker = p;
        if (p < lineEnd && text[p] === '>') {
          depth++;
          p++;
          if (p < lineEnd && text[p] === ' ') p++;
        } else {
          const width = listMarker(text, p, lineEnd);
          if (width === 0) break;
          items.push(p - lineStart + width);
          depth++;
          p += width;
        }
        if (depth > MAX_NESTING && over === -1) over = marker;
        p = skipBlanks(text, p, lineEnd);
      }
      const mark = p < lineEnd ? text[p]! : '';
      let run = 0;
      if (mark === '`' || mark === '~') while (p + run < lineEnd && text[p + run] === mark) run++;
      if (run >= 3) {
        if (fenceLength === 0) {
          fenceChar = mark;
          fenceLength = run;
        } else if (mark === fenceChar && run >= fenceLength) fenceLength = 0;
      }
      if (over !== -1) {
        if (blanked === undefined) {
          blanked = [];
          issues.push({
            code: 'nesting-too-deep',
            offset: over,
            token: text.slice(over, over + 1),
            message: `block quotes and list items are nested more than ${MAX_NESTING} levels deep here; the lines that deep are not read`,
            fix: `flatten the structure to at most ${MAX_NESTING} nested block quotes or list items`,
          });
        }
        blanked.push([lineStart, lineEnd]);
      }
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (blanked === undefined) return { text, issues };
  let out = '';
  let done = 0;
  for (const [start, end] of blanked) {
    out += text.slice(done, start) + ' '.repeat(end - start);
    done = end;
  }
  return { text: out + text.slice(done), issues };
}
