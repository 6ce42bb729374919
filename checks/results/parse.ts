/** Reads a test results file by its content: JSON is vitest/Jest's reporter output, XML is JUnit. Pure. */
import { brokenJsonMessage } from './broken-input.ts';
import { parseJunitXml } from './junit.ts';
import { ResultsFormatError, type TestOutcome } from './model.ts';
import { parseVectorResults, VECTOR_RESULTS_FORMAT } from './vectors.ts';
import { parseVitestJson } from './vitest-json.ts';

// @implements results#RESULTS-FORMATS
export function parseResults(text: string, source: string): TestOutcome[] {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{')) {
    let data: unknown;
    try {
      data = JSON.parse(start);
    } catch {
      throw new ResultsFormatError(brokenJsonMessage(source, start));
    }
    if (
      typeof data === 'object' &&
      data !== null &&
      (data as { format?: unknown }).format === VECTOR_RESULTS_FORMAT
    )
      return parseVectorResults(data as Record<string, unknown>, source);
    return parseVitestJson(data, source);
  }
  if (start.startsWith('<')) return parseJunitXml(start, source);
  throw new ResultsFormatError(
    `${source}: neither JSON nor XML; pass vitest's JSON report (--reporter=json) or a JUnit XML file`,
  );
}
