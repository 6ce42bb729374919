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

import type { Nodes, Paragraph } from 'mdast';
import { mayHoldAutolink } from './autolink-candidate.ts';
import { labelIdentifier } from './labels.ts';
import { parseMarkdown } from './remark-slot.ts';
import type { InlineFacts } from './units.ts';
import { inlineMasks } from './units.ts';

/** A unit's inline facts, and for a task item's text whether it opens with a text node. */
export interface UnitInline extends InlineFacts {
  /**
   * Asked for a task item's text (from the space after its check on): whether
   * its first inline node is text. remark (mdast-util-gfm-task-list-item)
   * takes the space off that node and moves the paragraph's start one column
   * onto it; when the space is the whole node (markup follows), the node is
   * dropped and the start stays on the check.
   */
  textFirst?: boolean;
}

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
/** SPECIAL, and what every GFM literal autolink holds (as reader/autolink-candidate.ts's AUTOLINK_CANDIDATE). */
const SPECIAL_OR_LITERAL = /[\\`<[!\]]|https?:\/\/|www\.|mailto:|xmpp:|@[-\w]+\./gi;
/** CommonMark autolinks (6.5): a URI or an e-mail address between `<` and `>`. */
const URI_AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\x00-\x20<>]*>/y;
const EMAIL_AUTOLINK =
  /<[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*>/y;
/** What a modelled literal URL may hold: ASCII with no bracket, quote, emphasis, entity or escape mark. */
const PLAIN_URL = /^https?:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:[/?#][!#-%()+-;=?-Z^a-z]*)?$/;
/** A modelled literal e-mail address's domain from its `@`: dotted labels of letters, digits and hyphens. */
const PLAIN_EMAIL_DOMAIN = /@[A-Za-z0-9-]+(?:\.[A-Za-z0-9][A-Za-z0-9-]*)+/y;
/** What GFM leaves off a literal URL's end when only these stand before whitespace (of the modelled path's characters). */
const URL_TRAIL = /^[!),.:;?]*$/;
const ATTRIBUTE = String.raw`(?:[ ]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ ]*=[ ]*(?:[^ "'=<>\x60]+|'[^'\n]*'|"[^"\n]*"))?)`;
const OPEN_TAG = new RegExp(String.raw`<[A-Za-z][A-Za-z0-9-]*${ATTRIBUTE}*[ ]*\/?>`, 'y');
const CLOSING_TAG = /<\/[A-Za-z][A-Za-z0-9-]*[ ]*>/y;

const NO_DEFINITIONS: ReadonlyMap<string, string> = new Map();

/**
 * The unit's inline facts. `definitions` are the document's link reference
 * definitions (by identifier, with their `[id]: url` text); `inTable` reads
 * a table cell, whose code spans hold `\|` as a pipe (GFM); `task` reads a
 * task item's text, which starts at the space after its check, and says
 * whether that text opens with a text node (`textFirst`).
 */
// @implements reader#FAST-READER-INLINE
export function fastInline(
  segments: readonly Segment[],
  definitions: ReadonlyMap<string, string> = NO_DEFINITIONS,
  inTable = false,
  task = false,
): UnitInline {
  const s = segments.length === 1 ? segments[0]!.text : joinLines(segments);
  let facts: UnitInline;
  try {
    facts = scanInline(s, segments, definitions, task);
  } catch (error) {
    if (!(error instanceof InlineUnsure)) throw error;
    facts = remarkInline(s, segments, definitions, task);
  }
  // As mdast-util-gfm-table does: in a cell, `\|` in code is a pipe (an escaped backslash stays).
  if (inTable)
    facts.codes = facts.codes.map((c) => c.replace(/\\([\\|])/g, (all, ch) => (ch === '|' ? ch : all)));
  return facts;
}

/** The segments' texts, a line ending between each. */
function joinLines(segments: readonly Segment[]): string {
  let s = segments[0]?.text ?? '';
  for (let k = 1; k < segments.length; k++) s += `\n${segments[k]!.text}`;
  return s;
}

/** Maps an offset in the joined content back to the document. */
function mapAt(segments: readonly Segment[], at: number): number {
  let base = 0;
  for (const seg of segments) {
    if (at <= base + seg.text.length) return seg.offset + (at - base);
    base += seg.text.length + 1;
  }
  return segments[segments.length - 1]!.offset + segments[segments.length - 1]!.text.length;
}

function scanInline(
  s: string,
  segments: readonly Segment[],
  definitions: ReadonlyMap<string, string>,
  task: boolean,
): UnitInline {
  // Of GFM's literal autolinks only plain `http://` and `https://` ones are modelled (see urlEnd);
  // the pass stops at every literal autolink's mark where it reads text, and is unsure at the others.
  const literals = mayHoldAutolink(s);
  const special = literals ? SPECIAL_OR_LITERAL : SPECIAL;
  // Tabs are whitespace in tags and link destinations, which the pass models with spaces only: only
  // a tab in a continuation line's indent is read (code spans and labels holding one stay unsure).
  if (s.includes('\t') && /[^\n\t ][ \t]*\t|^[ \t]*\t/.test(s)) throw inlineUnsure('a tab in inline content');
  const masks: Array<[number, number]> = [];
  const codes: string[] = [];
  /** Reference links and images, by where they open (remark lists them in tree order: outer first). */
  const references: Array<{ at: number; id: string }> = [];
  /** Open `[` and `![`, innermost last (CommonMark's bracket stack). */
  const openers: Array<{ at: number; image: boolean; active: boolean; codes: number }> = [];
  // Whether a node other than text opens the content (what a task item's start depends on). An
  // escape or a character reference is text that joins the text before it; emphasis and
  // strikethrough are not modelled (remark reads such a task item's text).
  let markupFirst = false;
  if (task && (s[0] === '*' || s[0] === '_' || s[0] === '~'))
    throw inlineUnsure('emphasis may open a task item’s text');
  const n = s.length;
  let i = 0;
  while (i < n) {
    // Only these characters open anything the pass reads: jump to the next one (`test` allocates no match).
    special.lastIndex = i;
    if (literals) {
      const next = special.exec(s);
      if (!next) break;
      i = next.index;
    } else {
      if (!special.test(s)) break;
      i = special.lastIndex - 1;
    }
    const c = s[i];
    if (c !== '\\' && c !== '`' && c !== '<' && c !== '[' && c !== '!' && c !== ']') {
      if (openers.length > 0) throw inlineUnsure('a literal autolink inside brackets');
      let start = i;
      let end: number;
      if (c === '@') {
        start = emailStart(s, i);
        end = emailEnd(s, i);
      } else if (s.startsWith('http', i)) end = urlEnd(s, i);
      else throw inlineUnsure('an autolink may stand here');
      masks.push([mapAt(segments, start), mapAt(segments, end)]);
      if (start === 0) markupFirst = true;
      i = end;
      continue;
    }
    if (c === '\\') {
      // A backslash before a line ending is a hard break, a node of its own.
      if (i === 0 && s[1] === '\n') markupFirst = true;
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
      if (content.includes('\t')) throw inlineUnsure('a tab in a code span');
      masks.push([mapAt(segments, i), mapAt(segments, close + r)]);
      if (i === 0) markupFirst = true;
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
        masks.push([mapAt(segments, i), mapAt(segments, end + 3)]);
        if (i === 0) markupFirst = true;
        i = end + 3;
        continue;
      }
      URI_AUTOLINK.lastIndex = i;
      EMAIL_AUTOLINK.lastIndex = i;
      if (URI_AUTOLINK.test(s) || EMAIL_AUTOLINK.test(s)) {
        if (openers.length > 0) throw inlineUnsure('an autolink inside brackets');
        const end = URI_AUTOLINK.lastIndex || EMAIL_AUTOLINK.lastIndex;
        masks.push([mapAt(segments, i), mapAt(segments, end)]);
        if (i === 0) markupFirst = true;
        i = end;
        continue;
      }
      if (/^<(?:[!?]|[A-Za-z][A-Za-z0-9+.-]{1,31}:|[^ <>]*@)/.test(s.slice(i, i + 64)))
        throw inlineUnsure('an autolink, declaration or instruction');
      OPEN_TAG.lastIndex = i;
      CLOSING_TAG.lastIndex = i;
      if (OPEN_TAG.test(s)) {
        if (i === 0) markupFirst = true;
        i = OPEN_TAG.lastIndex;
        continue;
      }
      if (CLOSING_TAG.test(s)) {
        if (i === 0) markupFirst = true;
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
      let end = opener?.active && s[i + 1] === '(' ? inlineLinkEnd(s, i + 2) : -1;
      if (opener?.active && end === -1 && definitions.size > 0) {
        const ref = referenceEnd(s, opener.at + (opener.image ? 2 : 1), i, definitions);
        if (ref) {
          end = ref.end;
          references.push({ at: opener.at, id: ref.id });
        }
      }
      if (opener && end !== -1) {
        masks.push([mapAt(segments, opener.at), mapAt(segments, end)]);
        if (opener.at === 0) markupFirst = true;
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
  if (references.length > 1) references.sort((a, b) => a.at - b.at);
  const facts: UnitInline = { masks, codes, references: references.map((r) => r.id) };
  if (task) facts.textFirst = !markupFirst;
  return facts;
}

/**
 * A reference link's or image's end (after its last `]`) and identifier,
 * for the text `s[textStart, close)` whose `]` is at `close`: full
 * (`[text][label]`), collapsed (`[label][]`) or shortcut (`[label]`), when
 * its label names a definition (CommonMark 6.3). A label holding a backslash,
 * a caret (a footnote call in GFM) or a following label that matches nothing
 * is outside the model.
 */
function referenceEnd(
  s: string,
  textStart: number,
  close: number,
  definitions: ReadonlyMap<string, string>,
): { end: number; id: string } | undefined {
  const text = s.slice(textStart, close);
  if (text.includes('\t')) throw inlineUnsure('a tab in a link label');
  if (s[close + 1] === '[') {
    const labelEnd = s.indexOf(']', close + 2);
    const label = labelEnd === -1 ? '' : s.slice(close + 2, labelEnd);
    if (labelEnd === -1 || /[[\\\t]/.test(label))
      throw inlineUnsure('a link label that does not close plainly');
    const key = label === '' ? text : label;
    if (/[[\]\\^]/.test(key) || key.length > 999) throw inlineUnsure('an odd reference label');
    const id = labelIdentifier(key);
    if (id === '' || !definitions.has(id)) throw inlineUnsure('a reference that names no definition');
    return { end: labelEnd + 1, id };
  }
  if (/[[\]]/.test(text) || text.length > 999) return undefined; // not a label: brackets stay text
  if (/[\\^]/.test(text)) throw inlineUnsure('an odd reference label');
  const id = labelIdentifier(text);
  return id !== '' && definitions.has(id) ? { end: close + 1, id } : undefined;
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
  if (s[j] === '\n' || s[j] === '\t') throw inlineUnsure('a link that closes on another line');
  return s[j] === ')' ? j + 1 : -1;
}

/**
 * The end of a GFM literal `http://` or `https://` autolink opening at
 * `from` (remark's link node): it runs to whitespace or `<`, less the
 * trailing `?`, `!`, `.`, `,`, `:` and unbalanced `)` before that (a `)`
 * closes a `(` of the path's and is kept). Only the plain form is
 * modelled: a start of text, whitespace or `(` before it, a dotted domain
 * of letters, digits and hyphens, and a path without brackets, quotes,
 * `&`, `*`, `_`, `~`, backslashes or anything outside ASCII; anything else
 * is unsure.
 */
// @implements reader#FAST-READER-LITERAL-AUTOLINKS
function urlEnd(s: string, from: number): number {
  const before = s[from - 1];
  if (from > 0 && before !== ' ' && before !== '\n' && before !== '(')
    throw inlineUnsure('a literal autolink after text');
  let run = from;
  while (run < s.length && s[run] !== ' ' && s[run] !== '\n' && s[run] !== '<') run++;
  // As micromark-extension-gfm-autolink-literal's path: a `(` opens, a `)` closes while one is open;
  // trailing punctuation (an unbalanced `)` among it) that only whitespace follows is left out.
  let end = from;
  let open = 0;
  let closed = 0;
  for (; end < run; end++) {
    const ch = s[end]!;
    if (ch === '(') open++;
    else if (ch === ')' && closed < open) closed++;
    else if ('!),.:;?'.includes(ch)) {
      if (URL_TRAIL.test(s.slice(end, run))) break;
      if (ch === ')') closed++;
    }
  }
  const url = s.slice(from, end);
  if (!PLAIN_URL.test(url) || url.endsWith(';')) throw inlineUnsure('a literal autolink outside the model');
  return end;
}

/**
 * Where a GFM literal e-mail autolink whose `@` is at `at` starts: the run
 * of letters, digits, `+`, `-`, `.` and `_` before it. Only a run after a
 * start of text, a space or a line ending is modelled.
 */
// @implements reader#FAST-READER-LITERAL-AUTOLINKS
function emailStart(s: string, at: number): number {
  let start = at;
  while (start > 0 && /[A-Za-z0-9+._-]/.test(s[start - 1]!)) start--;
  if (start === at) throw inlineUnsure('an @ after no address');
  if (start > 0 && s[start - 1] !== ' ' && s[start - 1] !== '\n')
    throw inlineUnsure('a literal e-mail autolink after text');
  return start;
}

/**
 * The end of a GFM literal e-mail autolink whose `@` is at `at`: dotted
 * labels of letters, digits and hyphens, a dot that no letter or digit
 * follows left out, the last label ending in a letter (else GFM makes no
 * link). A `_` in the domain, or a last character that is not a letter,
 * is outside the model.
 */
// @implements reader#FAST-READER-LITERAL-AUTOLINKS
function emailEnd(s: string, at: number): number {
  PLAIN_EMAIL_DOMAIN.lastIndex = at;
  if (!PLAIN_EMAIL_DOMAIN.test(s)) throw inlineUnsure('a literal e-mail autolink outside the model');
  const end = PLAIN_EMAIL_DOMAIN.lastIndex;
  if (
    s[end] === '_' ||
    (s[end] === '.' && /[A-Za-z0-9_]/.test(s[end + 1] ?? '')) ||
    !/[A-Za-z]/.test(s[end - 1]!)
  )
    throw inlineUnsure('a literal e-mail autolink outside the model');
  return end;
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
function remarkInline(
  s: string,
  segments: readonly Segment[],
  definitions: ReadonlyMap<string, string>,
  task: boolean,
): UnitInline {
  // The document's definitions follow the lines (after a blank line, so they end any block first).
  const defined = definitions.size > 0 ? `\n\n${[...definitions.values()].join('\n')}\n` : '';
  const tree = parseMarkdown(s + defined);
  const only = tree.children[0];
  if (
    only?.type !== 'paragraph' ||
    (defined === '' ? tree.children.length !== 1 : tree.children.length !== definitions.size + 1) ||
    tree.children.slice(1).some((c) => c.type !== 'definition')
  )
    throw inlineUnsure('lines that read differently alone');
  const shift = (n: Nodes): void => {
    if (n.position) {
      n.position.start.offset = mapAt(segments, n.position.start.offset ?? 0);
      n.position.end.offset = mapAt(segments, n.position.end.offset ?? 0);
    }
    if ('children' in n) for (const c of n.children) shift(c as Nodes);
  };
  shift(only);
  const facts: UnitInline = inlineMasks(only);
  if (task) facts.textFirst = taskTextFirst(s, only);
  return facts;
}

/**
 * Whether a task item's text, parsed alone as `paragraph`, opens with a text
 * node as it does in place. Parsed alone it loses its leading whitespace,
 * which in place is text; a literal autolink at its head may have been made
 * after the paragraph closed (remark's autolink transform), when remark had
 * already moved the start onto the text it split: outside the model.
 */
// @implements reader#FAST-READER-TASK-ITEMS
function taskTextFirst(s: string, paragraph: Paragraph): boolean {
  if (s[0] === ' ' || s[0] === '\t') return true;
  const head = paragraph.children[0];
  if (head?.type === 'link' && s[0] !== '[' && s[0] !== '<')
    throw inlineUnsure('a literal autolink opening a task item’s text');
  return head?.type === 'text';
}
