/** `factline init`: the starter files of a new project, never over a file that exists. */
import { PRE_COMMIT_LINE, writeStarterFiles } from '../../engine/starter-files.ts';
import { defineCommand, helpText, parseCommandArgs } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'init',
  options: {},
  about: `Sets up factline in the working directory: factline.config.json (with
"$schema" for editors), a starter spec specs/example.md with two facts, a
sample source and test citing them, and a GitHub Actions workflow that runs
the gate with test results, SARIF and JUnit. \`factline check\` is green right
after it. A file that exists is kept as it is and named; init never
overwrites.`,
  epilog: 'Exit codes: 0 done (files written or kept) · 2 a file could not be written.',
});

const command: Command = {
  name: 'init',
  summary: 'set up factline here: config, starter spec, sample citations, CI workflow',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    parseCommandArgs(SPEC, argv);
    for (const { path, done } of writeStarterFiles(io.cwd)) {
      io.stdout.write(done === 'wrote' ? `wrote ${path}\n` : `kept ${path} (it exists; not overwritten)\n`);
    }
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
