/**
 * `factline baseline`: write today's findings to a file, so `check
 * --baseline FILE` fails only on new ones (adopting the gate by ratchet).
 */
import {
  baselineOf,
  inputGlobs,
  Project,
  refuseOverwritingInputs,
  resultsFromArguments,
  runInputs,
  UsageError,
  writeOutputFile,
} from '../../engine/index.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

export const DEFAULT_BASELINE = 'factline-baseline.json';

const USAGE = `usage: factline baseline [--out FILE] [--config FILE] [--results FILE…] [--no-cache]

Runs the gate and writes its errors and warnings to FILE (default ${DEFAULT_BASELINE}).
\`factline check --baseline FILE\` then fails only on findings not in it, and
reports each baselined finding that is gone, so the baseline only shrinks.
--results FILE… joins the citing tests to their outcomes, as \`check --results\` does.
`;

const command: Command = {
  name: 'baseline',
  summary: "write today's findings to a baseline file (check --baseline ratchets)",
  usage: USAGE,
  async run(argv: string[], io: CliIO): Promise<number> {
    let out = DEFAULT_BASELINE;
    let config: string | undefined;
    let cache = true;
    const results: string[] = [];
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (arg === '--no-cache') cache = false;
      else if (arg === '--results') {
        while (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('-')) results.push(argv[++i]!);
        if (results.length === 0) throw new UsageError(`--results needs a file path\n${USAGE}`);
      } else if (arg === '--out' || arg === '--config') {
        const value = argv[++i];
        if (value === undefined || value.startsWith('--'))
          throw new UsageError(`${arg} needs a file path\n${USAGE}`);
        if (arg === '--out') out = value;
        else config = value;
      } else throw new UsageError(`unknown argument \`${arg}\`\n${USAGE}`);
    }
    const project = Project.open(io, config);
    refuseOverwritingInputs(
      io.cwd,
      [{ role: '--out', path: out }],
      [...runInputs(project.config), ...results.map((path) => ({ role: 'test results', path }))],
      inputGlobs(project.config),
    );
    const { result } = await project.check({
      cache,
      ...(results.length > 0 ? { results: resultsFromArguments(io.cwd, project.root, results) } : {}),
    });
    const baseline = baselineOf(result);
    writeOutputFile(io.cwd, out, `${JSON.stringify(baseline, null, 2)}\n`);
    io.stdout.write(`wrote ${baseline.findings.length} finding(s) to ${out}\n`);
    return EXIT.clean;
  },
};
export default command;
