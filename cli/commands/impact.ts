/** `factline impact REF`: what is downstream of a fact — facts refining it at any depth, and their code and tests. */
import {
  addressingOf,
  impactQuery,
  Project,
  renderImpact,
  resultsFromArguments,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'impact',
  positionals: { usage: 'REF', min: 1, max: 1 },
  options: {
    config: SHARED.config,
    specs: SHARED.specs,
    strict: SHARED.strict,
    json: { ...SHARED.json, help: 'print the fact, the downstream facts, code and tests as JSON' },
    results: SHARED.results,
  },
  about: `Prints what a change to one fact reaches: every fact that refines or derives
from it, at any depth (each once, with the link that reached it and its state),
then every citation of it or of any of them — the code (@implements, @deviates)
and the tests (@verifies), with file:line:col.

REF is DOC#ID, a bare ID unique across the loaded specs, or spec://…/DOC#ID.`,
  epilog: 'Exit codes: 0 shown · 2 unknown or ambiguous REF (with did-you-mean), usage or config error.',
});

// @implements chains#IMPACT-QUERY
const command: Command = {
  name: 'impact',
  summary: 'what is downstream of a fact: facts, code, tests',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(SPEC, argv);
    const project = Project.open(io, values.config, values.specs);
    const { result, specs } = await project.check({
      strict: values.strict || project.config.strict,
      cache: true,
      ...(values.results ? { results: resultsFromArguments(io.cwd, project.root, values.results) } : {}),
    });
    const impact = impactQuery(result, specs.set, positionals[0]!, addressingOf(project.config));
    io.stdout.write(values.json ? `${JSON.stringify(impact, null, 2)}\n` : renderImpact(impact));
    return EXIT.clean;
  },
};

export default command;
