/**
 * Gathers what the HTML report shows besides the trace: spec sources and a
 * few lines of code around every citation. The file-system side of the
 * report; the renderer itself stays pure.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { TraceResult } from '../checks/model.ts';
import {
  type CodeSnippet,
  type ReportInputs,
  renderHtmlReportAsync,
  type SpecSource,
} from '../checks/reporters/html.ts';
import type { FactlineConfig } from './config/model.ts';
import type { EngineIO } from './io.ts';
import type { LoadedSpecs } from './specs.ts';

/** Lines shown before a citation, and after it (the declaration it sits on). */
export const SNIPPET_BEFORE = 2;
export const SNIPPET_AFTER = 8;
/** Long lines (minified code) are cut so one citation cannot bloat the page. */
const MAX_LINE = 240;
/**
 * Code shown per fact: a fact cited from fifty tests would otherwise carry
 * fifty snippets into the page; the rest are listed by file:line only.
 */
export const MAX_SNIPPETS_PER_FACT = 8;

/** Cited files read at a time. */
const READS_AT_ONCE = 16;

const VERB_ORDER = { deviates: 0, implements: 1, verifies: 2, scope: 3 } as const;

/** JudgedCitation indexes that get code: per fact the first few, deviations and implementations first. */
export function citationsWithCode(result: TraceResult): Set<number> {
  const chosen = new Set<number>();
  for (const fact of result.facts) {
    const ordered = [...fact.citations].sort((a, b) => {
      const ca = result.citations[a];
      const cb = result.citations[b];
      return (ca ? VERB_ORDER[ca.verb] : 4) - (cb ? VERB_ORDER[cb.verb] : 4) || a - b;
    });
    for (const index of ordered.slice(0, MAX_SNIPPETS_PER_FACT)) chosen.add(index);
  }
  return chosen;
}

export interface CollectOptions {
  /** Called after each file read: done and total counts. */
  onProgress?: (done: number, total: number) => void;
}

/** The page for `result` (checks/reporters/html.ts), its data gzipped on libuv's thread pool. */
export function renderReport(result: TraceResult, inputs: ReportInputs): Promise<string> {
  return renderHtmlReportAsync(result, inputs);
}

/** The lines around `line` (1-based), clipped to the file. */
export function snippetAround(fileLines: string[], line: number): { startLine: number; lines: string[] } {
  const start = Math.max(1, line - SNIPPET_BEFORE);
  const end = Math.min(fileLines.length, line + SNIPPET_AFTER);
  const lines = fileLines
    .slice(start - 1, end)
    .map((l) => (l.length > MAX_LINE ? `${l.slice(0, MAX_LINE)}…` : l));
  return { startLine: start, lines };
}

// @implements report#REPORT-SHOWS-CITING-CODE
export async function collectReportInputs(
  io: EngineIO,
  config: FactlineConfig,
  result: TraceResult,
  specs: LoadedSpecs,
  options: CollectOptions = {},
): Promise<ReportInputs> {
  const specSources: SpecSource[] = [];
  for (const document of specs.set.documents) {
    const text = specs.sources.get(document.file);
    if (text === undefined) continue;
    const sections = document.sections.map((s) => ({ anchor: s.anchor, title: s.title }));
    specSources.push({ file: document.file, doc: document.doc, text, sections });
  }
  const wanted = citationsWithCode(result);
  const files = [...new Set([...wanted].map((i) => result.citations[i]!.file))].sort();
  const texts = new Map<string, string[] | undefined>();
  // Read READS_AT_ONCE at a time on libuv's pool, not one after another (a few hundred files on
  // vibevm), nor all at once (a big tree would run out of file descriptors); taken in order.
  const read = (file: string) =>
    readFile(isAbsolute(file) ? file : resolve(config.root, file), 'utf8').then(
      (text) => text.split(/\r?\n/),
      (error: Error) => error,
    );
  const reading = files.slice(0, READS_AT_ONCE).map(read);
  let done = 0;
  for (const [i, file] of files.entries()) {
    const got = await reading[i]!;
    if (i + READS_AT_ONCE < files.length) reading.push(read(files[i + READS_AT_ONCE]!));
    if (got instanceof Error) {
      // The file was scanned moments ago; if it vanished the report still
      // shows the citation itself, and says why the code is missing.
      texts.set(file, undefined);
      io.stderr.write(`factline report: cannot read ${file}: ${got.message}\n`);
    } else texts.set(file, got);
    options.onProgress?.(++done, files.length);
  }
  const snippets: CodeSnippet[] = [];
  result.citations.forEach((citation, index) => {
    if (!wanted.has(index)) return;
    const lines = texts.get(citation.file);
    if (!lines) return;
    const symbol = citation.testName ?? citation.symbol;
    snippets.push({
      citation: index,
      file: citation.file,
      line: citation.line,
      ...snippetAround(lines, citation.line),
      ...(symbol === undefined ? {} : { symbol }),
    });
  });
  return { specs: specSources, snippets };
}
