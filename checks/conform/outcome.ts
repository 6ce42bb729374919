/**
 * A vector's outcome, and the three ways it leaves the runner: the text
 * report, `--json`, and the results document `factline check --results`
 * reads (checks/results/vectors.ts). Pure.
 */
import { vectorDigest } from '../results/vector-digest.ts';
import { VECTOR_RESULTS_FORMAT, type VectorResultsDocument } from '../results/vectors.ts';
import type { PlacedVector } from './format.ts';
import type { Mismatch } from './judge.ts';

export type VectorOutcome =
  | { placed: PlacedVector; status: 'passed' }
  | { placed: PlacedVector; status: 'failed'; mismatches: Mismatch[] }
  /** The vector could not be run to an end (server did not start, exited, or was silent). */
  | { placed: PlacedVector; status: 'failed'; error: string }
  | { placed: PlacedVector; status: 'skipped'; reason: string };

export interface ConformSummary {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
}

export function summarise(outcomes: readonly VectorOutcome[]): ConformSummary {
  const count = (s: VectorOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  return {
    total: outcomes.length,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
  };
}

const describeMismatch = (m: Mismatch) =>
  `at ${m.pointer === '' ? '(the frame)' : m.pointer}: expected ${m.expected}, actual ${m.actual}`;

/** One line per failure reason: the mismatches, or why the vector could not run, or why it was skipped. */
export function details(o: VectorOutcome): string[] {
  if (o.status === 'passed') return [];
  if (o.status === 'skipped') return [o.reason];
  return 'error' in o ? [o.error] : o.mismatches.map(describeMismatch);
}

const where = (p: PlacedVector) => `${p.file}:${p.line}`;

// @implements conformance#CONFORM-REPORTS-EACH-VECTOR
export function formatText(outcomes: readonly VectorOutcome[]): string {
  const label = { passed: 'pass', failed: 'FAIL', skipped: 'skip' } as const;
  const lines: string[] = [];
  for (const o of outcomes) {
    lines.push(`${label[o.status]}  ${o.placed.vector.id}  (${where(o.placed)})`);
    for (const d of details(o)) lines.push(`      ${d}`);
  }
  const s = summarise(outcomes);
  lines.push('', `${s.total} vectors: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
  return `${lines.join('\n')}\n`;
}

export function toJson(outcomes: readonly VectorOutcome[]): string {
  const vectors = outcomes.map((o) => ({
    id: o.placed.vector.id,
    file: o.placed.file,
    line: o.placed.line,
    status: o.status,
    verifies: o.placed.vector.verifies ?? [],
    ...(o.status === 'failed' && 'mismatches' in o ? { mismatches: o.mismatches } : {}),
    ...(o.status === 'failed' && 'error' in o ? { error: o.error } : {}),
    ...(o.status === 'skipped' ? { reason: o.reason } : {}),
  }));
  return `${JSON.stringify({ summary: summarise(outcomes), vectors }, null, 2)}\n`;
}

// @implements conformance#CONFORM-WRITES-RESULTS
export function toResultsDocument(outcomes: readonly VectorOutcome[]): VectorResultsDocument {
  return {
    format: VECTOR_RESULTS_FORMAT,
    vectors: outcomes.map((o) => {
      const failure = details(o)[0];
      return {
        id: o.placed.vector.id,
        file: o.placed.file,
        line: o.placed.line,
        status: o.status,
        verifies: (o.placed.vector.verifies ?? []).map((ref, k) => ({ ref, ...o.placed.verifiesAt[k]! })),
        digest: vectorDigest(o.placed.vector),
        ...(failure !== undefined ? { failure } : {}),
      };
    }),
  };
}
