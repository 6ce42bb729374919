/**
 * The `<status …>` element grammar (XML-shaped): double-quoted attributes,
 * `/>` for a point marker, `>` … `</status>` for a fragment wrapper.
 */

import { nearestOne } from './did-you-mean.ts';
import type { Issue } from './issues.ts';
import type { Located } from './status-values.ts';

export const ELEMENT_ATTRIBUTES = [
  'stage',
  'state',
  'action',
  'actionstage',
  'audience',
  'comment',
  'ref',
] as const;

export interface ParsedElement {
  /** Index just past the element (or past the last character read when unterminated). */
  end: number;
  /** `/>` seen. */
  selfClosing: boolean;
  /** `>` or `/>` seen. */
  terminated: boolean;
  attrs: Map<string, Located>;
}

const NAME = /[A-Za-z_][\w.-]*/y;

/**
 * Parses the element starting at `start` (which points at `<status`) in `text`.
 * `base` turns indices into absolute source offsets for issues.
 */
export function parseElement(text: string, start: number, base: number, issues: Issue[]): ParsedElement {
  const attrs = new Map<string, Located>();
  let i = start + '<status'.length;
  const n = text.length;
  const malformed = (at: number, token: string, message: string, fix: string) =>
    issues.push({ code: 'malformed-element', offset: base + at, token, message, fix });
  for (;;) {
    while (i < n && /\s/.test(text[i]!)) i++;
    if (i >= n) {
      malformed(
        start,
        '<status',
        'unterminated `<status` element',
        'end the marker with `/>` (or `>` … `</status>`)',
      );
      return { end: n, selfClosing: false, terminated: false, attrs };
    }
    if (text.startsWith('/>', i)) return { end: i + 2, selfClosing: true, terminated: true, attrs };
    if (text[i] === '>') return { end: i + 1, selfClosing: false, terminated: true, attrs };
    NAME.lastIndex = i;
    const m = NAME.exec(text);
    if (!m) {
      malformed(
        i,
        text[i]!,
        `unexpected \`${text[i]}\` inside \`<status>\` element`,
        'write attributes as name="value" and end with `/>`',
      );
      return { end: i + 1, selfClosing: false, terminated: false, attrs };
    }
    const name = m[0];
    const nameAt = i;
    i += name.length;
    if (!(ELEMENT_ATTRIBUTES as readonly string[]).includes(name)) {
      const near = nearestOne(name, ELEMENT_ATTRIBUTES);
      malformed(
        nameAt,
        name,
        `unknown attribute \`${name}\` on \`<status>\``,
        `${near ? `did you mean \`${near}\`? ` : ''}(accepted: ${ELEMENT_ATTRIBUTES.join(', ')})`,
      );
    }
    while (i < n && /\s/.test(text[i]!)) i++;
    if (text[i] !== '=') {
      malformed(nameAt, name, `attribute \`${name}\` has no value`, `write ${name}="…"`);
      continue;
    }
    i++;
    while (i < n && /\s/.test(text[i]!)) i++;
    if (text[i] !== '"') {
      // Recover: the unquoted value runs to whitespace, `/>` or `>`.
      let j = i;
      while (j < n && !/[\s>]/.test(text[j]!) && !text.startsWith('/>', j)) j++;
      const value = text.slice(i, j);
      malformed(i, value, `unquoted value for \`${name}\``, `quote it: ${name}="${value}"`);
      if (!attrs.has(name)) attrs.set(name, { value, offset: base + i });
      i = j;
      continue;
    }
    const close = text.indexOf('"', i + 1);
    if (close === -1) {
      malformed(i, text.slice(i, i + 20), `unterminated value for \`${name}\``, 'close the value with `"`');
      return { end: n, selfClosing: false, terminated: false, attrs };
    }
    if (!attrs.has(name)) attrs.set(name, { value: text.slice(i + 1, close), offset: base + i + 1 });
    i = close + 1;
  }
}
