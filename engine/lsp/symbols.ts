/**
 * A spec's outline: its sections nested by heading depth, each fact inside
 * the section it stands in (a fact before the first heading at the top).
 * Pure.
 */
import { type DocumentSymbol, SymbolKind } from 'vscode-languageserver';
import type { Fact, Section, SpecDocument } from '../../reader/model.ts';
import type { LineMap } from './ranges.ts';

interface Open {
  section: Section;
  symbol: DocumentSymbol;
}

const short = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function lineRange(lines: LineMap, first: number, last: number) {
  const end = Math.max(first, Math.min(last, lines.lineCount - 1));
  return {
    start: { line: first, character: 0 },
    end: { line: end, character: lines.lineText(end).length },
  };
}

function factSymbol(fact: Fact, lines: LineMap): DocumentSymbol {
  const range = lineRange(lines, fact.line - 1, fact.endLine - 1);
  const anchorLine = lines.lineText(fact.line - 1);
  const from = Math.min(fact.column - 1, anchorLine.length);
  const idAt = anchorLine.indexOf(fact.id, from);
  const to = idAt === -1 ? anchorLine.length : idAt + fact.id.length;
  return {
    name: fact.id,
    detail: `${fact.status.stage}/${fact.status.state} · ${short(fact.text)}`,
    kind: fact.factClass === 'normative' ? SymbolKind.Constant : SymbolKind.Property,
    range,
    selectionRange: {
      start: { line: fact.line - 1, character: from },
      end: { line: fact.line - 1, character: to },
    },
  };
}

// @implements lsp#DOCUMENT-SYMBOLS
export function specSymbols(doc: SpecDocument, lines: LineMap): DocumentSymbol[] {
  const top: DocumentSymbol[] = [];
  const open: Open[] = [];
  const last = lines.lineCount - 1;
  // A section ends on the line before the next heading of its depth or shallower.
  const close = (depth: number, before: number) => {
    while (open.length > 0 && open[open.length - 1]!.section.depth >= depth) {
      const { symbol } = open.pop()!;
      symbol.range = lineRange(lines, symbol.range.start.line, before - 1);
    }
  };
  const place = (symbol: DocumentSymbol) => {
    const parent = open[open.length - 1]?.symbol;
    if (parent) parent.children?.push(symbol);
    else top.push(symbol);
  };
  const facts = [...doc.facts];
  const takeFactsBefore = (line: number) => {
    while (facts.length > 0 && facts[0]!.line < line) place(factSymbol(facts.shift()!, lines));
  };
  for (const section of doc.sections) {
    takeFactsBefore(section.line);
    close(section.depth, section.line - 1);
    const heading = lines.lineText(section.line - 1);
    const symbol: DocumentSymbol = {
      name: section.title || section.anchor,
      detail: `#${section.anchor}`,
      kind: SymbolKind.Namespace,
      range: lineRange(lines, section.line - 1, last),
      selectionRange: {
        start: { line: section.line - 1, character: 0 },
        end: { line: section.line - 1, character: heading.length },
      },
      children: [],
    };
    place(symbol);
    open.push({ section, symbol });
  }
  takeFactsBefore(Number.POSITIVE_INFINITY);
  close(0, last + 1);
  return top;
}
