/** `factline init`: the starter files of a new project, never over a file that exists. */
import {
  type Detected,
  detectRunners,
  ensureIgnored,
  ignoredOutputs,
  PRE_COMMIT_LINE,
  projectTraits,
  RUNNERS,
  type Runner,
  runnerSetup,
  UsageError,
  writeStarterFiles,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'init',
  options: {
    runner: {
      type: 'list',
      value: 'RUNNER…',
      help: `the test runners to set up for, one or several: ${RUNNERS.join(', ')} (default: every one the project's manifests name: package.json, pyproject.toml/setup.cfg/pytest.ini, Cargo.toml, go.mod, pom.xml, build.gradle(.kts)/settings.gradle(.kts); else node)`,
    },
  },
  about: `Sets up factline in the working directory: factline.config.json (with
"$schema" for editors), a starter spec specs/example.md with two facts, a
sample source and test citing them for each test runner the project uses
(a mixed repository gets one per runner, one config covering them all), and
a GitHub Actions workflow that runs each runner's tests into a results file
whose entries name each test's file (\`cargo test\` and \`go test\` through
\`factline results-from\`), then the gate with those results, SARIF, JUnit
and a job summary. On pull requests only what is new since the base branch
fails, judged against main's own test results, which the workflow keeps as
an artifact on every push to main. \`.gitignore\` gets the cache and those files. \`factline
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
    const wrong = args.runner?.find((r) => !(RUNNERS as readonly string[]).includes(r));
    if (wrong !== undefined) throw new UsageError(`--runner ${wrong} is not one of ${RUNNERS.join(', ')}`);
    const detected: Detected[] =
      args.runner === undefined
        ? detectRunners(io.cwd)
        : [...new Set(args.runner)].map((r) => ({ runner: r as Runner, why: 'named with --runner' }));
    for (const { runner, why } of detected) io.stdout.write(`test runner: ${runner} (${why})\n`);
    const runners = detected.map((d) => d.runner);
    for (const { path, done } of writeStarterFiles(io.cwd, runners)) {
      io.stdout.write(done === 'wrote' ? `wrote ${path}\n` : `kept ${path} (it exists; not overwritten)\n`);
    }
    const traits = projectTraits(io.cwd);
    const added = ensureIgnored(io.cwd, ignoredOutputs(runners.map((r) => runnerSetup(r, traits))));
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
