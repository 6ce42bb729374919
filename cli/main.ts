/**
 * The thin shell: picks a command, prints its help, maps errors to exit codes.
 * Commands load lazily so `factline facts` never pays for TypeScript or Handlebars.
 */
import {
  compileTypeScriptWithCodeCache,
  escapeControls,
  factlineVersion,
  nearestOne,
  UsageError,
} from '../engine/index.ts';
import { type CliIO, type Command, EXIT } from './io.ts';

// The gate's TypeScript compiler loads through the per-user V8 code cache.
compileTypeScriptWithCodeCache();

const COMMANDS: Record<string, { summary: string; load: () => Promise<{ default: Command }> }> = {
  init: {
    summary: 'set up factline here: config, starter spec, CI workflow',
    load: () => import('./commands/init.ts'),
  },
  facts: { summary: 'list facts and spec diagnostics', load: () => import('./commands/facts.ts') },
  lint: { summary: 'check spec markup', load: () => import('./commands/lint.ts') },
  gen: {
    summary: 'regenerate generated/ from the spec (--check: drift gate)',
    load: () => import('./commands/gen.ts'),
  },
  check: { summary: 'the traceability gate', load: () => import('./commands/check.ts') },
  baseline: {
    summary: "write today's findings to a baseline file (check --baseline ratchets)",
    load: () => import('./commands/baseline.ts'),
  },
  merge: {
    summary: 'judge the shards of a monorepo as one run',
    load: () => import('./commands/merge.ts'),
  },
  report: { summary: 'write the HTML coverage report', load: () => import('./commands/report.ts') },
  matrix: {
    summary: 'the fact × code × test × outcome table (csv, md, json)',
    load: () => import('./commands/matrix.ts'),
  },
  export: {
    summary: 'the specs as ReqIF 1.2 or sphinx-needs needs.json',
    load: () => import('./commands/export.ts'),
  },
  import: {
    summary: 'ReqIF (.reqif, .reqifz) or needs.json as Markdown specs, one fact per object',
    load: () => import('./commands/import.ts'),
  },
  explain: {
    summary: 'one fact: text, status, every citation (or one rule)',
    load: () => import('./commands/explain.ts'),
  },
  impact: {
    summary: 'what is downstream of a fact: facts, code, tests',
    load: () => import('./commands/impact.ts'),
  },
  at: { summary: 'which facts a line serves (FILE:LINE)', load: () => import('./commands/at.ts') },
  pin: { summary: 're-pin stale citations after review', load: () => import('./commands/pin.ts') },
  serve: {
    summary: "MCP server exposing factline's own tools, on stdio or (--http PORT) Streamable HTTP",
    load: () => import('./commands/serve.ts'),
  },
  lsp: {
    summary: 'Language Server Protocol server on stdio (editor integration)',
    load: () => import('./commands/lsp.ts'),
  },
  scaffold: {
    summary: 'write todo test stubs citing each fact no test verifies',
    load: () => import('./commands/scaffold.ts'),
  },
  'results-from': {
    summary: 'JUnit XML naming each test file, from cargo test or go test -json output',
    load: () => import('./commands/results-from.ts'),
  },
  conform: {
    summary: 'run conformance vectors against a server',
    load: () => import('./commands/conform.ts'),
  },
};

export function topLevelHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return [
    'factline — spec-to-code traceability',
    '',
    'usage: factline <command> [options]',
    '       factline --version',
    '',
    'commands:',
    ...lines,
    '',
    'Run `factline <command> --help` for a command’s options.',
    'Exit codes: 0 clean · 1 findings or drift · 2 usage, config or unreadable input.',
    '',
  ].join('\n');
}

/** `--help` / `-h` anywhere before a `--`, which ends the options. */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

// @implements cli#CLI-VERSION
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  // `factline help check` is `factline check --help`.
  // @implements cli#HELP-COMMAND
  if (argv[0] === 'help' && argv[1] !== undefined) return runCli([argv[1], '--help'], io);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(topLevelHelp());
    return name === undefined ? EXIT.usage : EXIT.clean;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`factline ${factlineVersion()}\n`);
    return EXIT.clean;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    const near = nearestOne(name, Object.keys(COMMANDS));
    const mean = near ? `; did you mean \`${near}\`?` : '';
    io.stderr.write(`factline: unknown command \`${name}\`${mean}\n\n${topLevelHelp()}`);
    return EXIT.usage;
  }
  const command = (await entry.load()).default;
  if (asksForHelp(rest)) {
    io.stdout.write(command.usage.endsWith('\n') ? command.usage : `${command.usage}\n`);
    return EXIT.clean;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`factline ${name}: ${escapeControls(error.message, { lines: true })}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
