/**
 * `factline check`: the traceability gate. Parses flags over the config,
 * runs the gate, prints the console (or JSON) report, writes SARIF / JUnit /
 * HTML files atomically, and turns the result into the exit code.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { applyBaseline, parseBaseline } from '../../checks/baseline.ts';
import type { TraceResult } from '../../checks/model.ts';
import { REPORTERS } from '../../checks/reporters/index.ts';
import { writeFileAtomic } from '../../generator/write.ts';
import { type FactlineConfig, loadConfig } from '../config.ts';
import { exitCodeOf } from '../exit-code.ts';
import { type CliIO, type Command, UsageError } from '../io.ts';
import { runGate } from '../run-gate.ts';

const USAGE = `usage: factline check [--json] [--sarif FILE] [--junit FILE] [--html FILE] [--strict]
                      [--config FILE] [--specs PATH|GLOB…] [--sources GLOB…] [--tests GLOB…]
                      [--ignore GLOB…] [--specs-root DIR] [--no-cache] [--baseline FILE]

The traceability gate: joins the specs' facts with the @implements / @verifies /
@deviates citations in the source and test files and reports every gap.

  --json          print the trace result as JSON (deterministic) instead of the report
  --sarif FILE    also write SARIF 2.1.0 (code-scanning annotations)
  --junit FILE    also write JUnit XML, one test case per fact that needs evidence
  --html FILE     also write the HTML coverage report
  --strict        service units (kebab-case ids) need evidence like normative facts
  --config FILE   use this config instead of ./factline.config.json (or vibevm's specmap.toml)
  --baseline FILE fail only on findings not in FILE (written by \`factline baseline\`);
                  a baselined finding that is gone is reported as baseline-gone
  --specs …       spec files or directories (or globs) instead of the config's
  --sources …     source globs (where @implements belongs) instead of the config's
  --tests …       test globs (where @verifies belongs) instead of the config's
  --ignore …      globs never read, instead of the config's; node_modules/, .git/,
                  dist/, build/ and .factline-cache/ are never read whatever it says
  --specs-root D  directory document names are relative to
  --no-cache      bypass both content-hash caches in .factline-cache/: every file is
                  scanned and every spec parsed afresh (neither cache is read or written)

With GITHUB_ACTIONS=true, findings also print as ::error workflow commands.
Exit codes: 0 clean · 1 error findings · 2 usage, config, or unreadable input.
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
  specsRoot?: string;
  baseline?: string;
}

const LIST_FLAGS = {
  '--specs': 'specs',
  '--sources': 'sources',
  '--tests': 'tests',
  '--ignore': 'ignore',
} as const;
const FILE_FLAGS = {
  '--sarif': 'sarif',
  '--junit': 'junit',
  '--html': 'html',
  '--config': 'config',
  '--specs-root': 'specsRoot',
  '--baseline': 'baseline',
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

function withBaseline(io: CliIO, result: TraceResult, file: string): TraceResult {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(resolve(io.cwd, file), 'utf8'));
  } catch (error) {
    throw new UsageError(
      `cannot read baseline ${file}: ${(error as Error).message} (write one with \`factline baseline --out ${file}\`)`,
    );
  }
  const baseline = parseBaseline(raw);
  if (typeof baseline === 'string') throw new UsageError(`${file}: ${baseline}`);
  return applyBaseline(result, baseline, file);
}

// @implements factline#GATE-EXIT-CODES
const command: Command = {
  name: 'check',
  summary: 'the traceability gate',
  usage: USAGE,
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseCheckArgs(argv);
    const { config, specPaths } = applyFlags(loadConfig(io.cwd, args.config), args);
    const gate = await runGate(io, config, {
      strict: config.strict,
      specs: specPaths,
      cache: args.cache,
    });
    const { specs } = gate;
    const result = args.baseline ? withBaseline(io, gate.result, args.baseline) : gate.result;
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
