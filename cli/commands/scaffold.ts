/**
 * `factline scaffold`: for each due fact that no test verifies, a test stub
 * in the project's runner citing it, marked todo/skip, so the gate keeps the
 * fact red (verification-skipped with --results) until the test is written.
 * A stub file that exists is never overwritten.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RUNNERS, type Runner, type StubFact, scaffoldStubs } from '../../generator/render/scaffold.ts';
import { summary } from '../../generator/render/values.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT, UsageError } from '../io.ts';
import { gateFor } from '../run-gate.ts';

const SPEC = defineCommand({
  name: 'scaffold',
  options: {
    runner: {
      type: 'string',
      value: 'RUNNER',
      help: `the test runner to write stubs for: ${RUNNERS.join(', ')} (default: from package.json, pyproject.toml or Cargo.toml)`,
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

/** The runner a project uses, read from its manifests. */
function detectRunner(root: string): Runner {
  const pkg = join(root, 'package.json');
  if (existsSync(pkg)) {
    const text = readFileSync(pkg, 'utf8');
    if (/"vitest"\s*:/.test(text)) return 'vitest';
    if (/"jest"\s*:/.test(text)) return 'jest';
  }
  if (existsSync(join(root, 'Cargo.toml'))) return 'cargo';
  if (['pyproject.toml', 'setup.py', 'setup.cfg', 'pytest.ini'].some((f) => existsSync(join(root, f))))
    return 'pytest';
  return 'node';
}

const command: Command = {
  name: 'scaffold',
  summary: 'write todo test stubs citing each fact no test verifies',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values } = parseCommandArgs(SPEC, argv);
    if (values.runner !== undefined && !(RUNNERS as readonly string[]).includes(values.runner)) {
      throw new UsageError(`--runner ${values.runner} is not one of ${RUNNERS.join(', ')}`);
    }
    const { config, result } = await gateFor(io, values);
    const runner = (values.runner as Runner | undefined) ?? detectRunner(config.root);
    const due: StubFact[] = result.facts
      .filter((f) => f.gaps.includes('missing-verification'))
      .map((f) => ({ address: f.address, doc: f.doc, id: f.id, file: f.file, summary: summary(f.text) }));
    if (due.length === 0) {
      io.stdout.write('scaffold: every due fact has a verifying citation; nothing to write\n');
      return EXIT.clean;
    }
    let written = 0;
    for (const stub of scaffoldStubs(due, runner)) {
      const path = join(config.root, stub.path);
      try {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, stub.text, { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new UsageError(`cannot write ${stub.path}: ${(error as Error).message}`);
        }
        io.stdout.write(
          `kept ${stub.path} (it exists; not overwritten): no stub for ${stub.facts.join(', ')}\n`,
        );
        continue;
      }
      written += stub.facts.length;
      io.stdout.write(
        `wrote ${stub.path} (${stub.facts.length} stub${stub.facts.length === 1 ? '' : 's'}, ${runner})\n`,
      );
    }
    io.stdout.write(
      `scaffold: ${written} stub${written === 1 ? '' : 's'} written; run your tests with results and \`factline check --results FILE\`: each stays verification-skipped until its test is written\n`,
    );
    return EXIT.clean;
  },
};
export default command;
