/** Conformance vectors run against a server: read the vectors files, run each in a fresh process, write the outcomes. */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { type PlacedVector, parseVectors, VectorsFormatError } from '../../checks/conform/format.ts';
import { judge } from '../../checks/conform/judge.ts';
import { toResultsDocument, type VectorOutcome } from '../../checks/conform/outcome.ts';
import { UsageError } from '../errors.ts';
import { writeOutputFile } from '../files/output.ts';
import { exchange, type ServerCommand } from './process.ts';

/** Reads every vectors file; all problems of all files in one error (exit 2). */
export function readVectors(files: string[], cwd: string): PlacedVector[] {
  const problems: string[] = [];
  const all: PlacedVector[] = [];
  const seen = new Map<string, PlacedVector>();
  for (const file of files) {
    const shown = relative(cwd, resolve(cwd, file)).replace(/\\/g, '/') || file;
    let text: string;
    try {
      text = readFileSync(resolve(cwd, file), 'utf8');
    } catch (error) {
      problems.push(`cannot read vectors file ${shown}: ${(error as Error).message}; check the path`);
      continue;
    }
    try {
      for (const placed of parseVectors(text, shown)) {
        const first = seen.get(placed.vector.id);
        if (first) {
          problems.push(
            `${shown}:${placed.line}:${placed.column}: vector id \`${placed.vector.id}\` is also used at ${first.file}:${first.line}; give each vector its own stable id`,
          );
          continue;
        }
        seen.set(placed.vector.id, placed);
        all.push(placed);
      }
    } catch (error) {
      if (!(error instanceof VectorsFormatError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new UsageError(`bad vectors:\n${problems.join('\n')}`);
  return all;
}

async function runOne(
  placed: PlacedVector,
  server: ServerCommand,
  timeoutMs: number,
): Promise<VectorOutcome> {
  const vector = placed.vector;
  // @implements conformance#HTTP-VECTORS-SKIPPED
  if (vector.transport === 'http') {
    return {
      placed,
      status: 'skipped',
      reason: 'http vector: this run speaks to the server over stdio only',
    };
  }
  const result = await exchange(server, vector, timeoutMs);
  if (!result.ok) return { placed, status: 'failed', error: result.error };
  const verdict = judge(vector, result.lines);
  return verdict.status === 'passed'
    ? { placed, status: 'passed' }
    : { placed, status: 'failed', mismatches: verdict.mismatches };
}

/** Runs the vectors, at most `jobs` at once, keeping their order in the report. */
export async function runVectors(
  vectors: PlacedVector[],
  server: ServerCommand,
  timeoutMs: number,
  jobs: number,
): Promise<VectorOutcome[]> {
  const outcomes: VectorOutcome[] = new Array(vectors.length);
  let next = 0;
  const worker = async () => {
    while (next < vectors.length) {
      const i = next++;
      outcomes[i] = await runOne(vectors[i]!, server, timeoutMs);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, vectors.length) }, worker));
  return outcomes;
}

/** The outcomes as `check --results` reads them, written atomically to `path` (its folder made when missing). */
export function writeVectorResults(cwd: string, path: string, outcomes: VectorOutcome[]): void {
  writeOutputFile(cwd, path, `${JSON.stringify(toResultsDocument(outcomes), null, 2)}\n`);
}
