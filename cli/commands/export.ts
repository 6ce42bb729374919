/** `factline export --format reqif|needs-json`: the specs, with each fact's status and evidence, for other tools. */
import {
  EXPORT_FORMATS,
  type ExportFormat,
  nearestOne,
  Project,
  rooms,
  UsageError,
  writeOutputFile,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'export',
  options: {
    format: {
      type: 'string',
      short: 'f',
      value: 'FORMAT',
      default: 'reqif',
      help: 'reqif (ReqIF 1.2) or needs-json (sphinx-needs)',
    },
    out: { ...SHARED.out, help: 'write to FILE (atomically) instead of stdout' },
    config: SHARED.config,
    specs: SHARED.specs,
    strict: SHARED.strict,
  },
  about: `Writes every fact of the specs for another tool. reqif: a ReqIF 1.2 file
(the OMG schema) with one SPEC-OBJECT per fact — its text as XHTML, id,
address, status, evidence state and attributes — a SPEC-RELATION per link
(@refines, @derives, @conflicts) and one SPECIFICATION per document whose
hierarchy follows its headings. needs-json: sphinx-needs' needs.json, one
need per fact, links in \`links\` (refines) and fields of their own.
SOURCE_DATE_EPOCH, when set, is the time stamped into the file.`,
  epilog: `Exit codes: 0 written (a link to no fact is left out, with a warning on
stderr) · 2 usage, config or unreadable input.`,
});

const command: Command = {
  name: 'export',
  summary: 'the specs as ReqIF 1.2 or sphinx-needs needs.json',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseCommandArgs(SPEC, argv).values;
    if (!(EXPORT_FORMATS as readonly string[]).includes(args.format)) {
      const near = nearestOne(args.format, EXPORT_FORMATS);
      throw new UsageError(
        `--format ${args.format} is not a format${near ? `; did you mean \`${near}\`?` : ''} (reqif or needs-json)`,
      );
    }
    const project = Project.open(io, args.config, args.specs ?? []);
    const { runExport } = await rooms.exportInterchange();
    const outcome = await runExport(project, args.format as ExportFormat, {
      strict: args.strict || project.config.strict,
    });
    for (const w of outcome.warnings) io.stderr.write(`${w}\n`);
    if (args.out === undefined) io.stdout.write(outcome.text);
    else io.stdout.write(`${writeOutputFile(io.cwd, args.out, outcome.text)}\n`);
    return EXIT.clean;
  },
};
export default command;
