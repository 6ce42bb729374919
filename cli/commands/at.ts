/** `factline at FILE:LINE`: which facts a line serves, directly and up the chain. */
import {
  Project,
  parseFileLine,
  renderServedAt,
  resultsFromArguments,
  servedAtQuery,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'at',
  positionals: { usage: 'FILE:LINE', min: 1, max: 1 },
  options: {
    config: SHARED.config,
    specs: SHARED.specs,
    strict: SHARED.strict,
    json: { ...SHARED.json, help: 'print the citations, the facts served and those upstream as JSON' },
    results: SHARED.results,
  },
  about: `Prints the facts a line serves. In code: the citations that apply to the line
(the nearest citation at or above it, its comment block, and every citation of
the same enclosing declaration) and the facts they name. In a spec: the fact
written there. Then every fact upstream of those, through @refines: and
@derives: links, with the link that reached each.

FILE is relative to the working directory.`,
  epilog: 'Exit codes: 0 shown (a line that serves nothing says so) · 2 usage or config error.',
});

// @implements chains#AT-QUERY
const command: Command = {
  name: 'at',
  summary: 'which facts a line serves (FILE:LINE)',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(SPEC, argv);
    const project = Project.open(io, values.config, values.specs);
    const { file, line } = parseFileLine(positionals[0]!, io.cwd, project.root);
    const { result, specs } = await project.check({
      strict: values.strict || project.config.strict,
      cache: true,
      ...(values.results ? { results: resultsFromArguments(io.cwd, project.root, values.results) } : {}),
    });
    const served = servedAtQuery(result, specs.set, file, line);
    io.stdout.write(values.json ? `${JSON.stringify(served, null, 2)}\n` : renderServedAt(served));
    return EXIT.clean;
  },
};

export default command;
