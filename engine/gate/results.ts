/** Test results files read for the gate: each runner's report turned into outcomes. */
import type { OutcomeInput } from '../../checks/outcomes.ts';
import {
  ResultsFormatError,
  type TestOutcome,
  type VectorState,
  vectorDigest,
  vectorFiles,
} from '../../checks/results/index.ts';
import type { FactlineConfig } from '../config/model.ts';
import { UsageError } from '../errors.ts';
import { type InputReader, readUnderRoot } from '../files/read.ts';

export type { InputReader };

/**
 * Reads and parses the results files; a missing or unreadable one is a usage
 * error naming it. Their parsers (an XML one among them) load only when a
 * results file is given.
 */
// @implements results#RESULTS-CLI-AND-CONFIG
// @implements cli#LOADS-ONLY-WHAT-RUNS
export async function readResults(
  config: FactlineConfig,
  files: readonly string[],
  read: InputReader = readUnderRoot(config.root),
  /** The folder the runner's absolute paths name files under (another checkout's for a base's results). */
  writtenAt: string = config.root,
): Promise<OutcomeInput | undefined> {
  if (files.length === 0) return undefined;
  const { parseResults } = await import('../../checks/results/parse.ts');
  const outcomes: TestOutcome[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await read(file, 'results');
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(
        `cannot read test results ${file}: ${(error as Error).message}; run the tests first (e.g. \`npm test\`), or fix the path in --results / \`results\``,
      );
    }
    try {
      outcomes.push(...parseResults(text, file));
    } catch (error) {
      if (error instanceof ResultsFormatError) throw new UsageError(error.message);
      throw error;
    }
  }
  return {
    outcomes,
    sources: [...files],
    root: writtenAt,
    foldCase: process.platform === 'darwin' || process.platform === 'win32',
    vectors: await currentVectors(outcomes, read),
    ...(config.resultsPolicy?.unconfirmed === 'warning' ? { unconfirmed: 'warning' as const } : {}),
  };
}

/**
 * The root-relative test files the results name with a test that failed or
 * did not run, or that failed as a whole: a partial run judges them too.
 */
// @implements engine#CHANGED-NEVER-GREENER
export async function notPassingTestFiles(config: FactlineConfig): Promise<string[]> {
  const input = await readResults(config, config.results);
  if (input === undefined) return [];
  const { fileKey } = await import('../../checks/results/join.ts');
  const files = new Set<string>();
  for (const o of input.outcomes)
    if (o.status !== 'passed' && o.file !== undefined) files.add(fileKey(o.file, { root: config.root }));
  return [...files].sort();
}

/** Each vectors file that vector results name, read as it is now: its vectors' content digests. */
// @implements results#VECTOR-RESULTS-NEED-THE-VECTOR
async function currentVectors(
  outcomes: readonly TestOutcome[],
  read: InputReader,
): Promise<Map<string, VectorState>> {
  const states = new Map<string, VectorState>();
  const files = vectorFiles(outcomes);
  if (files.length === 0) return states;
  const { parseVectors } = await import('../../checks/conform/format.ts');
  for (const file of files) {
    try {
      const placed = parseVectors(await read(file, 'vectors'), file);
      states.set(file, new Map(placed.map((p) => [p.vector.id, vectorDigest(p.vector)])));
    } catch (error) {
      states.set(file, { unreadable: (error as Error).message.split('\n')[0]! });
    }
  }
  return states;
}
