/**
 * Code snippets, packed: each file's shown lines are stored once, and a
 * snippet names its file and line range. Neighbouring citations (a file of
 * fifty `@implements` lines) share most of their lines, so the snippets of
 * a big tree shrink several times before gzip sees them.
 *
 * Used by the renderer (pack) and by the page script (unpack); pure, no DOM,
 * no Node. unpackSnippets(packSnippets(s)) deep-equals s.
 */
import type { CodeSnippet } from './model.ts';

/**
 * One snippet: citation, file index, citation line, first line, then either
 * the line count (lines read from the file's store) or the lines themselves
 * (when the store already held other text at those line numbers), and the
 * symbol when there is one.
 */
type SnippetRow = [number, number, number, number, number | string[], ...([] | [string])];

export interface PackedSnippets {
  files: string[];
  /** Per file: runs of consecutive shown lines, `[firstLine, lines]`, in line order. */
  runs: [number, string[]][][];
  rows: SnippetRow[];
}

function storeLines(store: Map<number, string>, first: number, lines: readonly string[]): void {
  for (let i = 0; i < lines.length; i++) store.set(first + i, lines[i]!);
}

// @implements report#REPORT-SNIPPETS-STORED-ONCE
export function packSnippets(snippets: readonly CodeSnippet[]): PackedSnippets {
  const fileIndex = new Map<string, number>();
  const stores: Map<number, string>[] = [];
  const rows: SnippetRow[] = [];
  for (const s of snippets) {
    let f = fileIndex.get(s.file);
    if (f === undefined) {
      f = stores.length;
      fileIndex.set(s.file, f);
      stores.push(new Map());
    }
    const store = stores[f]!;
    const fits = s.lines.every((text, i) => {
      const held = store.get(s.startLine + i);
      return held === undefined || held === text;
    });
    if (fits) storeLines(store, s.startLine, s.lines);
    const body = fits ? s.lines.length : [...s.lines];
    rows.push(
      s.symbol === undefined
        ? [s.citation, f, s.line, s.startLine, body]
        : [s.citation, f, s.line, s.startLine, body, s.symbol],
    );
  }
  const runs = stores.map((store) => {
    const out: [number, string[]][] = [];
    for (const n of [...store.keys()].sort((a, b) => a - b)) {
      const last = out[out.length - 1];
      if (last && last[0] + last[1].length === n) last[1].push(store.get(n)!);
      else out.push([n, [store.get(n)!]]);
    }
    return out;
  });
  return { files: [...fileIndex.keys()], runs, rows };
}

export function unpackSnippets(packed: PackedSnippets): CodeSnippet[] {
  const stores = packed.runs.map((fileRuns) => {
    const store = new Map<number, string>();
    for (const [first, lines] of fileRuns) storeLines(store, first, lines);
    return store;
  });
  return packed.rows.map(([citation, f, line, startLine, body, symbol]) => {
    const lines =
      typeof body === 'number'
        ? Array.from({ length: body }, (_, i) => stores[f]?.get(startLine + i) ?? '')
        : body;
    return {
      citation,
      file: packed.files[f] ?? '',
      line,
      startLine,
      lines,
      ...(symbol === undefined ? {} : { symbol }),
    };
  });
}
