/**
 * Region lexers for the text-like outputs, YAML and Markdown, as far as
 * escaping needs them. Pure.
 */
import { lineComment, lineEnd, quoted, type Region } from './regions.ts';

/**
 * YAML, as far as escaping needs it: `#` after a space or at a line start is
 * a comment, a quote opens a scalar only where a value or key starts, and
 * the more-indented lines after a `|` or `>` indicator are a block scalar.
 */
export function yamlRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  let block: { indent: number } | undefined;
  let valueStart = true;
  while (i < text.length) {
    const lineStart = i === 0 || text[i - 1] === '\n';
    if (lineStart) {
      const end = lineEnd(text, i);
      const indent = /^ */.exec(text.slice(i, end))![0].length;
      if (block && (indent > block.indent || text.slice(i, end).trim() === '')) {
        out.push({ start: i, end, context: { kind: 'string', quote: '|', raw: true } });
        i = end + 1;
        continue;
      }
      block = undefined;
      valueStart = true;
    }
    const c = text[i]!;
    if (c === '\n') {
      i++;
      continue;
    }
    if (c === '#' && (lineStart || /\s/.test(text[i - 1]!))) i = lineComment(out, text, i);
    else if ((c === '"' || c === "'") && valueStart) {
      i = quoted(out, text, i, c, c, { escapes: c === '"', multiline: true }, { kind: 'string', quote: c });
      valueStart = false;
    } else if (
      /[|>]/.test(c) &&
      valueStart &&
      /^[|>][-+0-9]*[ \t]*(?:#.*)?$/.test(text.slice(i, lineEnd(text, i)))
    ) {
      const start = text.lastIndexOf('\n', i - 1) + 1;
      block = { indent: /^ */.exec(text.slice(start))![0].length };
      i = lineEnd(text, i);
    } else if (valueStart && !/[\s\-?:,[\]{}]/.test(c)) {
      // A plain scalar: up to ` #`, `: ` or the line's end. One that is a single
      // placeholder is a whole value (code: written quoted); text around one is not.
      const line = text.slice(i, lineEnd(text, i));
      const end = i + (/ #|: |:$/.exec(line)?.index ?? line.length);
      const scalar = text.slice(i, end);
      if (!/^__FLSLOT\d+__\s*$/.test(scalar)) {
        const lead = /^[A-Za-z][A-Za-z0-9_]* +/.exec(scalar)?.[0].length ?? -1;
        const wordLed = lead >= 0 && !scalar.slice(0, lead).includes('__FLSLOT');
        out.push({
          start: i,
          end,
          context: { kind: 'string', quote: '', raw: true, ...(wordLed ? { wordLed } : {}) },
        });
      }
      i = end;
      valueStart = false;
    } else {
      if (c === ' ' || c === '\t') {
        // a value or key starts after `- `, `: `, `? ` and inside flow collections after `[`, `{`, `,`
        valueStart = valueStart || /[-:?[{,]/.test(text[i - 1] ?? '');
      } else valueStart = /[[{,]/.test(c);
      i++;
    }
  }
  return out;
}

/** Markdown: fenced code, code spans and HTML comments; all else is text. */
export function markdownRegions(text: string): Region[] {
  const out: Region[] = [];
  let i = 0;
  while (i < text.length) {
    const lineStart = i === 0 || text[i - 1] === '\n';
    const fence = lineStart ? /^ {0,3}(`{3,}|~{3,})/.exec(text.slice(i, i + 40)) : null;
    if (fence) {
      const mark = fence[1]!;
      const close = new RegExp(
        `\\n {0,3}${mark[0] === '`' ? '`' : '~'}{${mark.length},}[ \\t]*(?=\\n|$)`,
        'g',
      );
      close.lastIndex = i;
      const m = close.exec(text);
      const end = m ? m.index + m[0].length : text.length;
      out.push({ start: i, end, context: { kind: 'string', quote: mark, raw: true } });
      i = end;
    } else if (text.startsWith('<!--', i)) {
      const n = text.indexOf('-->', i + 4);
      const end = n === -1 ? text.length : n + 3;
      out.push({ start: i, end, context: { kind: 'block-comment' } });
      i = end;
    } else if (text[i] === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const n = text.indexOf(run, i + run.length);
      if (n === -1) i += run.length;
      else {
        out.push({ start: i, end: n + run.length, context: { kind: 'string', quote: run, raw: true } });
        i = n + run.length;
      }
    } else i++;
  }
  return out;
}
