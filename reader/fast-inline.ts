/**
 * A unit's inline facts without a Markdown parse: one left-to-right pass
 * over its lines for code spans, HTML comments and tags and backslash
 * escapes, which is all that decides the masks and code values when the
 * document defines no link or footnote (fast-blocks.ts falls back for a
 * document that does). Where a link, an autolink or anything it does not
 * model may stand, the unit's own lines are parsed by remark instead (a
 * paragraph's or a cell's inline content depends on nothing outside it once
 * no definition exists); lines that parse alone as anything but one
 * paragraph send the file to remark.
 */

import type { Nodes } from 'mdast';
import { mayHoldAutolink, parseMarkdown } from './markdown.ts';
import type { InlineFacts } from './units.ts';
import { inlineMasks } from './units.ts';

/** One line of a unit's content: where it starts in the document and its text. */
export interface Segment {
  offset: number;
  text: string;
}

/** Raised when the inline pass cannot vouch for its reading (no stack: it is control flow, and frequent). */
export class InlineUnsure extends Error {}

function inlineUnsure(why: string): InlineUnsure {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const error = new InlineUnsure(why);
  Error.stackTraceLimit = limit;
  return error;
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const SPECIAL = /[\\`<[!\]]/g;
const ATTRIBUTE = String.raw`(?:[ ]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ ]*=[ ]*(?:[^ "'=<>\x60]+|'[^'\n]*'|"[^"\n]*"))?)`;
const OPEN_TAG = new RegExp(String.raw`<[A-Za-z][A-Za-z0-9-]*${ATTRIBUTE}*[ ]*\/?>`, 'y');
const CLOSING_TAG = /<\/[A-Za-z][A-Za-z0-9-]*[ ]*>/y;

// @implements reader#FAST-READER-INLINE
export function fastInline(segments: readonly Segment[]): InlineFacts {
  const s = segments.map((seg) => seg.text).join('\n');
  try {
    return scanInline(s, segments);
  } catch (error) {
    if (!(error instanceof InlineUnsure)) throw error;
    return remarkInline(s, segments);
  }
}

/** Maps an offset in the joined content back to the document. */
function mapper(segments: readonly Segment[]): (at: number) => number {
  return (at: number) => {
    let base = 0;
    for (const seg of segments) {
      if (at <= base + seg.text.length) return seg.offset + (at - base);
      base += seg.text.length + 1;
    }
    return segments[segments.length - 1]!.offset + segments[segments.length - 1]!.text.length;
  };
}

function scanInline(s: string, segments: readonly Segment[]): InlineFacts {
  if (mayHoldAutolink(s)) throw inlineUnsure('an autolink may stand here');
  const map = mapper(segments);
  const masks: Array<[number, number]> = [];
  const codes: string[] = [];
  /** Open `[` and `![`, innermost last (CommonMark's bracket stack). */
  const openers: Array<{ at: number; image: boolean; active: boolean; codes: number }> = [];
  const n = s.length;
  let i = 0;
  while (i < n) {
    // Only these characters open anything the pass reads: jump to the next one.
    SPECIAL.lastIndex = i;
    if (!SPECIAL.test(s)) break;
    i = SPECIAL.lastIndex - 1;
    const c = s[i];
    if (c === '\\') {
      i += i + 1 < n && PUNCTUATION.test(s[i + 1]!) ? 2 : 1;
      continue;
    }
    if (c === '`') {
      let r = 1;
      while (s[i + r] === '`') r++;
      const close = closingRun(s, i + r, r);
      if (close === -1) {
        i += r;
        continue;
      }
      const content = s.slice(i + r, close);
      masks.push([map(i), map(close + r)]);
      // remark keeps a code span's line endings and each continuation line's own indent (the
      // containers' prefixes are not in `s`), and strips one space or line ending from each side
      // when both have one and the span is not all of them.
      codes.push(
        /^[ \n][\s\S]*[ \n]$/.test(content) && /[^ \n]/.test(content) ? content.slice(1, -1) : content,
      );
      i = close + r;
      continue;
    }
    if (c === '<') {
      if (s.startsWith('<!--', i)) {
        if (s.startsWith('<!-->', i) || s.startsWith('<!--->', i)) throw inlineUnsure('a short comment');
        const end = s.indexOf('-->', i + 4);
        if (end === -1 || s.slice(i + 4, end).includes('--')) throw inlineUnsure('an odd comment');
        masks.push([map(i), map(end + 3)]);
        i = end + 3;
        continue;
      }
      if (/^<(?:[!?]|[A-Za-z][A-Za-z0-9+.-]{1,31}:|[^ <>]*@)/.test(s.slice(i, i + 64)))
        throw inlineUnsure('an autolink, declaration or instruction');
      OPEN_TAG.lastIndex = i;
      CLOSING_TAG.lastIndex = i;
      if (OPEN_TAG.test(s)) {
        i = OPEN_TAG.lastIndex;
        continue;
      }
      if (CLOSING_TAG.test(s)) {
        i = CLOSING_TAG.lastIndex;
        continue;
      }
      // A tag whose attributes run onto the next line is outside the model.
      if (/^<\/?[A-Za-z][^<>]*$/.test(s.slice(i, s.indexOf('\n', i) === -1 ? n : s.indexOf('\n', i))))
        throw inlineUnsure('a tag that may span lines');
      i++;
      continue;
    }
    if (c === '[' || (c === '!' && s[i + 1] === '[')) {
      openers.push({ at: i, image: c === '!', active: true, codes: codes.length });
      i += c === '!' ? 2 : 1;
      continue;
    }
    if (c === ']') {
      const opener = openers.pop();
      const end = opener?.active && s[i + 1] === '(' ? inlineLinkEnd(s, i + 2) : -1;
      if (opener && end !== -1) {
        masks.push([map(opener.at), map(end)]);
        // An image's text is its alt attribute, never read; a link holds no link, so outer brackets go inert.
        if (opener.image) codes.length = opener.codes;
        else for (const o of openers) if (!o.image) o.active = false;
        i = end;
        continue;
      }
      i++;
      continue;
    }
    i++;
  }
  return { masks, codes, references: [] };
}

/**
 * The end (after `)`) of an inline link's `(destination "title")` opening
 * at `from` (after the `(`), or -1 when none opens there. Only the plain
 * forms are modelled: a destination without `<…>`, a double-quoted title, all
 * on one line; anything else is unsure.
 */
function inlineLinkEnd(s: string, from: number): number {
  let j = from;
  while (s[j] === ' ') j++;
  if (s[j] === ')') return j + 1;
  if (s[j] === '<' || s[j] === '\n' || j >= s.length) throw inlineUnsure('an odd link destination');
  let depth = 0;
  const destStart = j;
  for (; j < s.length; j++) {
    const ch = s[j]!;
    if (ch === '\\' && j + 1 < s.length && PUNCTUATION.test(s[j + 1]!)) {
      j++;
      continue;
    }
    if (ch === '(') {
      if (++depth > 8) throw inlineUnsure('deeply nested parentheses in a link');
    } else if (ch === ')') {
      if (depth === 0) break;
      depth--;
    } else if (ch === ' ' || ch === '\n' || ch.charCodeAt(0) < 0x20 || ch === '\x7f') break;
  }
  if (j >= s.length) return -1;
  if (s[j] === '\n' || (s[j] !== ')' && s[j] !== ' ')) throw inlineUnsure('an odd link destination');
  if (depth !== 0) return -1;
  if (s[j] === ')') return j === destStart ? -1 : j + 1;
  while (s[j] === ' ') j++;
  if (s[j] === ')') return j + 1;
  if (s[j] !== '"') throw inlineUnsure('a link title that is not double-quoted');
  for (j++; j < s.length && s[j] !== '"'; j++) {
    if (s[j] === '\n') throw inlineUnsure('a link title across lines');
    if (s[j] === '\\') j++;
  }
  if (j >= s.length) return -1;
  j++;
  while (s[j] === ' ') j++;
  return s[j] === ')' ? j + 1 : -1;
}

/** Start of the next backtick run of exactly `r` from `from`, or -1. */
function closingRun(s: string, from: number, r: number): number {
  let j = s.indexOf('`', from);
  while (j !== -1) {
    let k = j;
    while (s[k] === '`') k++;
    if (k - j === r) return j;
    j = s.indexOf('`', k);
  }
  return -1;
}

/**
 * The unit's lines parsed alone: a paragraph's inline content is the same
 * wherever its lines stand once no definition exists. Anything but a single
 * paragraph back means the lines read differently alone, and the file goes to remark.
 */
function remarkInline(s: string, segments: readonly Segment[]): InlineFacts {
  const tree = parseMarkdown(s);
  const only = tree.children[0];
  if (tree.children.length !== 1 || only?.type !== 'paragraph')
    throw inlineUnsure('lines that read differently alone');
  const map = mapper(segments);
  const shift = (n: Nodes): void => {
    if (n.position) {
      n.position.start.offset = map(n.position.start.offset ?? 0);
      n.position.end.offset = map(n.position.end.offset ?? 0);
    }
    if ('children' in n) for (const c of n.children) shift(c as Nodes);
  };
  shift(only);
  return inlineMasks(only);
}
