/** `factline explain REF`: one fact with its text, status, digest and every citation; or one rule. */
import {
  addressingOf,
  explainJson,
  nearRule,
  Project,
  renderExplain,
  renderRuleExplain,
  resolveArgument,
  resultsFromArguments,
  ruleExplainJson,
  ruleUnit,
  UsageError,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'explain',
  positionals: { usage: 'REF', min: 1, max: 1 },
  options: {
    config: SHARED.config,
    specs: SHARED.specs,
    strict: SHARED.strict,
    json: {
      ...SHARED.json,
      help: 'print the fact, its digest and pin, its trace and every citation as JSON',
    },
    results: SHARED.results,
  },
  about: `Prints one fact: its address and place, status, digest (and the pin to cite),
text, the evidence it needs, its trace state, and every citation of it with
file:line:col and the enclosing symbol (or test title).

REF is DOC#ID, a bare ID unique across the loaded specs, or spec://…/DOC#ID.
A rule id (\`factline explain stale-citation\`) that names no fact prints the rule:
its default severity, what it catches and why, the fix, what \`check --changed\`
judges of it, and its options.`,
  epilog: 'Exit codes: 0 shown · 2 unknown or ambiguous REF (with did-you-mean), usage or config error.',
});

// @implements trace#GATE-EXPLAIN
const command: Command = {
  name: 'explain',
  summary: 'one fact: text, status, every citation (or one rule)',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(SPEC, argv);
    const project = Project.open(io, values.config, values.specs);
    const rule = ruleUnit(positionals[0]!);
    // A fact of the same id wins: a kebab-case service unit may share a rule's name.
    const addressing = addressingOf(project.config);
    if (rule !== undefined && !namesFact((await project.specs()).set, positionals[0]!, addressing)) {
      io.stdout.write(
        values.json ? `${JSON.stringify(ruleExplainJson(rule), null, 2)}\n` : renderRuleExplain(rule),
      );
      return EXIT.clean;
    }
    const { result, specs } = await project.check({
      strict: values.strict || project.config.strict,
      cache: true,
      ...(values.results ? { results: resultsFromArguments(io.cwd, project.root, values.results) } : {}),
    });
    const fact = withRuleHint(positionals[0]!, () => resolveArgument(specs.set, positionals[0]!, addressing));
    // @implements cli#EXPLAIN-HEADING-EVIDENCE
    const trace = [...result.facts, ...(result.headings ?? [])].find((f) => f.address === fact.address);
    const citations = result.citations.filter((c) => c.resolved === fact.address);
    io.stdout.write(
      values.json
        ? `${JSON.stringify(explainJson(fact, trace, citations, result.links), null, 2)}\n`
        : renderExplain(fact, trace, citations, result.links),
    );
    return EXIT.clean;
  },
};

/** The reference's fact; when it names none but is near a rule id, the error says which rule. */
function withRuleHint<T>(text: string, resolve: () => T): T {
  try {
    return resolve();
  } catch (error) {
    const rule = nearRule(text);
    if (!(error instanceof UsageError) || rule === undefined) throw error;
    throw new UsageError(`${error.message}; or, for the rule, \`factline explain ${rule}\``);
  }
}

/** Whether `text` resolves to a fact of the loaded specs. */
function namesFact(
  set: Parameters<typeof resolveArgument>[0],
  text: string,
  addressing: Parameters<typeof resolveArgument>[2],
): boolean {
  try {
    resolveArgument(set, text, addressing);
    return true;
  } catch {
    return false;
  }
}

export default command;
