/**
 * Conformance-vector outcomes as `factline conform --results` writes them:
 * `{"format": "factline-vector-results/1", "vectors": [{id, file, line,
 * status, verifies: [{ref, line, column}], failure?}]}`. Each vector becomes
 * a test outcome titled by its id in its vectors file, carrying the fact
 * references it verifies (vectors are not comments, so the gate turns these
 * into verifying citations itself: checks/results/vector-evidence.ts). Pure.
 */
import { ResultsFormatError, type TestOutcome, type TestStatus } from './model.ts';

export const VECTOR_RESULTS_FORMAT = 'factline-vector-results/1';

export interface VectorResult {
  id: string;
  /** The vectors file, relative to where `conform` ran (the repository root in CI). */
  file: string;
  line: number;
  status: 'passed' | 'failed' | 'skipped';
  verifies: { ref: string; line: number; column: number }[];
  /** For a failure: pointer, expected and actual of the first mismatch; for a skip: the reason. */
  failure?: string;
  /** The vector's content digest when it ran (checks/results/vector-digest.ts). */
  digest?: string;
}

export interface VectorResultsDocument {
  format: typeof VECTOR_RESULTS_FORMAT;
  vectors: VectorResult[];
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const STATUSES = new Set<TestStatus>(['passed', 'failed', 'skipped']);

// @implements conformance#VECTOR-RESULTS-ARE-EVIDENCE
export function parseVectorResults(data: Record<string, unknown>, source: string): TestOutcome[] {
  if (!Array.isArray(data.vectors)) {
    throw new ResultsFormatError(
      `${source}: no \`vectors\` array; write it with \`factline conform --results FILE\``,
    );
  }
  return data.vectors.map((v: unknown, i: number) => {
    const where = `${source}: vectors[${i}]`;
    if (!isObject(v) || typeof v.id !== 'string' || typeof v.file !== 'string' || typeof v.line !== 'number')
      throw new ResultsFormatError(
        `${where} lacks id, file or line; regenerate it with \`factline conform --results\``,
      );
    const line = v.line as number;
    if (!STATUSES.has(v.status as TestStatus))
      throw new ResultsFormatError(
        `${where}: unknown status \`${String(v.status)}\` (known: passed, failed, skipped)`,
      );
    const verifies = Array.isArray(v.verifies) ? v.verifies.filter(isObject) : [];
    const outcome: TestOutcome = {
      status: v.status as TestStatus,
      file: v.file,
      titles: [v.id],
      line,
      source,
      verifies: verifies.flatMap((r) =>
        typeof r.ref === 'string'
          ? [{ ref: r.ref, line: Number(r.line) || line, column: Number(r.column) || 1 }]
          : [],
      ),
    };
    if (typeof v.failure === 'string') outcome.failure = v.failure;
    if (typeof v.digest === 'string') outcome.digest = v.digest;
    outcome.joinKey = 'vectors file';
    return outcome;
  });
}
