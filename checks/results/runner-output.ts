/**
 * The plain outputs of runners whose own reports name no test file:
 * libtest's console output (`cargo test`) and `go test -json`. Each test is
 * read with what the output says of its place (cargo: the file its test
 * binary was built from; go: the package), its name, how it ended and its
 * failure text; `engine/results-from.ts` finds each test's file and writes
 * JUnit XML that `check --results` joins. Pure.
 */
import type { TestStatus } from './model.ts';

export interface RunnerTest {
  /** cargo: the file the test binary was built from (`src/lib.rs`, `tests/greet.rs`), as cargo printed it. */
  root?: string;
  /** go: the package's import path. */
  pkg?: string;
  /** libtest's module path (`tests::greets`) or Go's test function (`TestGreet`). */
  name: string;
  status: TestStatus;
  /** The test's own output when it failed: the panic or the t.Errorf lines. */
  failure?: string;
  /** A doc test names its file itself (`src/lib.rs - greet (line 5)`). */
  docFile?: string;
  /** go: the package failed as a whole (did not build); every test file of it failed. */
  wholePackage?: boolean;
}

const RUNNING = /^\s*Running (?:unittests )?(.+?) \(/;
const DOC_TESTS = /^\s*Doc-tests \S+/;
const RESULT = /^test (.+?) \.\.\. (ok|FAILED|ignored(?:, .*)?)$/;
const FAILURE_HEAD = /^---- (.+?) stdout ----$/;

/**
 * The tests in libtest's plain output, in order. A failure's text is the
 * block `---- NAME stdout ----` prints, up to the next block or the
 * `failures:` list. Whether cargo could not compile is said apart, since
 * then no test ran at all.
 */
// @implements results#RESULTS-FROM-CARGO
export function readCargoTestOutput(text: string): { tests: RunnerTest[]; compileFailed: boolean } {
  const tests: RunnerTest[] = [];
  const lines = text.split(/\r?\n/);
  let root: string | undefined;
  let doc = false;
  let inBinary: RunnerTest[] = [];
  let failing: { name: string; lines: string[] } | undefined;
  const closeFailure = () => {
    if (failing === undefined) return;
    const test = inBinary.find((t) => t.name === failing!.name && t.status === 'failed');
    // The backtrace and libtest's hint about it say where, not what.
    const end = failing.lines.findIndex((l) =>
      /^(?:stack backtrace:|note: run with `RUST_BACKTRACE)/.test(l),
    );
    const body = (end === -1 ? failing.lines : failing.lines.slice(0, end)).join('\n').trim();
    if (test !== undefined && body !== '') test.failure = body;
    failing = undefined;
  };
  for (const line of lines) {
    const running = RUNNING.exec(line);
    if (running !== null || DOC_TESTS.test(line)) {
      closeFailure();
      root = running?.[1];
      doc = running === null;
      inBinary = [];
      continue;
    }
    const result = RESULT.exec(line);
    if (result !== null) {
      const [, name, word] = result as unknown as [string, string, string];
      const status: TestStatus = word === 'ok' ? 'passed' : word === 'FAILED' ? 'failed' : 'skipped';
      const test: RunnerTest = { name, status };
      if (doc) {
        const file = /^(\S+?) - /.exec(name)?.[1];
        if (file !== undefined) test.docFile = file;
      } else if (root !== undefined) test.root = root;
      tests.push(test);
      inBinary.push(test);
      continue;
    }
    const head = FAILURE_HEAD.exec(line);
    if (head !== null) {
      closeFailure();
      failing = { name: head[1]!, lines: [] };
      continue;
    }
    if (failing !== undefined) {
      if (/^failures:$/.test(line) || /^test result: /.test(line)) closeFailure();
      else failing.lines.push(line);
    }
  }
  closeFailure();
  const compileFailed = tests.length === 0 && /^error(?:\[E\d+\])?: /m.test(text);
  return { tests, compileFailed };
}

interface GoEvent {
  Action?: string;
  Package?: string;
  Test?: string;
  Output?: string;
}

/** The line events go writes for a test that are not what the test said. */
const GO_FRAMING = /^(?:=== (?:RUN|PAUSE|CONT|NAME)\s|--- (?:PASS|FAIL|SKIP):\s|(?:PASS|FAIL|ok)\s*$)/;

/**
 * The top-level tests in `go test -json`'s event stream (a subtest's outcome
 * is its parent's), with the lines each test wrote as its failure; a package
 * that failed with no test of it reported (it did not build) is one
 * whole-package failure. Lines that are not JSON are skipped: `go test` puts
 * build errors among them.
 */
// @implements results#RESULTS-FROM-GO
export function readGoTestJson(text: string): RunnerTest[] {
  const tests: RunnerTest[] = [];
  const byKey = new Map<string, { test: RunnerTest; output: string[] }>();
  const packageOutput = new Map<string, string[]>();
  const packagesWithTests = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('{')) continue;
    let event: GoEvent;
    try {
      event = JSON.parse(line) as GoEvent;
    } catch {
      continue;
    }
    const pkg = event.Package;
    if (pkg === undefined) continue;
    if (event.Test === undefined) {
      if (event.Action === 'output' && event.Output !== undefined)
        packageOutput.set(pkg, [...(packageOutput.get(pkg) ?? []), event.Output]);
      if (event.Action === 'fail' && !packagesWithTests.has(pkg)) {
        const output = (packageOutput.get(pkg) ?? []).join('').trim();
        tests.push({
          pkg,
          name: '',
          status: 'failed',
          wholePackage: true,
          ...(output ? { failure: output } : {}),
        });
      }
      continue;
    }
    const top = event.Test.split('/')[0]!;
    const key = `${pkg}\u0000${top}`;
    packagesWithTests.add(pkg);
    let entry = byKey.get(key);
    if (entry === undefined) {
      entry = { test: { pkg, name: top, status: 'pending' }, output: [] };
      byKey.set(key, entry);
      tests.push(entry.test);
    }
    if (event.Action === 'output' && event.Output !== undefined) {
      if (!GO_FRAMING.test(event.Output.trim() === '' ? '' : event.Output.trimStart()))
        entry.output.push(event.Output);
      continue;
    }
    if (event.Test !== top) continue;
    if (event.Action === 'pass') entry.test.status = 'passed';
    else if (event.Action === 'skip') entry.test.status = 'skipped';
    else if (event.Action === 'fail') {
      entry.test.status = 'failed';
      const output = entry.output.join('').trim();
      if (output !== '') entry.test.failure = output;
    }
  }
  return tests;
}
