/**
 * Walks the mdast tree once and flattens it into the blocks the reader
 * cares about, in document order: headings, units (paragraphs, list items,
 * table body cells, at any depth and inside blockquotes), HTML blocks, fences
 * and everything else as an adjacency breaker.
 */
import type { Code, Heading, ListItem, Nodes, Paragraph, Root, RootContent, Table, TableCell } from 'mdast';
import type { UnitType } from './model.ts';
import { parseMarkdown } from './remark-slot.ts';

/** What a unit's inline content tells the reader: opaque ranges, code span values, references used. */
export interface InlineFacts {
  masks: Array<[number, number]>;
  codes: string[];
  /** Identifiers of the reference-style links and images and of the footnotes the unit uses, in order. */
  references: string[];
}

/**
 * The blocks are parser-neutral: remark's tree (here) and the fast scanner
 * (fast-blocks.ts) both produce them, and one reading (index.ts) turns them
 * into facts, so the two readers can only differ in what they find, never in
 * what they make of it.
 */
export interface UnitBlock {
  kind: 'unit';
  type: UnitType;
  start: number;
  end: number;
  quoteDepth: number;
  /** The unit's inline facts, computed on demand (most units hold no tag). */
  inline: () => InlineFacts;
  /** For a table cell: its table's header and alignment rows, which enter the cell's digest. */
  tableContext?: () => string;
}

export interface HeadingBlock {
  kind: 'heading';
  depth: number;
  start: number;
  end: number;
  /** From the first inline child's start to the last one's end; absent for an empty heading. */
  content?: [number, number];
}

export interface HtmlBlock {
  kind: 'html';
  value: string;
  start: number;
  end: number;
  quoteDepth: number;
}

export interface CodeBlock {
  kind: 'code';
  start: number;
  end: number;
  lang?: string;
  value: string;
  /** 1-based line of the block's last line. */
  endLine: number;
}

export type Block =
  | UnitBlock
  | HeadingBlock
  | HtmlBlock
  | CodeBlock
  | { kind: 'other'; start: number; end: number };

/** The blocks of one document and its link and footnote definitions (by identifier, as digest text). */
export interface BlockReading {
  blocks: Block[];
  definitions: Map<string, string>;
}

function span(node: Nodes): { start: number; end: number } {
  return { start: node.position?.start.offset ?? 0, end: node.position?.end.offset ?? 0 };
}

/** The remark reading: the whole text parsed, the tree walked once. */
export function remarkBlocks(text: string): BlockReading {
  const tree = parseMarkdown(text);
  return { blocks: collectBlocks(tree, text), definitions: definitionsOf(tree, text) };
}

// @implements reader#READ-UNITS
export function collectBlocks(tree: Root, text: string): Block[] {
  const blocks: Block[] = [];
  walkChildren(tree.children, 0, blocks, text);
  return blocks;
}

function walkChildren(
  children: readonly RootContent[],
  quoteDepth: number,
  out: Block[],
  text: string,
): void {
  for (const child of children) walk(child, quoteDepth, out, text);
}

function paragraphUnit(node: Paragraph, type: UnitType, quoteDepth: number): UnitBlock {
  return { kind: 'unit', type, quoteDepth, ...span(node), inline: () => inlineMasks(node) };
}

function headingBlock(node: Heading): HeadingBlock {
  const first = node.children[0];
  const last = node.children[node.children.length - 1];
  const block: HeadingBlock = { kind: 'heading', depth: node.depth, ...span(node) };
  if (first && last) block.content = [span(first).start, span(last).end];
  return block;
}

function codeBlock(node: Code): CodeBlock {
  return {
    kind: 'code',
    ...span(node),
    ...(node.lang ? { lang: node.lang } : {}),
    value: node.value,
    endLine: node.position?.end.line ?? 0,
  };
}

function walk(node: RootContent, quoteDepth: number, out: Block[], text: string): void {
  switch (node.type) {
    case 'heading':
      out.push(headingBlock(node));
      return;
    case 'paragraph':
      out.push(paragraphUnit(node, 'paragraph', quoteDepth));
      return;
    case 'html':
      out.push({ kind: 'html', value: node.value, quoteDepth, ...span(node) });
      return;
    case 'code':
      out.push(codeBlock(node));
      return;
    case 'blockquote':
      walkChildren(node.children, quoteDepth + 1, out, text);
      return;
    case 'list':
      for (const item of node.children) walkItem(item, quoteDepth, out, text);
      return;
    case 'table': {
      out.push({ kind: 'other', ...span(node) });
      // The first row is the header: structure, never units.
      for (const row of node.children.slice(1)) {
        for (const cell of row.children) {
          const first = cell.children[0];
          const last = cell.children[cell.children.length - 1];
          if (!first || !last) continue;
          out.push({
            kind: 'unit',
            type: 'tableCell',
            quoteDepth,
            start: span(first).start,
            end: span(last).end,
            inline: () => inlineMasks(cell),
            tableContext: () => tableContext(node, text),
          });
        }
      }
      return;
    }
    default:
      out.push({ kind: 'other', ...span(node) });
  }
}

/** The item's first paragraph is the list-item unit; its nested lists are units of their own. */
function walkItem(item: ListItem, quoteDepth: number, out: Block[], text: string): void {
  let first = true;
  for (const child of item.children) {
    if (first && child.type === 'paragraph') out.push(paragraphUnit(child, 'listItem', quoteDepth));
    else walk(child, quoteDepth, out, text);
    first = false;
  }
  if (item.children.length === 0) out.push({ kind: 'other', ...span(item) });
}

/**
 * Opaque ranges inside a unit: code spans, HTML comments, links and images. Also returns the unit's inline code values, in order.
 */
// @implements reader#READ-OPAQUE-CONTEXTS
export function inlineMasks(node: Paragraph | TableCell): InlineFacts {
  const masks: Array<[number, number]> = [];
  const codes: string[] = [];
  const references: string[] = [];
  const visit = (n: Nodes): void => {
    switch (n.type) {
      case 'inlineCode':
        masks.push([span(n).start, span(n).end]);
        codes.push(n.value);
        return;
      case 'html':
        if (n.value.startsWith('<!--')) masks.push([span(n).start, span(n).end]);
        return;
      case 'footnoteReference':
        references.push(`^${n.identifier}`);
        return;
      case 'imageReference':
        references.push(n.identifier);
        masks.push([span(n).start, span(n).end]);
        return;
      case 'image':
        masks.push([span(n).start, span(n).end]);
        return;
      case 'linkReference':
        references.push(n.identifier);
        masks.push([span(n).start, span(n).end]);
        for (const c of n.children) visit(c);
        return;
      case 'link':
        // Links are opaque, text and target alike: a marker is never read inside one.
        masks.push([span(n).start, span(n).end]);
        for (const c of n.children) visit(c);
        return;
      default:
        if ('children' in n) for (const c of n.children) visit(c as Nodes);
    }
  };
  for (const c of node.children) visit(c as Nodes);
  return { masks, codes, references };
}

/**
 * Every link reference definition (`[id]: url "title"`) and footnote
 * definition (`[^id]: text`) of the document, by identifier (footnotes as
 * `^id`), each as the text that enters the digest of a fact using it.
 */
export function definitionsOf(tree: Root, text: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (n: Nodes): void => {
    if (n.type === 'definition') {
      if (!found.has(n.identifier))
        found.set(n.identifier, `[${n.identifier}]: ${n.url}${n.title ? ` "${n.title}"` : ''}`);
      return;
    }
    if (n.type === 'footnoteDefinition') {
      const key = `^${n.identifier}`;
      if (!found.has(key))
        found.set(
          key,
          `[^${n.identifier}]: ${collapseText(text.slice(span(n).start, span(n).end).replace(/^\[\^[^\]]*\]:/, ''))}`,
        );
      return;
    }
    if ('children' in n) for (const c of n.children) visit(c as Nodes);
  };
  visit(tree);
  return found;
}

/**
 * What a table cell's meaning borrows from its table: the header row's
 * cells (whitespace collapsed, so re-padding the table changes nothing) and
 * each column's alignment.
 */
export function tableContext(table: Table, text: string): string {
  const header = table.children[0];
  const cells = (header?.children ?? []).map((cell) => {
    const first = cell.children[0];
    const last = cell.children[cell.children.length - 1];
    return first && last ? text.slice(span(first).start, span(last).end) : '';
  });
  return tableContextOf(cells, table.align ?? []);
}

/** The digest text of a table's header cells (raw, collapsed here) and column alignments. */
export function tableContextOf(
  headerCells: readonly string[],
  align: ReadonlyArray<string | null | undefined>,
): string {
  return `| ${headerCells.map(collapseText).join(' | ')} |\nalign: ${align.map((a) => a ?? 'none').join(', ')}`;
}

export function collapseText(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
