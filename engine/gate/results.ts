/** Test results files read for the gate: each runner's report turned into outcomes. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OutcomeInput } from '../../checks/outcomes.ts';
import { ResultsFormatError, type TestOutcome } from '../../checks/results/index.ts';
import type { FactlineConfig } from '../config/model.ts';
import { UsageError } from '../errors.ts';

/**
 * Reads and parses the results files; a missing or unreadable one is a usage
 * error naming it. Their parsers (an XML one among them) load only when a
 * results file is given.
 */
// @implements evidence#RESULTS-CLI-AND-CONFIG
// @implements speed-warm#LOADS-ONLY-WHAT-RUNS
export async function readResults(
  config: FactlineConfig,
  files: readonly string[],
): Promise<OutcomeInput | undefined> {
  if (files.length === 0) return undefined;
  const { parseResults } = await import('../../checks/results/parse.ts');
  const outcomes: TestOutcome[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(resolve(config.root, file), 'utf8');
    } catch (error) {
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
  return { outcomes, sources: [...files] };
}
