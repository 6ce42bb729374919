/**
 * `factline scaffold`: for each due fact that no test verifies, a test stub
 * in the project's runner citing it, marked todo/skip, so the gate keeps the
 * fact red (verification-skipped with --results) until the test is written.
 * A stub file that exists is never overwritten.
 */
import {
  detectRunner,
  Project,
  SCAFFOLD_RUNNERS,
  type ScaffoldRunner,
  UsageError,
  unverifiedFacts,
  writeStubs,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'scaffold',
  options: {
    runner: {
      type: 'string',
      value: 'RUNNER',
      help: `the test runner to write stubs for: ${SCAFFOLD_RUNNERS.join(', ')} (default: from package.json, pyproject.toml or Cargo.toml)`,
    },
    config: SHARED.config,
    specs: SHARED.specs,
    strict: SHARED.strict,
  },
  about: `Writes a test stub for each due fact without a verifying citation: one file
per spec in the runner's own form, each stub citing its fact (@verifies) and
marked todo or skip. The runner reports the stubs as not run, so the gate run
with --results reports each fact as verification-skipped until its test is
written and passes. A file that exists is kept, never overwritten.`,
  epilog:
    'Exit codes: 0 done (stubs written, kept, or none needed) · 2 usage, config or a file that cannot be written.',
});

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const command: Command = {
  name: 'scaffold',
  summary: 'write todo test stubs citing each fact no test verifies',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values } = parseCommandArgs(SPEC, argv);
    if (values.runner !== undefined && !(SCAFFOLD_RUNNERS as readonly string[]).includes(values.runner)) {
      throw new UsageError(`--runner ${values.runner} is not one of ${SCAFFOLD_RUNNERS.join(', ')}`);
    }
    const project = Project.open(io, values.config, values.specs);
    const { result } = await project.check({ strict: values.strict || project.config.strict, cache: true });
    const runner = (values.runner as ScaffoldRunner | undefined) ?? detectRunner(project.config.root);
    const due = unverifiedFacts(result);
    if (due.length === 0) {
      io.stdout.write('scaffold: every due fact has a verifying citation; nothing to write\n');
      return EXIT.clean;
    }
    let written = 0;
    for (const outcome of writeStubs(project.config.root, due, runner)) {
      if (!outcome.written) {
        io.stdout.write(
          `kept ${outcome.path} (it exists; not overwritten): no stub for ${outcome.facts.join(', ')}\n`,
        );
        continue;
      }
      written += outcome.facts.length;
      io.stdout.write(`wrote ${outcome.path} (${plural(outcome.facts.length, 'stub')}, ${runner})\n`);
    }
    io.stdout.write(
      `scaffold: ${plural(written, 'stub')} written; run your tests with results and \`factline check --results FILE\`: each stays verification-skipped until its test is written\n`,
    );
    return EXIT.clean;
  },
};
export default command;
