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

/** `-`, `+`, `*` or `1.`/`1)` followed by a space, tab or line end: width of the marker with its gap. */
function listMarker(line: string, at: number): number {
  let i = at;
  const c = line[i];
  if (c === '-' || c === '+' || c === '*') i++;
  else {
    while (i - at < 9 && line.charCodeAt(i) >= 48 && line.charCodeAt(i) <= 57) i++;
    if (i === at || (line[i] !== '.' && line[i] !== ')')) return 0;
    i++;
  }
  if (i < line.length && line[i] !== ' ' && line[i] !== '\t') return 0;
  let gap = 0;
  while (gap < 4 && (line[i + gap] === ' ' || line[i + gap] === '\t')) gap++;
  return i - at + Math.max(gap, 1);
}

// @implements reader#READER-BOUNDED
export function boundNesting(text: string): { text: string; issues: Issue[] } {
  const issues: Issue[] = [];
  const items: number[] = []; // content columns of the open list items
  let fence: string | undefined;
  let blanked: [number, number][] | undefined;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    let i = 0;
    while (line[i] === ' ' || line[i] === '\t') i++;
    const blank = i >= line.replace(/\r$/, '').length;
    if (!blank) {
      while (items.length > 0 && items[items.length - 1]! > i) items.pop();
      let depth = items.length;
      let over = -1;
      for (;;) {
        if (fence !== undefined) break;
        const marker = i;
        if (line[i] === '>') {
          depth++;
          i++;
          if (line[i] === ' ') i++;
        } else {
          const width = listMarker(line, i);
          if (width === 0) break;
          items.push(i + width);
          depth++;
          i += width;
        }
        if (depth > MAX_NESTING && over === -1) over = marker;
        while (line[i] === ' ' || line[i] === '\t') i++;
      }
      const rest = line.slice(i);
      const fenceMark = /^(`{3,}|~{3,})/.exec(rest)?.[1];
      if (fence === undefined && fenceMark) fence = fenceMark;
      else if (
        fence !== undefined &&
        fenceMark !== undefined &&
        fenceMark[0] === fence[0] &&
        fenceMark.length >= fence.length
      ) {
        fence = undefined;
      }
      if (over !== -1) {
        if (blanked === undefined) {
          blanked = [];
          issues.push({
            code: 'nesting-too-deep',
            offset: lineStart + over,
            token: line.slice(over, over + 1),
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
