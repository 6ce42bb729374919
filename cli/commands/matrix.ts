/** `factline matrix`: the fact × code × test × outcome table, for an auditor or a spreadsheet. */
import {
  attributeFilter,
  MATRIX_FORMATS,
  type MatrixFormat,
  nearestOne,
  Project,
  renderMatrix,
  resultsFromArguments,
  UsageError,
  writeOutputFile,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'matrix',
  options: {
    format: { type: 'string', value: 'FORMAT', default: 'md', help: 'md (a Markdown table), csv or json' },
    out: { ...SHARED.out, help: 'write to FILE (atomically) instead of stdout' },
    results: SHARED.results,
    config: SHARED.config,
    specs: SHARED.specs,
    where: SHARED.where,
    strict: SHARED.strict,
  },
  about: `Prints the traceability matrix: one row per fact with its status, the
evidence it needs, its state, the code that implements it (file:line and
symbol), the tests that verify it (file:line and title) and, with test
results, how each of those tests ended. A citation that does not count says
why (stale-citation, verification-failed, …). Each attribute key the rows
carry is a column \`attr:KEY\` (in JSON, a row's \`attributes\`); \`--where\`
keeps only the facts whose attributes match.`,
  epilog: `A report, not a gate: exit 0 whatever the gaps (\`factline check\` gates) ·
2 usage, config or unreadable input.`,
});

const command: Command = {
  name: 'matrix',
  summary: 'the fact × code × test × outcome table (csv, md, json)',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseCommandArgs(SPEC, argv).values;
    if (!(MATRIX_FORMATS as readonly string[]).includes(args.format)) {
      const near = nearestOne(args.format, MATRIX_FORMATS);
      throw new UsageError(
        `--format ${args.format} is not a format${near ? `; did you mean \`${near}\`?` : ''} (md, csv or json)`,
      );
    }
    const project = Project.open(io, args.config, args.specs);
    const { config } = project;
    const keep = attributeFilter(config, args.where ?? []);
    const { result } = await project.check({
      strict: args.strict || config.strict,
      cache: true,
      ...(args.results ? { results: resultsFromArguments(io.cwd, config.root, args.results) } : {}),
    });
    const text = renderMatrix(result, args.format as MatrixFormat, (f) => keep(f.attributes));
    if (args.out === undefined) io.stdout.write(text);
    else io.stdout.write(`${writeOutputFile(io.cwd, args.out, text)}\n`);
    return EXIT.clean;
  },
};
export default command;
