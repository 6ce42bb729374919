/** `factline conform VECTORS… -- COMMAND [ARGS…]`: conformance vectors against a server over stdio. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { type PlacedVector, parseVectors, VectorsFormatError } from '../../checks/conform/format.ts';
import { judge } from '../../checks/conform/judge.ts';
import {
  formatText,
  summarise,
  toJson,
  toResultsDocument,
  type VectorOutcome,
} from '../../checks/conform/outcome.ts';
import { exchange, type ServerCommand } from '../../engine/conform/process.ts';
import { UsageError } from '../../engine/errors.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'conform',
  positionals: { usage: 'VECTORS…', min: 1 },
  options: {
    json: SHARED.json,
    results: {
      type: 'string',
      value: 'FILE',
      help: 'also write the outcomes for `factline check --results FILE`: a passing vector verifies the facts it names',
    },
    timeout: { type: 'string', value: 'MS', default: '10000', help: 'how long one vector may take' },
    jobs: { type: 'string', value: 'N', help: 'vectors run at once (default: up to 4)' },
  },
  about: `The server command follows the options: factline conform VECTORS… [options] -- COMMAND [ARGS…]

Runs each conformance vector (format mcp-conformance-vectors/1, see
docs/vectors.md) against a fresh server started with COMMAND, over stdio: setup frames
first, then the vector's request or raw line, then a sentinel ping whose
answer ends the vector's frames. http vectors are skipped with the reason.`,
  epilog: `Exit codes: 0 every vector passed (or was skipped) · 1 a vector failed · 2 usage error or bad vectors file.

Example:
  factline conform vectors/*.json --results .test-results/vectors.json -- node bin/factline.js serve`,
});

function positiveInt(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--${flag} wants a positive whole number, not \`${text}\``);
  return n;
}

/** Reads every vectors file; all problems of all files in one error (exit 2). */
function readVectors(files: string[], cwd: string): PlacedVector[] {
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
async function runAll(
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

// @implements conformance#CONFORM-COMMAND
const command: Command = {
  name: 'conform',
  summary: 'run conformance vectors against a server over stdio',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const split = argv.indexOf('--');
    if (split === -1 || split === argv.length - 1) {
      throw new UsageError(
        'name the server after `--`, e.g. `factline conform vectors/*.json -- node server.js`',
      );
    }
    const { values, positionals } = parseCommandArgs(SPEC, argv.slice(0, split));
    const [serverCommand, ...serverArgs] = argv.slice(split + 1);
    const timeoutMs = positiveInt(values.timeout, 'timeout', 10000);
    const jobs = positiveInt(values.jobs, 'jobs', Math.max(1, Math.min(4, availableParallelism())));
    const vectors = readVectors(positionals, io.cwd);
    const server: ServerCommand = { command: serverCommand!, args: serverArgs, cwd: io.cwd, env: io.env };
    const outcomes = await runAll(vectors, server, timeoutMs, jobs);
    io.stdout.write(values.json ? toJson(outcomes) : formatText(outcomes));
    if (values.results) {
      const out = resolve(io.cwd, values.results);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, `${JSON.stringify(toResultsDocument(outcomes), null, 2)}\n`);
    }
    return summarise(outcomes).failed > 0 ? EXIT.findings : EXIT.clean;
  },
};
export default command;
