/**
 * The fast block reader: one pass over the lines of a spec, modelling the
 * CommonMark + GFM block structure (block quotes, list items, paragraphs,
 * ATX headings, fences, indented code, HTML blocks, thematic breaks, tables)
 * the way remark's parser builds it, and producing the same parser-neutral
 * blocks remark's tree gives (units.ts). It knows a deliberately small part
 * of the grammar; on anything outside it (tabs, setext underlines, link
 * definitions, empty list items, a table in a container, …) it is unsure and
 * returns undefined, and the caller reads the file with remark. A
 * differential test holds it to remark on real specs, the CommonMark and GFM
 * specification examples and a grammar fuzz.
 */

import { fastInline, InlineUnsure, type Segment } from './fast-inline.ts';
import { labelIdentifier } from './labels.ts';
import type { InlineFacts } from './units.ts';
import { type Block, type BlockReading, type CodeBlock, tableContextOf, type UnitBlock } from './units.ts';

/** Thrown (and caught in fastBlocks) where the scanner's model of the grammar ends. */
export class Unsure extends Error {}

function unsure(why: string): never {
  throw new Unsure(why);
}

interface Quote {
  kind: 'quote';
}
interface Item {
  kind: 'item';
  /** Columns a continuation line must be indented (relative to the parent's content) to stay in the item. */
  width: number;
  /** Nothing has opened inside the item yet: a paragraph opening now is the item's own unit. */
  fresh: boolean;
}
type Container = Quote | Item;

interface Paragraph {
  kind: 'para';
  depth: number;
  type: 'paragraph' | 'listItem';
  quoteDepth: number;
  start: number;
  end: number;
  segments: Segment[];
  /** The paragraph's first line, as written from its first character (for a table header). */
  firstLine: string;
  /** Link reference definitions opening the paragraph (they are not its text: it starts after them). */
  defs: Block[];
  /** Only definitions so far: a line going on the paragraph may define one more. */
  defining: boolean;
  /** A task item's text: where its check stands (the unit starts there or 4 after it, see readPending). */
  check?: number;
}
interface Fence {
  kind: 'fence';
  depth: number;
  char: string;
  length: number;
  indent: number;
  start: number;
  end: number;
  endLine: number;
  lang?: string;
  lines: string[];
  /** Lines since the last non-blank one (an unclosed fence ending in blanks is outside the model). */
  trailingBlanks: number;
}
interface IndentedCode {
  kind: 'icode';
  depth: number;
  spacedBlank?: boolean;
  start: number;
  end: number;
  endLine: number;
}
interface Html {
  kind: 'html';
  depth: number;
  /** 2: a comment, ends at `-->`; 6 or 7: ends at a blank line. */
  type: 2 | 6 | 7;
  quoteDepth: number;
  start: number;
  end: number;
  lines: string[];
}
interface Table {
  kind: 'table';
  depth: number;
  quoteDepth: number;
  start: number;
  end: number;
  header: string[];
  align: Array<string | null>;
  cells: UnitBlock[];
}
/** A unit's inline reading, done at the end of the scan. */
interface PendingInline {
  segments: Segment[];
  inTable: boolean;
  line: number;
  facts?: InlineFacts;
  /** For a task item's text: places its unit once its first inline node is known. */
  placeTask?: (textFirst: boolean) => void;
}
type Leaf = Paragraph | Fence | IndentedCode | Html | Table;

/** HTML block type 6 tag names (CommonMark 4.6), lower case. */
const BLOCK_TAGS = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt ' +
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link ' +
    'main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead ' +
    'title tr track ul'
  ).split(' '),
);
const RAW_TAGS = /^<(?:script|pre|style|textarea)(?:[\s>]|$)/i;
const BLOCK_TAG = /^<\/?([A-Za-z][A-Za-z0-9-]*)(?=[ >]|\/>|$)/;
const ATTRIBUTE = String.raw`(?:[ \n]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \n]*=[ \n]*(?:[^ \n"'=<>\x60]+|'[^']*'|"[^"]*"))?)`;
/** A complete open tag or closing tag (CommonMark 6.6), anchored at its start. */
export const OPEN_TAG = new RegExp(String.raw`^<[A-Za-z][A-Za-z0-9-]*${ATTRIBUTE}*[ \n]*\/?>`);
export const CLOSING_TAG = /^<\/[A-Za-z][A-Za-z0-9-]*[ \n]*>/;
const THEMATIC = /^(?:(?:\*[ ]*){3,}|(?:-[ ]*){3,}|(?:_[ ]*){3,})$/;
const SETEXT = /^(?:=+|-+)[ ]*$/;
const DELIMITER_ROW = /^\|?[ ]*:?-+:?[ ]*(?:\|[ ]*:?-+:?[ ]*)*\|?[ ]*$/;
const ATX = /^#{1,6}(?= |$)/;
const FENCE = /^(`{3,}|~{3,})(.*)$/;
const ORDERED = /^(\d{1,9})[.)]/;
/** A backslash escape or a character reference (CommonMark 2.4, 2.5): remark decodes them in an info string. */
const ESCAPE_OR_REFERENCE = /\\[!-/:-@[-`{-~]|&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/;
/** What may open a block (or a definition); a line whose content opens with none of these is paragraph text. */
const MAY_OPEN_BLOCK = /[>#`~<=\-_*+|:[0-9]/;
/** MAY_OPEN_BLOCK as a table of ASCII codes: asked once for almost every line. */
const OPENS_BLOCK = new Uint8Array(128);
for (const ch of '>#`~<=-_*+|:[0123456789') OPENS_BLOCK[ch.charCodeAt(0)] = 1;

function opensBlock(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return c < 128 && OPENS_BLOCK[c] === 1;
}

function blankFrom(line: string, at: number): boolean {
  return spacesAt(line, at) === line.length - at;
}

function spacesAt(line: string, at: number): number {
  let i = at;
  while (line.charCodeAt(i) === 32) i++;
  return i - at;
}

/** The block reading of `text`, or undefined where the scanner is unsure (remark reads it then). */
// @implements reader#FAST-READER-FALLS-BACK
// @implements reader#FAST-READER-AGREES-WITH-REMARK
export function fastBlocks(
  text: string,
  unsureWhy?: (why: string, line: number) => void,
): BlockReading | undefined {
  // Outside the model for the whole file: form feeds and vertical tabs, NUL (replaced by the parser),
  // a definition whose label spans lines or holds a backslash.
  const candidates = definitionStarts(text);
  const outside = /[\f\v\0]/.exec(text) ?? (candidates instanceof Set ? null : candidates);
  if (outside) {
    unsureWhy?.(
      `\`${JSON.stringify(outside[0])}\` in the file`,
      text.slice(0, outside.index).split('\n').length,
    );
    return undefined;
  }
  const scanner = new BlockScanner(text, candidates as Set<number>);
  try {
    const blocks = scanner.run();
    return { blocks, definitions: scanner.definitionTexts() };
  } catch (error) {
    if (!(error instanceof Unsure)) throw error;
    unsureWhy?.(error.message, scanner.lineNumber);
    return undefined;
  }
}

/**
 * Where a link or footnote definition may open: the `[` of every `]:` whose
 * `[` opens a line (after any quote, list or indent prefix) with no other
 * bracket or blank line between. A `]:` mid-sentence can define nothing; the
 * scanner reads a definition only where a paragraph would open at one of
 * these. The `]:` of a label that spans lines or holds a backslash is
 * returned instead (outside the model: the whole file goes to remark).
 */
function definitionStarts(text: string): Set<number> | RegExpExecArray {
  const starts = new Set<number>();
  const close = /\]:/g;
  for (let found = close.exec(text); found; found = close.exec(text)) {
    let i = found.index - 1;
    while (i >= 0 && text[i] !== '[' && text[i] !== ']' && text[i] !== '\\' && !blankLineEndsAt(text, i)) i--;
    if (i >= 0 && (text[i] === '\\' || text[i - 1] === '\\')) return found;
    if (i < 0 || text[i] !== '[') continue;
    const lineStart = text.lastIndexOf('\n', i - 1) + 1;
    if (!/^[ \t>*+\-.)0-9]*$/.test(text.slice(lineStart, i))) continue;
    // A footnote definition (GFM) is a container that may interrupt a paragraph: outside the model.
    if (text[i + 1] === '^' || text.lastIndexOf('\n', found.index) >= i) return found;
    starts.add(i);
  }
  return starts;
}

/**
 * A link reference definition as the scanner models it: one line, a label
 * without brackets or backslashes, a plain destination (no `<…>`, no
 * parentheses, escapes or character references), no title.
 */
const DEFINITION = /^\[([^[\]\\]{1,999})\]:[ ]*([^ <&\\()"'\x00-\x1f\x7f]+)[ ]*$/;

/** Whether `text[i]` is the line ending of a blank line. */
function blankLineEndsAt(text: string, i: number): boolean {
  if (text[i] !== '\n') return false;
  let j = i - 1;
  while (j >= 0 && text[j] === ' ') j--;
  return j < 0 || text[j] === '\n';
}

class BlockScanner {
  private readonly blocks: Block[] = [];
  private readonly containers: Container[] = [];
  private leaf: Leaf | undefined;
  private lineNo = 0;
  /** Every line is read: what is still open closes at the end of the text. */
  private atEnd = false;
  /** Containers the current line continues. */
  private matched = 0;
  /** Whether the current line has opened a block yet (the unmatched containers are closed then). */
  private opened = false;

  /** Link reference definitions by identifier, as remark's definitionsOf gives them (the first one wins). */
  private readonly definitions = new Map<string, string>();
  /** Whether any line holds a tab (most specs have none: their lines are not searched for one). */
  private readonly hasTabs: boolean;
  /** Inline readings of units that may hold a tag, done once every definition is known. */
  private readonly eager: PendingInline[] = [];

  get lineNumber(): number {
    return this.lineNo;
  }

  constructor(
    private readonly text: string,
    /** Where a definition may open (definitionStarts). */
    private readonly definitionAt: Set<number>,
  ) {
    this.hasTabs = text.includes('\t');
  }

  definitionTexts(): Map<string, string> {
    return this.definitions;
  }

  run(): Block[] {
    const text = this.text;
    let lineStart = 0;
    // A final line ending ends the last line; it does not open an empty one.
    const length = text.endsWith('\n') ? text.length - 1 : text.length;
    while (lineStart <= length) {
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd === -1 || lineEnd > length) lineEnd = length;
      this.lineNo++;
      this.line(text.slice(lineStart, lineEnd), lineStart);
      lineStart = lineEnd + 1;
    }
    // An unclosed top-level fence runs to the end of the text, its final line ending included.
    this.atEnd = true;
    const last = this.leaf;
    if (last?.kind === 'fence' && last.depth === 0 && length < text.length) {
      last.end = text.length;
      last.endLine = this.lineNo + 1;
    }
    this.closeLeaf();
    // A reference may come before its definition: inline content is read once all are known.
    this.readPending();
    return this.blocks;
  }

  private quoteDepth(upTo = this.containers.length): number {
    let depth = 0;
    for (let i = 0; i < upTo; i++) if (this.containers[i]!.kind === 'quote') depth++;
    return depth;
  }

  private line(line: string, lineStart: number): void {
    const containers = this.containers;
    let pos = 0;
    let matched = 0;
    for (; matched < containers.length; matched++) {
      const c = containers[matched]!;
      if (c.kind === 'quote') {
        const indent = spacesAt(line, pos);
        if (indent > 3 || line[pos + indent] !== '>') break;
        pos += indent + 1;
        if (line[pos] === ' ') pos++;
        else if (line[pos] === '\t') unsure('a tab right after a quote marker');
      } else {
        if (blankFrom(line, pos)) continue;
        if (spacesAt(line, pos) < c.width) break;
        pos += c.width;
      }
    }
    const allMatched = matched === containers.length;
    const leaf = this.leaf;
    const afterIndentedCode = leaf?.kind === 'icode';
    const tab = this.hasTabs ? line.indexOf('\t') : -1;
    if (tab !== -1) {
      if (leaf?.kind === 'fence' && allMatched) this.tabInFence(line, tab, pos);
      else {
        this.tabbedTextLine(line, lineStart, pos, matched);
        return;
      }
    }

    // Leaves that take the line as it is, when every container goes on.
    if (leaf && allMatched) {
      if (leaf.kind === 'fence') {
        const indent = spacesAt(line, pos);
        const rest = line.slice(pos + indent);
        if (indent <= 3 && rest.startsWith(leaf.char.repeat(leaf.length))) {
          let run = 0;
          while (rest[run] === leaf.char) run++;
          if (/^[ ]*$/.test(rest.slice(run))) {
            leaf.end = lineStart + line.length;
            leaf.endLine = this.lineNo;
            leaf.trailingBlanks = 0;
            this.closeLeaf(true);
            return;
          }
        }
        const strip = Math.min(indent, leaf.indent);
        leaf.lines.push(line.slice(pos + strip));
        leaf.end = lineStart + line.length;
        leaf.endLine = this.lineNo;
        leaf.trailingBlanks = blankFrom(line, pos) ? leaf.trailingBlanks + 1 : 0;
        return;
      }
      if (leaf.kind === 'html') {
        if (leaf.type !== 2 && blankFrom(line, pos)) {
          this.closeLeaf();
          return;
        }
        leaf.lines.push(line.slice(pos));
        leaf.end = lineStart + line.length;
        if (leaf.type === 2 && line.includes('-->', pos)) this.closeLeaf();
        return;
      }
      if (leaf.kind === 'icode') {
        if (blankFrom(line, pos)) {
          // Whether remark's block ends before or after a blank line holding spaces is outside the model.
          if (line.length > pos) leaf.spacedBlank = true;
          return;
        }
        if (spacesAt(line, pos) >= 4) {
          leaf.spacedBlank = false;
          leaf.end = lineStart + line.length;
          leaf.endLine = this.lineNo;
          return;
        }
        this.closeLeaf();
      } else if (leaf.kind === 'table') {
        if (blankFrom(line, pos)) {
          this.closeLeaf();
          return;
        }
        // Any line its containers take goes on a table as a row, pipes or not (GFM), unless it opens
        // another block; which of those may interrupt a table is outside the model.
        const indent = spacesAt(line, pos);
        if (indent > 3) unsure('an indented line after a table row');
        const first = line[pos + indent]!;
        if (first !== '|' && MAY_OPEN_BLOCK.test(first))
          unsure('a line that may open a block after a table row');
        this.tableRow(leaf, line, lineStart, pos + indent);
        return;
      }
    }

    // Whether a table goes on through a line its containers do not take is outside the model.
    if (leaf?.kind === 'table' && !allMatched && !blankFrom(line, pos))
      unsure('a table line outside its container');
    const tipParagraph = this.leaf?.kind === 'para' ? this.leaf : undefined;
    // A line that only some containers take is lazy if it goes on a paragraph. A lazy line that
    // starts a block the paragraph rules might let through (setext, an empty item, HTML
    // type 7, a table) is outside the model.
    const lazyCandidate = !allMatched && tipParagraph !== undefined;
    this.opened = false;
    this.matched = matched;

    for (;;) {
      const indent = spacesAt(line, pos);
      const at = pos + indent;
      if (at >= line.length) break;
      if (indent >= 4) {
        if (this.opened) {
          // A block quote opened on this line (an item's marker takes up to 4 spaces, more is
          // unsure above): indented code opens inside it, whatever stood before.
          if (containers[containers.length - 1]?.kind !== 'quote')
            unsure('indented code after an item marker');
          this.openIndentedCode(containers.length, lineStart + pos, lineStart + line.length);
          return;
        }
        if (tipParagraph) break; // paragraph continuation (or lazy)
        // remark splits such a block after its first line when the line also closes a container
        // (`> ` then two indented lines gave two code blocks in the grammar fuzz).
        if (!allMatched) unsure('indented code on a line that closes a container');
        this.closeUnmatched();
        this.openIndentedCode(containers.length, lineStart + pos, lineStart + line.length);
        return;
      }
      const ch = line[at]!;
      // Most lines are prose: one that opens with no block's character is paragraph text, as it is.
      if (!opensBlock(ch)) break;
      const rest = line.slice(at);
      const interruptsParagraph = allMatched && tipParagraph !== undefined && !this.opened;
      const lazy = lazyCandidate && !this.opened;
      if (ch === '>') {
        this.closeUnmatched();
        this.noteOpened();
        containers.push({ kind: 'quote' });
        pos = at + 1;
        if (line[pos] === ' ') pos++;
        continue;
      }
      if (ch === '#' && ATX.test(rest)) {
        this.closeUnmatched();
        this.heading(line, lineStart, at);
        return;
      }
      if (ch === '`' || ch === '~') {
        const fence = FENCE.exec(rest);
        if (fence) {
          const info = fence[2]!;
          if (ch === '`' && info.includes('`')) unsure('a backtick fence whose info holds a backtick');
          if (ESCAPE_OR_REFERENCE.test(info)) unsure('an info string with escapes or references');
          this.closeUnmatched();
          this.noteOpened();
          const lang = info.trim().split(' ')[0];
          this.openLeaf({
            kind: 'fence',
            depth: containers.length,
            char: ch,
            length: fence[1]!.length,
            indent,
            start: lineStart + at,
            end: lineStart + line.length,
            endLine: this.lineNo,
            ...(lang ? { lang } : {}),
            lines: [],
            trailingBlanks: 0,
          });
          return;
        }
      }
      if (ch === '<') {
        const type = this.htmlStart(rest, interruptsParagraph, lazy);
        if (type !== undefined) {
          this.closeUnmatched();
          this.noteOpened();
          const html: Html = {
            kind: 'html',
            depth: containers.length,
            type,
            quoteDepth: this.quoteDepth(),
            start: lineStart + pos,
            end: lineStart + line.length,
            lines: [line.slice(pos)],
          };
          this.openLeaf(html);
          if (type === 2 && rest.includes('-->', 4)) this.closeLeaf();
          return;
        }
      }
      if ((interruptsParagraph || lazy) && (ch === '=' || ch === '-') && SETEXT.test(rest)) {
        if (lazy || !tipParagraph) unsure('a lazy line like a setext underline');
        this.setext(tipParagraph, ch, line, lineStart);
        return;
      }
      if (
        tipParagraph &&
        !this.opened &&
        (ch === '|' || ch === ':' || ch === '-') &&
        DELIMITER_ROW.test(rest)
      ) {
        if (/[|:]/.test(rest)) {
          this.tableStart(tipParagraph, line, lineStart, at, allMatched);
          return;
        }
      }
      if ((ch === '*' || ch === '-' || ch === '_') && THEMATIC.test(rest)) {
        this.closeUnmatched();
        this.noteOpened();
        this.blocks.push({ kind: 'other', start: lineStart + at, end: lineStart + line.length });
        return;
      }
      const marker = this.listMarker(rest);
      if (marker !== undefined) {
        const gap = spacesAt(rest, marker.length);
        if (lazy && marker.length + gap >= rest.length) unsure('a lazy line like an empty list item');
        // remark lets no `2.` start a list right after indented code either (it may go on).
        if (marker.start !== 1 && afterIndentedCode && allMatched) unsure('`N.` after indented code');
        if (marker.length + gap >= rest.length) {
          if (interruptsParagraph) break; // an empty item cannot interrupt a paragraph: continuation text
          unsure('an empty list item');
        }
        // micromark decides once per line, before any container opens, whether new ones interrupt: on
        // a line whose containers all go on over an open paragraph, a container opened inside one
        // opened on the same line (`> 2. x`) interrupts too, and a `2.` opens no list there.
        if (!(allMatched && tipParagraph) || marker.start === 1) {
          if (gap > 4) unsure('a list item opening with indented code');
          this.closeUnmatched();
          this.noteOpened();
          containers.push({ kind: 'item', width: indent + marker.length + gap, fresh: true });
          pos = at + marker.length + gap;
          continue;
        }
      }
      break;
    }

    const at = pos + spacesAt(line, pos);
    if (at >= line.length) {
      // A blank line (or a container marker with nothing after it).
      if (this.opened && containers[containers.length - 1]?.kind === 'item') unsure('an empty list item');
      if (!allMatched && !this.opened) {
        if (this.leaf && this.leaf.depth > matched) this.closeLeaf();
        containers.length = matched;
      }
      if (this.leaf?.kind === 'para' || this.leaf?.kind === 'icode') this.closeLeaf();
      return;
    }
    if (tipParagraph && !this.opened && this.leaf === tipParagraph) {
      this.goOn(tipParagraph, line, lineStart, pos, at);
      return;
    }
    this.closeUnmatched();
    this.paragraph(line, lineStart, at);
  }

  /**
   * A tab is in the model only inside a fenced code block's content, after
   * the containers' prefixes and what the fence's indent strips (remark keeps
   * it there as written); anywhere else tabs stand for columns, which decide
   * indentation, markers and blank lines.
   */
  private tabInFence(line: string, tab: number, pos: number): void {
    const fence = this.leaf as Fence;
    if (tab < pos) unsure('a tab in a container prefix');
    const indent = spacesAt(line, pos);
    if (tab !== pos + indent) return;
    if (indent < fence.indent) unsure('a tab in the indent a fence strips');
    let k = tab;
    while (line[k] === ' ' || line[k] === '\t') k++;
    if (k === line.length) unsure('a blank line holding a tab');
    if (line[k] === fence.char) unsure('a tab before what may close a fence');
  }

  /**
   * A line holding a tab outside fenced code is in the model when it is
   * paragraph text: every container takes it, and either its indent is a
   * paragraph's continuation (4 columns or more, tabs to CommonMark's tab
   * stops of 4) or its content opens with a character that opens no block.
   * The tabs are then text, and the inline pass reads the unit with remark.
   */
  private tabbedTextLine(line: string, lineStart: number, pos: number, matched: number): void {
    if (matched !== this.containers.length) unsure('a tab on a line its containers do not all take');
    const para = this.leaf;
    if (para && para.kind !== 'para') unsure(`a tab on a line that goes on a ${para.kind} block`);
    // The containers' prefixes hold no tab (a quote marker before one is unsure): columns are characters.
    let k = pos;
    let col = pos;
    for (; line[k] === ' ' || line[k] === '\t'; k++) col = line[k] === '\t' ? col + 4 - (col % 4) : col + 1;
    if (k === line.length) unsure('a blank line holding a tab');
    if (col - pos >= 4 ? !para : MAY_OPEN_BLOCK.test(line[k]!))
      unsure('a tab on a line that may open a block');
    this.opened = false;
    this.matched = matched;
    if (para) this.goOn(para, line, lineStart, pos, k);
    else {
      this.closeUnmatched();
      this.paragraph(line, lineStart, k);
    }
  }

  /** A block starts on this line: the containers it did not continue close first, with their leaf. */
  private closeUnmatched(): void {
    if (this.opened) return;
    this.opened = true;
    if (this.leaf && this.leaf.depth > this.matched) this.closeLeaf();
    this.containers.length = this.matched;
    if (this.leaf) this.closeLeaf();
  }

  /** The line goes on the paragraph: its containers' content from `pos`, its first character at `at`. */
  private goOn(para: Paragraph, line: string, lineStart: number, pos: number, at: number): void {
    para.end = lineStart + line.length;
    if (para.defining) {
      // After definitions, a line goes on the same paragraph: one more definition, or its first text.
      if (this.definitionAt.has(lineStart + at)) {
        if (at - pos > 3 || line.slice(pos, at).includes('\t'))
          unsure('an indented definition after a definition');
        para.defs.push(this.definition(line, lineStart, at));
        return;
      }
      para.defining = false;
      para.start = lineStart + at;
      para.segments.push({ offset: lineStart + at, text: line.slice(at) });
      para.firstLine = line.slice(at);
      return;
    }
    // From the containers' content on: a code span keeps a continuation line's own indent.
    para.segments.push({ offset: lineStart + pos, text: line.slice(pos) });
  }

  /** A container or leaf opens in the innermost container: an item is no longer fresh. */
  private noteOpened(): void {
    const inner = this.containers[this.containers.length - 1];
    if (inner?.kind === 'item') inner.fresh = false;
  }

  /** Opens an indented code block from `start` to the end of this line, `depth` containers deep. */
  private openIndentedCode(depth: number, start: number, end: number): void {
    this.noteOpened();
    this.openLeaf({ kind: 'icode', depth, start, end, endLine: this.lineNo });
  }

  private listMarker(rest: string): { length: number; start: number } | undefined {
    const c = rest[0];
    let length: number;
    let start = 1;
    if (c === '-' || c === '+' || c === '*') length = 1;
    else {
      if (!(c! >= '0' && c! <= '9')) return undefined;
      const m = ORDERED.exec(rest);
      if (!m) return undefined;
      length = m[0].length;
      start = Number(m[1]);
    }
    if (length < rest.length && rest[length] !== ' ') return undefined;
    return { length, start };
  }

  private htmlStart(rest: string, interruptsParagraph: boolean, lazy: boolean): 2 | 6 | 7 | undefined {
    if (rest.startsWith('<!--')) return 2;
    if (rest.startsWith('<?') || rest.startsWith('<!'))
      unsure('a processing instruction, declaration or CDATA');
    if (RAW_TAGS.test(rest)) unsure('a script, pre, style or textarea block');
    const block = BLOCK_TAG.exec(rest);
    if (block && BLOCK_TAGS.has(block[1]!.toLowerCase())) return 6;
    const tag = OPEN_TAG.exec(rest) ?? CLOSING_TAG.exec(rest);
    const complete = tag !== null && /^[ ]*$/.test(rest.slice(tag[0].length));
    if (complete && lazy) unsure('a lazy line like an HTML block that may not interrupt');
    if (interruptsParagraph) return undefined;
    if (complete) return 7;
    if (/^<\/?[A-Za-z]/.test(rest) && !rest.includes('>')) unsure('a tag that may continue on the next line');
    return undefined;
  }

  private heading(line: string, lineStart: number, at: number): void {
    let hashes = 0;
    while (line[at + hashes] === '#') hashes++;
    if (line.includes('\\', at)) unsure('a heading with a backslash');
    let from = at + hashes;
    from += spacesAt(line, from);
    let to = line.length;
    while (to > from && line[to - 1] === ' ') to--;
    let run = to;
    while (run > from && line[run - 1] === '#') run--;
    if (run < to && (run === from || line[run - 1] === ' ')) {
      to = run;
      while (to > from && line[to - 1] === ' ') to--;
    }
    this.noteOpened();
    this.blocks.push({
      kind: 'heading',
      depth: hashes,
      start: lineStart + at,
      end: lineStart + line.length,
      ...(to > from ? { content: [lineStart + from, lineStart + to] as [number, number] } : {}),
    });
  }

  /**
   * A setext underline under an open paragraph: the paragraph is the
   * heading's content (from its start to its last line's last non-space), the
   * heading runs to the underline's line end, as remark places them.
   */
  private setext(para: Paragraph, ch: string, line: string, lineStart: number): void {
    if (
      para.defs.length > 0 ||
      para.type !== 'paragraph' ||
      para.segments.some((seg) => seg.text.includes('\\'))
    )
      unsure('a setext heading under definitions, in a list item or with a backslash');
    this.leaf = undefined;
    this.opened = true;
    const last = para.segments[para.segments.length - 1]!;
    let to = last.offset + last.text.length;
    while (this.text[to - 1] === ' ' || this.text[to - 1] === '\t') to--;
    this.blocks.push({
      kind: 'heading',
      depth: ch === '=' ? 1 : 2,
      start: para.start,
      end: lineStart + line.length,
      content: [para.start, to],
    });
  }

  private paragraph(line: string, lineStart: number, at: number): void {
    const inner = this.containers[this.containers.length - 1];
    const own = inner?.kind === 'item' && inner.fresh;
    this.noteOpened();
    let start = lineStart + at;
    if (this.definitionAt.has(start)) {
      if (this.containers.length > 0) unsure('a link or footnote definition in a container');
      const def = this.definition(line, lineStart, at);
      this.openLeaf({
        kind: 'para',
        depth: 0,
        type: 'paragraph',
        quoteDepth: 0,
        start,
        end: lineStart + line.length,
        segments: [],
        firstLine: '',
        defs: [def],
        defining: true,
      });
      return;
    }
    let check: number | undefined;
    if (own && /^\[[ xX]\]/.test(line.slice(at))) {
      // A task item: the check is not text, and its text (read from the space after it on) decides
      // where the unit starts, once its first inline node is known (readPending).
      if (!/^\[[ xX]\] +[^ ]/.test(line.slice(at))) unsure('a task check with nothing after it on its line');
      check = start;
      start += 4;
    }
    this.openLeaf({
      kind: 'para',
      depth: this.containers.length,
      type: own ? 'listItem' : 'paragraph',
      quoteDepth: this.quoteDepth(),
      start,
      end: lineStart + line.length,
      segments: [{ offset: start, text: this.text.slice(start, lineStart + line.length) }],
      firstLine: line.slice(at),
      defs: [],
      defining: false,
      ...(check === undefined ? {} : { check }),
    });
  }

  /**
   * A link reference definition on this line (CommonMark 4.7, the one-line
   * form DEFINITION models): recorded, and an adjacency breaker among the
   * blocks, as remark's definition node is. It ends where its line does.
   */
  private definition(line: string, lineStart: number, at: number): Block {
    const m = DEFINITION.exec(line.slice(at));
    if (!m || m[1]!.startsWith('^') || !/[^ ]/.test(m[1]!))
      unsure('a link or footnote definition outside the model');
    const after = lineStart + line.length + 1;
    const nextEnd = this.text.indexOf('\n', after);
    // A title may open on the next line, and what it makes of that line depends on how it closes.
    if (/^[ \t]*["'(]/.test(this.text.slice(after, nextEnd === -1 ? this.text.length : nextEnd)))
      unsure('a definition whose title may follow on the next line');
    const id = labelIdentifier(m[1]!);
    if (!this.definitions.has(id)) this.definitions.set(id, `[${id}]: ${m[2]}`);
    return { kind: 'other', start: lineStart + at, end: lineStart + line.length };
  }

  private tableStart(
    para: Paragraph,
    line: string,
    lineStart: number,
    at: number,
    allMatched: boolean,
  ): void {
    if (!allMatched || para.segments.length !== 1 || para.defs.length > 0) unsure('a table here');
    const header = para.firstLine;
    if (!header.startsWith('|') || !line.slice(at).startsWith('|')) unsure('a table without leading pipes');
    if (header.includes('\t')) unsure('a table header holding a tab');
    const headerCells = splitRow(header, para.start);
    const delimiter = splitRow(line.slice(at), 0);
    if (headerCells.length !== delimiter.length) unsure('a delimiter row that does not match its header');
    const align = delimiter.map(({ text }) => {
      const t = text.trim();
      const left = t.startsWith(':');
      const right = t.endsWith(':');
      return left && right ? 'center' : left ? 'left' : right ? 'right' : null;
    });
    this.leaf = {
      kind: 'table',
      depth: this.containers.length,
      quoteDepth: this.quoteDepth(),
      start: para.start,
      end: lineStart + line.length,
      header: headerCells.map((c) => c.text.trim()),
      align,
      cells: [],
    };
  }

  private tableRow(table: Table, line: string, lineStart: number, at: number): void {
    const header = table.header;
    const align = table.align;
    const context = () => tableContextOf(header, align);
    for (const cell of splitRow(line.slice(at), lineStart + at)) {
      const lead = spacesAt(cell.text, 0);
      let trail = cell.text.length;
      while (trail > lead && cell.text[trail - 1] === ' ') trail--;
      if (trail <= lead) continue;
      const segment: Segment = { offset: cell.offset + lead, text: cell.text.slice(lead, trail) };
      table.cells.push({
        kind: 'unit',
        type: 'tableCell',
        quoteDepth: table.quoteDepth,
        start: segment.offset,
        end: segment.offset + segment.text.length,
        inline: this.inlineOf([segment], true),
        tableContext: context,
      });
    }
    table.end = lineStart + line.length;
  }

  /**
   * Inline facts are read now for a unit that may hold a tag (so an unsure
   * reading sends the file to remark while that is still possible), never
   * for the others: the reading asks only units holding `@`, `#` or `<`.
   */
  private inlineOf(
    segments: Segment[],
    inTable = false,
    placeTask?: (textFirst: boolean) => void,
  ): () => InlineFacts {
    if (!placeTask && !segments.some((seg) => /[@#<]/.test(seg.text)))
      return () => fastInline(segments, this.definitions, inTable);
    const pending: PendingInline = { segments, inTable, line: this.lineNo };
    if (placeTask) pending.placeTask = placeTask;
    this.eager.push(pending);
    return () => pending.facts!;
  }

  /** The pending inline readings, once every definition is known (and the task items they place). */
  // @implements reader#FAST-READER-TASK-ITEMS
  private readPending(): void {
    for (const pending of this.eager) {
      try {
        const place = pending.placeTask;
        const facts = fastInline(pending.segments, this.definitions, pending.inTable, place !== undefined);
        pending.facts = facts;
        place?.(facts.textFirst === true);
      } catch (error) {
        this.lineNo = pending.line;
        if (error instanceof InlineUnsure) unsure(error.message);
        throw error;
      }
    }
  }

  private openLeaf(leaf: Leaf): void {
    if (this.leaf) this.closeLeaf();
    this.leaf = leaf;
  }

  private closeLeaf(closedFence = false): void {
    const leaf = this.leaf;
    if (!leaf) return;
    this.leaf = undefined;
    switch (leaf.kind) {
      case 'para': {
        const segments = leaf.segments;
        for (const def of leaf.defs) this.blocks.push(def);
        if (segments.length === 0) return;
        const check = leaf.check;
        // remark takes the space after a check off the text node that opens the item's text, and
        // moves the paragraph's start onto what is left of it; a space that was the whole node
        // (markup follows) is dropped and the start stays on the check.
        const placeTask =
          check === undefined
            ? undefined
            : (textFirst: boolean) => {
                unit.start = textFirst ? check + 4 : check;
              };
        const unit: UnitBlock = {
          kind: 'unit',
          type: leaf.type,
          start: leaf.start,
          end: leaf.end,
          quoteDepth: leaf.quoteDepth,
          inline: this.inlineOf(segments, false, placeTask),
        };
        this.blocks.push(unit);
        return;
      }
      case 'fence': {
        // Where an unclosed fence ends (its last line, or past that line's ending) depends on what
        // closes it; only the end of the text at the top level is in the model.
        if (!closedFence && !(leaf.depth === 0 && this.atEnd && leaf.trailingBlanks === 0))
          unsure('a fence its closing fence does not close');
        const code: CodeBlock = {
          kind: 'code',
          start: leaf.start,
          end: leaf.end,
          value: leaf.lines.join('\n'),
          endLine: leaf.endLine,
        };
        if (leaf.lang) code.lang = leaf.lang;
        this.blocks.push(code);
        return;
      }
      case 'icode':
        if (leaf.spacedBlank) unsure('indented code followed by a blank line holding spaces');
        this.blocks.push({
          kind: 'code',
          start: leaf.start,
          end: leaf.end,
          value: '',
          endLine: leaf.endLine,
        });
        return;
      case 'html': {
        let lines = leaf.lines;
        if (leaf.type === 2 && !lines[lines.length - 1]!.includes('-->')) unsure('an unclosed comment');
        lines = leaf.lines;
        this.blocks.push({
          kind: 'html',
          value: lines.join('\n'),
          start: leaf.start,
          end: leaf.end,
          quoteDepth: leaf.quoteDepth,
        });
        return;
      }
      case 'table':
        this.blocks.push({ kind: 'other', start: leaf.start, end: leaf.end });
        for (const cell of leaf.cells) this.blocks.push(cell);
        return;
    }
  }
}

/** A table row's cells, split at its pipes (a leading and a trailing pipe open and close the row). */
function splitRow(row: string, offset: number): Array<{ text: string; offset: number }> {
  let end = row.length;
  while (end > 0 && row[end - 1] === ' ') end--;
  let from = 0;
  if (row[0] === '|') from = 1;
  if (row[end - 2] === '\\' && row[end - 1] === '|') unsure('a row ending in an escaped pipe');
  if (end > from && row[end - 1] === '|') end--;
  const cells: Array<{ text: string; offset: number }> = [];
  let cellStart = from;
  for (let i = from; i <= end; i++) {
    // An escaped pipe (or backslash) is cell content (GFM); the escape is read inline.
    if (row[i] === '\\' && (row[i + 1] === '|' || row[i + 1] === '\\') && i + 1 < end) {
      i++;
      continue;
    }
    if (i === end || row[i] === '|') {
      cells.push({ text: row.slice(cellStart, i), offset: offset + cellStart });
      cellStart = i + 1;
    }
  }
  return cells;
}
