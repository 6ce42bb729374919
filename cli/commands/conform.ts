/** `factline conform VECTORS… -- COMMAND [ARGS…]`: conformance vectors against a server over stdio. */
import { availableParallelism } from 'node:os';
import {
  formatText,
  refuseOverwritingInputs,
  rooms,
  type ServerCommand,
  summarise,
  toJson,
  UsageError,
} from '../../engine/index.ts';
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
    if (values.results)
      refuseOverwritingInputs(
        io.cwd,
        [{ role: '--results', path: values.results }],
        positionals.map((path) => ({ role: 'vectors file', path })),
      );
    const { readVectors, runVectors, writeVectorResults } = await rooms.conform();
    const vectors = readVectors(positionals, io.cwd);
    const server: ServerCommand = { command: serverCommand!, args: serverArgs, cwd: io.cwd, env: io.env };
    const outcomes = await runVectors(vectors, server, timeoutMs, jobs);
    io.stdout.write(values.json ? toJson(outcomes) : formatText(outcomes));
    if (values.results) writeVectorResults(io.cwd, values.results, outcomes);
    return summarise(outcomes).failed > 0 ? EXIT.findings : EXIT.clean;
  },
};
export default command;
