/**
 * `factline check`: the traceability gate. Parses flags over the config,
 * runs the gate, prints the console (or JSON) report, writes SARIF / JUnit /
 * HTML files atomically, and turns the result into the exit code.
 */
import { resolve } from 'node:path';
import { REPORTERS } from '../../checks/reporters/index.ts';
import { ruleListText } from '../../checks/rules.ts';
import { writeFileAtomic } from '../../generator/write.ts';
import { type FactlineConfig, loadConfig } from '../config.ts';
import { exitCodeOf } from '../exit-code.ts';
import { type CliIO, type Command, UsageError } from '../io.ts';
import { runGate } from '../run-gate.ts';

const USAGE = `usage: factline check [--json] [--sarif FILE] [--junit FILE] [--html FILE] [--strict]
                      [--config FILE] [--specs PATH|GLOB…] [--sources GLOB…] [--tests GLOB…]
                      [--ignore GLOB…] [--specs-root DIR] [--results FILE…] [--no-cache]

The traceability gate: joins the specs' facts with the @implements / @verifies /
@deviates citations in the source and test files and reports every gap.

  --json          print the trace result as JSON (deterministic) instead of the report
  --sarif FILE    also write SARIF 2.1.0 (code-scanning annotations)
  --junit FILE    also write JUnit XML, one test case per fact that needs evidence
  --html FILE     also write the HTML coverage report
  --strict        service units (kebab-case ids) need evidence like normative facts
  --config FILE   use this config instead of ./factline.config.json
  --specs …       spec files or directories (or globs) instead of the config's
  --sources …     source globs (where @implements belongs) instead of the config's
  --tests …       test globs (where @verifies belongs) instead of the config's
  --ignore …      globs never read, instead of the config's; node_modules/, .git/,
                  dist/, build/ and .factline-cache/ are never read whatever it says
  --specs-root D  directory document names are relative to
  --results …     test results files (vitest/Jest JSON, or JUnit XML from any runner):
                  a @verifies counts only when its test passed; a failed test is
                  verification-failed, a skipped/todo one verification-skipped
  --no-cache      bypass both content-hash caches in .factline-cache/: every file is
                  scanned and every spec parsed afresh (neither cache is read or written)

A citation counts only inside a comment, by the language's own rules: in TS/JS
the TypeScript scanner, and its parser where tokens are ambiguous (a regular
expression after \`)\` or \`}\`, JSX text); heredoc bodies in shell and Ruby and
block or quoted scalars in YAML are text, never comments.

Specs, sources and tests are found by glob under one policy: a symbolic link is
followed when its target lies inside the project root, each real file is read
once (under its own path when that is found too), and a link out of the root is
never followed.

With GITHUB_ACTIONS=true, findings also print as ::error workflow commands.
Exit codes: 0 clean · 1 error findings · 2 usage, config, or unreadable input.

Rules (id, default severity, what it catches):
${ruleListText()}
`;

interface CheckArgs {
  json: boolean;
  strict: boolean;
  cache: boolean;
  sarif?: string;
  junit?: string;
  html?: string;
  config?: string;
  specs?: string[];
  sources?: string[];
  tests?: string[];
  ignore?: string[];
  results?: string[];
  specsRoot?: string;
}

const LIST_FLAGS = {
  '--specs': 'specs',
  '--sources': 'sources',
  '--tests': 'tests',
  '--ignore': 'ignore',
  '--results': 'results',
} as const;
const FILE_FLAGS = {
  '--sarif': 'sarif',
  '--junit': 'junit',
  '--html': 'html',
  '--config': 'config',
  '--specs-root': 'specsRoot',
} as const;

export function parseCheckArgs(argv: string[]): CheckArgs {
  const args: CheckArgs = { json: false, strict: false, cache: true };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]!;
    const eq = raw.indexOf('=');
    const flag = raw.startsWith('--') && eq > 0 ? raw.slice(0, eq) : raw;
    const inline = raw.startsWith('--') && eq > 0 ? raw.slice(eq + 1) : undefined;
    if (flag === '--json') args.json = true;
    else if (flag === '--strict') args.strict = true;
    else if (flag === '--no-cache') args.cache = false;
    else if (flag in FILE_FLAGS) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
        throw new UsageError(`${flag} needs a value\n${USAGE}`);
      }
      args[FILE_FLAGS[flag as keyof typeof FILE_FLAGS]] = value;
    } else if (flag in LIST_FLAGS) {
      const values: string[] = inline !== undefined ? [inline] : [];
      while (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) values.push(argv[++i]!);
      if (values.length === 0) throw new UsageError(`${flag} needs at least one value\n${USAGE}`);
      const key = LIST_FLAGS[flag as keyof typeof LIST_FLAGS];
      args[key] = [...(args[key] ?? []), ...values];
    } else {
      throw new UsageError(`unknown argument \`${raw}\`\n${USAGE}`);
    }
  }
  return args;
}

const GLOB_MAGIC = /[*?[\]{}!]/;

/** The config with every flag applied; `specs` paths go to the loader, globs into the config. */
export function applyFlags(
  config: FactlineConfig,
  args: CheckArgs,
): { config: FactlineConfig; specPaths: string[] } {
  const out: FactlineConfig = { ...config, generate: { ...config.generate } };
  if (args.sources) out.sources = args.sources;
  if (args.tests) out.tests = args.tests;
  if (args.ignore) out.ignore = args.ignore;
  if (args.results) out.results = args.results;
  if (args.specsRoot) out.specsRoot = args.specsRoot;
  if (args.strict) out.strict = true;
  let specPaths: string[] = [];
  if (args.specs) {
    const globs = args.specs.filter((s) => GLOB_MAGIC.test(s));
    specPaths = args.specs.filter((s) => !GLOB_MAGIC.test(s));
    if (globs.length > 0) out.specs = globs;
  }
  return { config: out, specPaths };
}

export function wantsColor(io: CliIO): boolean {
  const noColor = io.env.NO_COLOR;
  return io.stdout.isTTY === true && (noColor === undefined || noColor === '') && io.env.TERM !== 'dumb';
}

function writeOutput(io: CliIO, path: string, text: string): void {
  const target = resolve(io.cwd, path);
  try {
    writeFileAtomic(target, text);
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${(error as Error).message}`);
  }
}

// @implements factline#GATE-EXIT-CODES
const command: Command = {
  name: 'check',
  summary: 'the traceability gate',
  usage: USAGE,
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseCheckArgs(argv);
    const { config, specPaths } = applyFlags(loadConfig(io.cwd, args.config), args);
    const { result, specs } = await runGate(io, config, {
      strict: config.strict,
      specs: specPaths,
      cache: args.cache,
    });
    if (args.sarif) writeOutput(io, args.sarif, REPORTERS.sarif(result));
    if (args.junit) writeOutput(io, args.junit, REPORTERS.junit(result));
    if (args.html) {
      const [{ renderHtmlReport }, { collectReportInputs }] = await Promise.all([
        import('../../checks/reporters/html.ts'),
        import('../report-inputs.ts'),
      ]);
      const inputs = await collectReportInputs(io, config, result, specs);
      writeOutput(io, args.html, renderHtmlReport(result, inputs));
    }
    if (args.json) io.stdout.write(REPORTERS.json(result));
    else io.stdout.write(REPORTERS.console(result, { color: wantsColor(io) }));
    if (io.env.GITHUB_ACTIONS === 'true') io.stdout.write(REPORTERS.github(result));
    return exitCodeOf(result);
  },
};
export default command;
