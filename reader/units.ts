/**
 * Walks the mdast tree once and flattens it into the blocks the reader
 * cares about, in document order: headings, units (paragraphs, list items,
 * table body cells, at any depth and inside blockquotes), HTML blocks, fences
 * and everything else as an adjacency breaker.
 */
import type {
  Code,
  Heading,
  Html,
  ListItem,
  Nodes,
  Paragraph,
  Root,
  RootContent,
  Table,
  TableCell,
} from 'mdast';
import type { UnitType } from './model.ts';

export interface UnitBlock {
  kind: 'unit';
  type: UnitType;
  /** The node whose inline children are the unit's text. */
  node: Paragraph | TableCell;
  start: number;
  end: number;
  quoteDepth: number;
  /** For a table cell: its table, whose header and alignment rows enter the cell's digest. */
  table?: Table;
}

export type Block =
  | UnitBlock
  | { kind: 'heading'; node: Heading; start: number; end: number }
  | { kind: 'html'; node: Html; start: number; end: number; quoteDepth: number }
  | { kind: 'code'; node: Code; start: number; end: number }
  | { kind: 'other'; start: number; end: number };

function span(node: Nodes): { start: number; end: number } {
  return { start: node.position?.start.offset ?? 0, end: node.position?.end.offset ?? 0 };
}

// @implements reader#READ-UNITS
export function collectBlocks(tree: Root): Block[] {
  const blocks: Block[] = [];
  walkChildren(tree.children, 0, blocks);
  return blocks;
}

function walkChildren(children: readonly RootContent[], quoteDepth: number, out: Block[]): void {
  for (const child of children) walk(child, quoteDepth, out);
}

function walk(node: RootContent, quoteDepth: number, out: Block[]): void {
  switch (node.type) {
    case 'heading':
      out.push({ kind: 'heading', node, ...span(node) });
      return;
    case 'paragraph':
      out.push({ kind: 'unit', type: 'paragraph', node, quoteDepth, ...span(node) });
      return;
    case 'html':
      out.push({ kind: 'html', node, quoteDepth, ...span(node) });
      return;
    case 'code':
      out.push({ kind: 'code', node, ...span(node) });
      return;
    case 'blockquote':
      walkChildren(node.children, quoteDepth + 1, out);
      return;
    case 'list':
      for (const item of node.children) walkItem(item, quoteDepth, out);
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
            node: cell,
            quoteDepth,
            start: span(first).start,
            end: span(last).end,
            table: node,
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
function walkItem(item: ListItem, quoteDepth: number, out: Block[]): void {
  let first = true;
  for (const child of item.children) {
    if (first && child.type === 'paragraph') {
      out.push({ kind: 'unit', type: 'listItem', node: child, quoteDepth, ...span(child) });
    } else walk(child, quoteDepth, out);
    first = false;
  }
  if (item.children.length === 0) out.push({ kind: 'other', ...span(item) });
}

/**
 * Opaque ranges inside a unit: code spans, HTML comments, links and images. Also returns the unit's inline code values, in order.
 */
// @implements reader#READ-OPAQUE-CONTEXTS
export function inlineMasks(node: Paragraph | TableCell): {
  masks: Array<[number, number]>;
  codes: string[];
  /** Identifiers of the reference-style links and images and of the footnotes the unit uses, in order. */
  references: string[];
} {
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
    return first && last ? collapseText(text.slice(span(first).start, span(last).end)) : '';
  });
  const align = (table.align ?? []).map((a) => a ?? 'none');
  return `| ${cells.join(' | ')} |\nalign: ${align.join(', ')}`;
}

function collapseText(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
