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

/** How much of a runner's failure message an outcome keeps: enough to read the assertion, never a whole log. */
export const FAILURE_LINES = 6;
export const FAILURE_CHARS = 400;

/** Stack frames (`    at f (file:1:2)`, Python's `File "…", line N`) say where, not what: the report has the place. */
const STACK_FRAME = /^(?:at\s.+|File ".*", line \d+.*)$/;
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/**
 * A runner's failure message as the gate shows it: character references a
 * writer escaped twice decoded (`&#10;`, `&lt;`), colour codes and stack
 * frames dropped, then its first non-empty lines (at most FAILURE_LINES,
 * FAILURE_CHARS in all, cut with `…`) joined by ` ⏎ ` so a finding stays one
 * line. Undefined when nothing is left.
 */
// @implements results#RUNNER-MESSAGES-DECODED
export function failureSummary(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const lines = decodeCharacterReferences(message)
    .replace(ANSI, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !STACK_FRAME.test(line));
  if (lines.length === 0) return undefined;
  const kept = lines.slice(0, FAILURE_LINES);
  let text = kept.join(' ⏎ ');
  if (text.length > FAILURE_CHARS) text = `${text.slice(0, FAILURE_CHARS - 1)}…`;
  else if (lines.length > kept.length) text += ' ⏎ …';
  return text;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's character references in text that still holds them (written escaped twice, or read without decoding). */
export function decodeCharacterReferences(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9A-Fa-f]{1,6})|(lt|gt|amp|quot|apos));/g,
    (whole, dec, hex, name) => {
      if (name !== undefined) return NAMED[name as string]!;
      const code = dec !== undefined ? Number(dec) : Number.parseInt(hex as string, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}
