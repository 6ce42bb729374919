/**
 * Places in a text as LSP counts them (0-based lines, UTF-16 columns, which
 * is how JavaScript strings index), and where a citation stands on its line.
 * Pure.
 */
import type { Position, Range } from 'vscode-languageserver';
import { lineIndex, type ScannedCitation } from '../../checks/scan/types.ts';

export class LineMap {
  private readonly starts: number[] = [0];
  private readonly placeOf: (offset: number) => { line: number; column: number };

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
    this.placeOf = lineIndex(text);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): Position {
    const { line, column } = this.placeOf(offset);
    return { line: line - 1, character: column - 1 };
  }

  offsetAt(position: Position): number {
    const start = this.starts[Math.min(position.line, this.starts.length - 1)] ?? 0;
    return Math.min(start + position.character, this.lineEnd(position.line));
  }

  /** Offset of the end of a 0-based line (before its line break). */
  lineEnd(line: number): number {
    const next = this.starts[line + 1];
    if (next === undefined) return this.text.length;
    return this.text[next - 2] === '\r' ? next - 2 : next - 1;
  }

  lineText(line: number): string {
    const start = this.starts[line];
    return start === undefined ? '' : this.text.slice(start, this.lineEnd(line));
  }

  range(from: number, to: number): Range {
    return { start: this.positionAt(from), end: this.positionAt(to) };
  }

  /** From a 1-based line and column to the end of the word there (at least one character). */
  wordAt(line: number, column: number): Range {
    const from = this.offsetAt({ line: line - 1, character: column - 1 });
    const end = this.lineEnd(line - 1);
    let to = from;
    while (to < end && !/\s/.test(this.text[to]!)) to++;
    return this.range(from, Math.max(to, Math.min(from + 1, end)));
  }
}

/** Where one citation stands: from its tag to the end of its reference, and the reference alone. */
export interface CitationSpan {
  citation: ScannedCitation;
  whole: Range;
  /** The reference as written (absent when the tag has none). */
  ref?: { range: Range; offset: number };
  /** Offsets of the whole span, for hit tests. */
  from: number;
  to: number;
}

export function citationSpan(lines: LineMap, citation: ScannedCitation): CitationSpan {
  const from = citation.offset;
  const lineEnd = lines.lineEnd(lines.positionAt(from).line);
  const at = citation.ref === '' ? -1 : lines.text.indexOf(citation.ref, from);
  if (at !== -1 && at + citation.ref.length <= lineEnd) {
    const to = at + citation.ref.length;
    return {
      citation,
      whole: lines.range(from, to),
      ref: { range: lines.range(at, to), offset: at },
      from,
      to,
    };
  }
  let to = from;
  while (to < lineEnd && !/\s/.test(lines.text[to]!)) to++;
  return { citation, whole: lines.range(from, to), from, to };
}

/** The citation whose span holds `offset` (its end included: the cursor right after a reference). */
export function citationAt(lines: LineMap, citations: readonly ScannedCitation[], offset: number) {
  for (const c of citations) {
    const span = citationSpan(lines, c);
    if (offset >= span.from && offset <= span.to) return span;
  }
  return undefined;
}

/** A citation's tag in a file that is not open: its place and the tag's length. */
export function tagRange(citation: Pick<ScannedCitation, 'line' | 'column' | 'verb'>): Range {
  const start = { line: citation.line - 1, character: citation.column - 1 };
  return { start, end: { line: start.line, character: start.character + 1 + citation.verb.length } };
}
