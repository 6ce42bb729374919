/** `factline init`: the starter files of a new project, never over a file that exists. */
import { UsageError } from '../../engine/errors.ts';
import { ensureIgnored } from '../../engine/init/gitignore.ts';
import { detectRunner, RUNNERS, type Runner, runnerSetup } from '../../engine/init/runners.ts';
import { ignoredOutputs, PRE_COMMIT_LINE, writeStarterFiles } from '../../engine/starter-files.ts';
import { defineCommand, helpText, parseCommandArgs } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'init',
  options: {
    runner: {
      type: 'string',
      value: 'RUNNER',
      help: 'the test runner to set up for: vitest, jest or node (default: vitest or jest when package.json depends on it, else node)',
    },
  },
  about: `Sets up factline in the working directory: factline.config.json (with
"$schema" for editors), a starter spec specs/example.md with two facts, a
sample source and test citing them, written for the project's test runner,
and a GitHub Actions workflow that runs the tests into a results file whose
entries name each test's file, then the gate with those results, SARIF,
JUnit and a job summary (on pull requests: only what is new since the base
branch fails). \`.gitignore\` gets the cache and those files. \`factline
check\` is green right after it. A file that exists is kept as it is and
named; init never overwrites.`,
  epilog: 'Exit codes: 0 done (files written or kept) · 2 a file could not be written, or an unknown runner.',
});

const command: Command = {
  name: 'init',
  summary: 'set up factline here: config, starter spec, sample citations, CI workflow',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseCommandArgs(SPEC, argv).values;
    if (args.runner !== undefined && !(RUNNERS as readonly string[]).includes(args.runner)) {
      throw new UsageError(`--runner ${args.runner} is not one of ${RUNNERS.join(', ')}`);
    }
    const { runner, why } =
      args.runner === undefined
        ? detectRunner(io.cwd)
        : { runner: args.runner as Runner, why: 'named with --runner' };
    io.stdout.write(`test runner: ${runner} (${why})\n`);
    for (const { path, done } of writeStarterFiles(io.cwd, runner)) {
      io.stdout.write(done === 'wrote' ? `wrote ${path}\n` : `kept ${path} (it exists; not overwritten)\n`);
    }
    const added = ensureIgnored(io.cwd, ignoredOutputs(runnerSetup(runner)));
    if (added.length > 0) io.stdout.write(`.gitignore: added ${added.join(', ')}\n`);
    io.stdout.write(
      [
        '',
        'next: npx factline check        (the gate; green on the starter files)',
        '      npx factline report       (the HTML coverage report)',
        `pre-commit hook: add the line \`${PRE_COMMIT_LINE}\` to .git/hooks/pre-commit (or your hook manager's config)`,
        '',
      ].join('\n'),
    );
    return EXIT.clean;
  },
};
export default command;
