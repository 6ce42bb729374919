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
  /** The outcome of the whole file (it failed to load, or a hook outside every test failed), not of one test. */
  fileLevel?: boolean;
  /** Which part of the runner's output named `file` (or `module`); absent when nothing did. */
  joinKey?: JoinKey;
  /** pytest's dotted module path (`tests.unit.test_greet`, then any class), when the runner names no file. */
  module?: string;
  /** The runner wrote one flat name (jest-junit's `{classname} {title}`), not a title path. */
  flat?: boolean;
  /** A conformance vector's content digest when it ran (checks/conform/digest.ts). */
  digest?: string;
}

/**
 * Where a runner's output names a test's file: a `file` attribute (jest-junit
 * with addFileAttribute, pytest's xunit1), a classname or suite name that is
 * a path (vitest, jest-junit's `{filepath}` templates), the name of a
 * testcase that stands for its whole file (a file that failed to load), pytest's dotted
 * module, the file entry of a JSON report, a vectors file; `none` when the
 * output names no file for its tests (node's JUnit reporter, jest-junit's
 * defaults, nextest, Surefire).
 */
export type JoinKey =
  | 'file attribute'
  | 'classname'
  | 'suite name'
  | 'test name'
  | 'dotted module'
  | 'file entry'
  | 'vectors file'
  | 'none';

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
