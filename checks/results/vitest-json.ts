/**
 * vitest's `--reporter=json` output (the Jest-compatible shape Jest's own
 * `--json` also writes): testResults[] per file, assertionResults[] per test.
 * Pure.
 */
import { failureSummary, ResultsFormatError, type TestOutcome, type TestStatus } from './model.ts';

const STATUSES: Record<string, TestStatus> = {
  passed: 'passed',
  failed: 'failed',
  skipped: 'skipped',
  pending: 'pending',
  todo: 'todo',
  disabled: 'skipped',
  focused: 'passed',
};

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function strings(x: unknown): string[] {
  return Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : [];
}

export function parseVitestJson(data: unknown, source: string): TestOutcome[] {
  if (!isObject(data) || !Array.isArray(data.testResults)) {
    throw new ResultsFormatError(
      `${source}: not a vitest/Jest JSON report (no \`testResults\` array); write it with \`vitest run --reporter=json --outputFile=FILE\` or \`jest --json --outputFile=FILE\``,
    );
  }
  const out: TestOutcome[] = [];
  data.testResults.forEach((file, i) => {
    if (!isObject(file) || !Array.isArray(file.assertionResults)) {
      throw new ResultsFormatError(`${source}: testResults[${i}] has no \`assertionResults\` array`);
    }
    const name = typeof file.name === 'string' ? file.name : undefined;
    let testFailed = false;
    file.assertionResults.forEach((test, j) => {
      const where = `${source}: testResults[${i}].assertionResults[${j}]`;
      if (!isObject(test) || typeof test.title !== 'string')
        throw new ResultsFormatError(`${where} has no title`);
      const status = STATUSES[String(test.status)];
      if (status === undefined) {
        throw new ResultsFormatError(
          `${where}: unknown status \`${String(test.status)}\` (known: ${Object.keys(STATUSES).join(', ')})`,
        );
      }
      const outcome: TestOutcome = { status, titles: [...strings(test.ancestorTitles), test.title], source };
      if (name !== undefined) {
        outcome.file = name;
        outcome.joinKey = 'file entry';
      }
      const location = test.location;
      if (isObject(location) && typeof location.line === 'number') outcome.line = location.line;
      if (status === 'failed') {
        testFailed = true;
        const failure = failureSummary(strings(test.failureMessages)[0]);
        if (failure !== undefined) outcome.failure = failure;
      }
      out.push(outcome);
    });
    if (name !== undefined && !testFailed && fileFailed(file)) out.push(fileFailure(file, name, source));
  });
  return out;
}

/**
 * A file the runner failed while none of its tests did: it threw at import
 * (vitest lists no test then), or a hook outside every test failed (Jest's
 * `testExecError`). Every citation in it fails with it.
 */
function fileFailed(file: Record<string, unknown>): boolean {
  return file.status === 'failed' || isObject(file.testExecError);
}

function fileFailure(file: Record<string, unknown>, name: string, source: string): TestOutcome {
  const outcome: TestOutcome = {
    status: 'failed',
    titles: [],
    file: name,
    joinKey: 'file entry',
    fileLevel: true,
    source,
  };
  const message =
    typeof file.message === 'string'
      ? file.message
      : isObject(file.testExecError)
        ? file.testExecError.message
        : '';
  const failure = failureSummary(typeof message === 'string' ? message : undefined);
  if (failure !== undefined) outcome.failure = failure;
  return outcome;
}
