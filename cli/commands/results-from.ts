/**
 * `factline results-from cargo|go`: reads a runner's plain output (a file, or
 * stdin in a pipe), passes it through to stdout so the log still shows the
 * run, and writes JUnit XML whose every test names its file, for `check
 * --results`. Exits like the runner: 1 when a test failed or nothing built.
 */
import {
  convertRunnerOutput,
  RESULTS_FROM,
  type ResultsFrom,
  readRunnerOutput,
  UsageError,
  writeOutputFile,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'results-from',
  positionals: { usage: 'cargo|go [FILE]', min: 1, max: 2 },
  options: {
    out: {
      ...SHARED.out,
      help: 'where to write the JUnit XML (default: stdout, and the input is not passed through)',
    },
  },
  about: `Turns the output of a runner whose own report names no test file into
JUnit XML that \`check --results\` joins: \`cargo test\`'s console output
(libtest's \`test a::b ... ok\` lines; cargo's \`Running src/lib.rs\` lines say
which file each test binary was built from, and the module path leads to the
file of each test) or \`go test -json\` (the package leads to its folder, the
test function to its _test.go file). FILE is the saved output; without it the
output is read from stdin:

  cargo test --no-fail-fast 2>&1 | npx factline results-from cargo --out test-results-cargo.xml
  go test -json ./... | npx factline results-from go --out test-results-go.xml

With --out the input passes through to stdout, so the log still shows the
run. A test whose file cannot be found is left out and named on stderr (the
gate then reports its citation as unconfirmed), never guessed.`,
  epilog:
    'Exit codes: 0 every test passed or did not run · 1 a test failed, or nothing built · 2 usage, or an unreadable input.',
});

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** What `go test` would have printed without -json: each event's output, and the lines that are not events. */
function goLog(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      if (!line.startsWith('{')) return line === '' ? '' : `${line}\n`;
      try {
        const event = JSON.parse(line) as { Output?: unknown };
        return typeof event.Output === 'string' ? event.Output : '';
      } catch {
        return `${line}\n`;
      }
    })
    .join('');
}

const command: Command = {
  name: 'results-from',
  summary: 'JUnit XML naming each test file, from cargo test or go test -json output',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(SPEC, argv);
    const kind = positionals[0]!;
    if (!(RESULTS_FROM as readonly string[]).includes(kind))
      throw new UsageError(
        `results-from ${kind}: not one of ${RESULTS_FROM.join(', ')} (see \`factline results-from --help\`)`,
      );
    let text: string;
    if (positionals[1] !== undefined) text = readRunnerOutput(io.cwd, positionals[1]);
    else {
      if (io.stdin === undefined)
        throw new UsageError('results-from: no FILE and no stdin to read the output from');
      text = await readAll(io.stdin);
    }
    if (values.out !== undefined && positionals[1] === undefined)
      io.stdout.write(kind === 'go' ? goLog(text) : text);
    const converted = convertRunnerOutput(kind as ResultsFrom, io.cwd, text);
    if (values.out !== undefined) writeOutputFile(io.cwd, values.out, converted.xml);
    else io.stdout.write(converted.xml);
    for (const line of converted.unplaced) io.stderr.write(`factline results-from: left out ${line}\n`);
    const failed = converted.tests.filter((t) => t.status === 'failed').length;
    const passed = converted.tests.filter((t) => t.status === 'passed').length;
    io.stderr.write(
      `factline results-from ${kind}: ${converted.tests.length} test(s), ${passed} passed, ${failed} failed${values.out ? ` → ${values.out}` : ''}\n`,
    );
    if (converted.buildFailed)
      io.stderr.write(`factline results-from ${kind}: the code did not build, so its tests did not run\n`);
    return failed > 0 || converted.buildFailed ? EXIT.findings : EXIT.clean;
  },
};
export default command;
