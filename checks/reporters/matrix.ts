/**
 * The traceability matrix an auditor asks for: one row per fact with its
 * status, the evidence it needs, its state, the code that implements it, the
 * tests that verify it and how they ended. CSV, Markdown or JSON. Pure.
 */
import type { FactTrace, JudgedCitation, TraceResult } from '../model.ts';
import { FACT_STATES } from '../states.ts';
import { csvCell } from './escape/csv.ts';
import { mdText } from './escape/markdown.ts';

export interface MatrixEvidence {
  file: string;
  line: number;
  /** The enclosing symbol (implementations) or test title (verifications), when known. */
  name?: string;
  /** False when the citation does not count (stale, misplaced, its test failed…). */
  counted: boolean;
  /** Why it does not count, as the rule id. */
  problem?: string;
  /** The test's outcome, when results were given. */
  outcome?: string;
}

export interface MatrixRow {
  address: string;
  file: string;
  line: number;
  status: string;
  needs: string[];
  state: string;
  implementations: MatrixEvidence[];
  verifications: MatrixEvidence[];
  /** The fact's `@attr:` attributes, in written order, when it has any. */
  attributes?: { key: string; value: string }[];
}

function evidence(c: JudgedCitation, name: string | undefined): MatrixEvidence {
  return {
    file: c.file,
    line: c.line,
    ...(name !== undefined ? { name } : {}),
    counted: c.counted,
    ...(c.problem !== undefined ? { problem: c.problem } : {}),
    ...(c.outcome !== undefined ? { outcome: c.outcome.status } : {}),
  };
}

// @implements cli#MATRIX-EVERY-FACT
export function matrixRows(result: TraceResult, keep: (f: FactTrace) => boolean = () => true): MatrixRow[] {
  // Cited headings are rows too, in line order among their document's facts (trace#HEADING-EVIDENCE).
  // @implements cli#MATRIX-HEADING-EVIDENCE
  const rows =
    result.headings && result.headings.length > 0
      ? [...result.facts, ...result.headings].sort((a, b) =>
          a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line,
        )
      : result.facts;
  return rows.filter(keep).map((f) => {
    const cited = f.citations.map((i) => result.citations[i]!);
    return {
      address: f.address,
      file: f.file,
      line: f.line,
      status: `${f.status.stage}/${f.status.state}`,
      needs: [...f.required],
      state: FACT_STATES[f.state],
      // A module's scope! marker is its implementing claim (vibevm records it as one).
      implementations: cited
        .filter((c) => c.verb === 'implements' || c.verb === 'scope')
        .map((c) => evidence(c, c.symbol)),
      verifications: cited
        .filter((c) => c.verb === 'verifies')
        .map((c) => evidence(c, c.outcome?.test ?? c.testName)),
      // @implements chains#MATRIX-ATTRIBUTES
      ...(f.attributes && f.attributes.length > 0
        ? { attributes: f.attributes.map(({ key, value }) => ({ key, value })) }
        : {}),
    };
  });
}

const HEADER = ['fact', 'status', 'needs', 'state', 'implemented by', 'verified by', 'test outcomes'];

function evidenceText(e: MatrixEvidence): string {
  const name = e.name ? ` ${e.name}` : '';
  const not = e.counted ? '' : ` (not counted: ${e.problem ?? 'see check'})`;
  return `${e.file}:${e.line}${name}${not}`;
}

/** One column per attribute key the rows carry, sorted, so a spreadsheet can sort and filter by it. */
function attributeKeys(rows: readonly MatrixRow[]): string[] {
  return [...new Set(rows.flatMap((r) => (r.attributes ?? []).map((a) => a.key)))].sort();
}

function cells(row: MatrixRow, keys: readonly string[]): string[] {
  return [
    row.address,
    row.status,
    row.needs.join(', '),
    row.state,
    row.implementations.map(evidenceText).join('; '),
    row.verifications.map(evidenceText).join('; '),
    row.verifications.map((v) => v.outcome ?? 'not checked').join('; '),
    ...keys.map((k) =>
      (row.attributes ?? [])
        .filter((a) => a.key === k)
        .map((a) => a.value)
        .join('; '),
    ),
  ];
}

export const MATRIX_FORMATS = ['md', 'csv', 'json'] as const;
export type MatrixFormat = (typeof MATRIX_FORMATS)[number];

/** `keep`: which facts are rows (`--where`); every one when absent. */
export function renderMatrix(
  result: TraceResult,
  format: MatrixFormat,
  keep?: (f: FactTrace) => boolean,
): string {
  const rows = matrixRows(result, keep);
  if (format === 'json') return `${JSON.stringify({ facts: rows }, null, 2)}\n`;
  const keys = attributeKeys(rows);
  const header = [...HEADER, ...keys.map((k) => `attr:${k}`)];
  const row = (r: MatrixRow) => cells(r, keys);
  if (format === 'csv') {
    return [header, ...rows.map(row)].map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
  }
  const lines = [
    `| ${header.map(mdText).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${row(r).map(mdText).join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}
