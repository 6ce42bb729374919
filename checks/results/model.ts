/**
 * Test outcomes as the gate needs them, whatever runner wrote them: one
 * record per test with its file, its title path and how it ended.
 */

/** How a test ended. `todo` and `pending` count as not run, like `skipped`. */
export type TestStatus = 'passed' | 'failed' | 'skipped' | 'todo' | 'pending';

export interface TestOutcome {
  status: TestStatus;
  /** The test file as the runner wrote it (absolute, relative, or a dotted class name); absent when unknown. */
  file?: string;
  /** Suite titles, then the test's own title; one entry when the runner gives only a flat name. */
  titles: string[];
  /** Line of the test in its file, when the runner reports it. */
  line?: number;
  /** The first non-empty line of the failure message. */
  failure?: string;
  /** The results file this outcome was read from. */
  source: string;
  /** Fact references the outcome itself claims to verify (a conformance vector's `verifies`), with where each was written. */
  verifies?: { ref: string; line: number; column: number }[];
}

/** A results file that cannot be read as any known format; the message names the place and the fix. */
export class ResultsFormatError extends Error {
  override readonly name = 'ResultsFormatError';
}

/** Whether a status means the test did not run to an end. */
export function notRun(status: TestStatus): boolean {
  return status === 'skipped' || status === 'todo' || status === 'pending';
}

/** The first non-empty line of a failure message, trimmed, or undefined. */
export function firstLine(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  for (const line of message.split(/\r?\n/)) {
    const t = line.trim();
    if (t !== '') return t;
  }
  return undefined;
}
