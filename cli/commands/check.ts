/**
 * `factline check`: the traceability gate. Parses flags over the config,
 * runs the gate, prints the console (or JSON) report, writes SARIF / JUnit /
 * HTML files atomically, and turns the result into the exit code.
 */
import { join, resolve } from 'node:path';
import {
  type BaseDelta,
  type CheckOutcome,
  escapeControls,
  type FactlineConfig,
  inputGlobs,
  jsonPieces,
  loadConfig,
  NOT_JUDGED_IN_PART,
  partialScope,
  REPORTERS,
  RULE_IDS,
  refuseOverwritingInputs,
  renderBaseConsole,
  resultsFromArguments,
  rooms,
  ruleListText,
  ruleSettingsLine,
  runCheck,
  runInputs,
  startResultRecording,
  type TraceResult,
  UsageError,
  verdictOf,
  watchCheck,
  writeCheckSummary,
  writeOutputFile,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED, type Values, wrap } from '../args.ts';
import { type CliIO, type Command, EXIT_OF_VERDICT, wantsColor } from '../io.ts';

const SPEC = defineCommand({
  name: 'check',
  options: {
    json: { ...SHARED.json, help: 'print the trace result as JSON (deterministic) instead of the report' },
    sarif: { type: 'string', value: 'FILE', help: 'also write SARIF 2.1.0 (code-scanning annotations)' },
    junit: {
      type: 'string',
      value: 'FILE',
      help: 'also write JUnit XML, one test case per fact that needs evidence',
    },
    html: { type: 'string', value: 'FILE', help: 'also write the HTML coverage report' },
    strict: SHARED.strict,
    config: {
      ...SHARED.config,
      help: "use this config instead of ./factline.config.json (or vibevm's specmap.toml)",
    },
    specs: { ...SHARED.specs, value: 'PATH|GLOB…' },
    sources: {
      type: 'list',
      value: 'GLOB…',
      help: 'source globs (where @implements belongs) instead of the config’s',
    },
    tests: {
      type: 'list',
      value: 'GLOB…',
      help: 'test globs (where @verifies belongs) instead of the config’s',
    },
    ignore: {
      type: 'list',
      value: 'GLOB…',
      help: 'globs never read, instead of the config’s; node_modules/, .git/, dist/, build/ and .factline-cache/ are never read whatever it says',
    },
    'specs-root': { type: 'string', value: 'DIR', help: 'directory document names are relative to' },
    results: {
      type: 'list',
      value: 'FILE…',
      help: 'test results files (vitest/Jest JSON, or JUnit XML from any runner): a @verifies counts only when its test passed; a failed test is verification-failed, a skipped/todo one verification-skipped',
    },
    baseline: {
      type: 'string',
      value: 'FILE',
      help: 'fail only on findings not in FILE (written by `factline baseline`); a baselined finding that is gone is reported as baseline-gone',
    },
    changed: {
      type: 'string',
      value: 'REF',
      bare: 'HEAD',
      help: 'a partial run for pre-commit hooks: scan only the files changed since the git ref REF (the working tree, untracked files included) and the files citing facts whose text changed since REF; judges their citations only (see below)',
    },
    staged: {
      type: 'boolean',
      help: 'judge the git index, as the next commit will carry it, not the working tree: the whole gate runs on a snapshot of the index (for pre-commit hooks; results, baseline and report paths stay yours)',
    },
    base: {
      type: 'string',
      value: 'REF',
      help: 'a pull request’s view: also run the gate on the git commit REF (in a temporary worktree, or from your per-user cache when that commit was judged before) and report the findings new and fixed since it and the change in counts; exit 1 only for an error new since REF',
    },
    'base-results': {
      type: 'list',
      value: 'FILE…',
      help: "with --base: the test results of REF (its own CI run, e.g. main's results kept as an artifact), so an outcome finding that REF had too (a test already failing there) is not new, and one REF did not have (a test this change breaks) is; without it an outcome finding of the working tree is reported as unknown on REF and does not fail the run",
    },
    summary: {
      type: 'string',
      value: 'FILE',
      help: 'also write Markdown (verdict, counts, with --base the delta and the new and fixed findings linked to file:line) for $GITHUB_STEP_SUMMARY or a PR comment; appended to when FILE exists; an empty FILE (the variable unset, outside Actions) writes nothing and says so',
      empty: 'no summary',
    },
    watch: {
      type: 'boolean',
      help: 'run again whenever a spec, source, test, results file or the config changes, printing only the findings that came and went and the verdict (Ctrl-C stops)',
    },
    verbose: {
      type: 'boolean',
      help: 'say on stderr which config file was found (or that the defaults apply), and list every spec’s counts even past 20 specs',
    },
    quiet: {
      ...SHARED.quiet,
      help: 'no per-spec count lines: only the gaps, the findings and the verdict',
    },
    shard: {
      type: 'string',
      value: 'PATH',
      help: 'one package of a monorepo, for a build engine to cache: with --json, print what the gate reads under PATH (its specs parsed, its files’ citations, its results) and its own view, for `factline merge`; exits 0 whatever the findings (the merge gives the verdict)',
    },
    out: {
      ...SHARED.out,
      help: 'with --shard --json: write the shard to FILE (atomically, its folder made) instead of stdout',
    },
    inputs: {
      type: 'boolean',
      help: 'with --shard: list the files the shard reads, root-relative, one a line (the config, its specs, sources, tests and results, and the specs of other packages its citations name), for an engine’s task inputs; with --json as an object',
    },
    'no-cache': {
      type: 'boolean',
      help: 'read and write no cache: every file is scanned, every spec parsed and, with --base, the base judged afresh (caches live in a per-user folder, $XDG_CACHE_HOME/factline or ~/.cache/factline, never in the checkout)',
    },
  },
  conflicts: [
    [
      'changed',
      'junit',
      'JUnit has one test case per fact, and a partial run judges no fact; run the full check for it',
    ],
    ['changed', 'html', 'the coverage report needs every fact judged; run the full check for it'],
    ['changed', 'base', 'both compare with a git ref; --base runs the full gate on both sides'],
    ['baseline', 'base', 'each decides which findings are old; use one of them'],
    ['watch', 'changed', 'a watch runs the full gate on every change'],
    ['watch', 'base', 'the base comparison is a one-off for a pull request'],
    ['watch', 'json', 'a watch prints changes for a person; run `check --json` once for tools'],
    ['watch', 'staged', 'a watch follows the working tree; --staged judges one snapshot of the index'],
    [
      'staged',
      'base',
      'the base comparison judges the working tree; run `check --base REF` without --staged',
    ],
    ['quiet', 'verbose', 'one asks for fewer lines, the other for more'],
    ...(['changed', 'base', 'baseline', 'watch', 'staged'] as const).map(
      (other) =>
        ['shard', other, 'a shard carries the whole judgement of its package for `factline merge`'] as [
          'shard',
          typeof other,
          string,
        ],
    ),
    ...(['sarif', 'junit', 'html', 'summary'] as const).map(
      (report) =>
        ['shard', report, `\`factline merge --${report} FILE\` writes the report of all shards`] as [
          'shard',
          typeof report,
          string,
        ],
    ),
  ],
  about: `The traceability gate: joins the specs' facts with the @implements / @verifies /
@deviates citations in the source and test files and reports every gap.`,
  epilog: `A citation counts only inside a comment, by the language's own rules: in TS/JS
tokens read as TypeScript's scanner reads them, and TypeScript's parser where
they are ambiguous (a regular expression after \`}\`, JSX text); heredoc bodies in shell and Ruby and
block or quoted scalars in YAML are text, never comments.

Specs, sources and tests are found by glob under one policy: a symbolic link is
followed when its target lies inside the project root, each real file is read
once (under its own path when that is found too), and a link out of the root is
never followed.

${changedHelp()}

With GITHUB_ACTIONS=true, findings also print as ::error workflow commands.
Exit codes: 0 clean · 1 error findings · 2 usage, config, or unreadable input.

Rules (id, default severity, what it catches; \`factline explain RULE\` tells more):
${ruleListText()}`,
});

export type CheckArgs = Values<typeof SPEC.options>;

/** The epilog's paragraph on `--changed`, its rule lists read from checks/partial.ts. */
function changedHelp(): string {
  const judged = RULE_IDS.filter((id) => partialScope(id) === 'citation').join(', ');
  return wrap(
    `--changed [REF] (default HEAD) judges what a partial run can: the citation findings (${judged}) in the files it scans, and the spec diagnostics of the spec files changed since REF, exactly as a full run reports them there. Whether a fact has its implementation and test needs every file, so these are not judged and left to the full \`factline check\`: ${NOT_JUDGED_IN_PART.join(', ')}. The exit code comes from the judged findings. When the config file changed since REF, HEAD has no commit yet, a spec lies outside the root, or a nested git repository lies under it, the full gate runs. With results, every test file whose tests failed or did not run is judged too. --staged judges the git index instead of the working tree (the whole gate, on a snapshot of the index). Outside a git work tree, or with a REF git cannot resolve: exit 2.`,
    80,
  ).join('\n');
}

const GLOB_MAGIC = /[*?[\]{}!]/;

/** The config with every flag applied; `specs` paths go to the loader, globs into the config. */
export function applyFlags(
  config: FactlineConfig,
  args: CheckArgs,
  cwd = config.root,
): { config: FactlineConfig; specPaths: string[] } {
  const out: FactlineConfig = { ...config, generate: { ...config.generate } };
  if (args.sources) out.sources = args.sources;
  if (args.tests) out.tests = args.tests;
  if (args.ignore) out.ignore = args.ignore;
  if (args.results) out.results = resultsFromArguments(cwd, config.root, args.results);
  if (args['specs-root']) out.specsRoot = args['specs-root'];
  if (args.strict) out.strict = true;
  let specPaths: string[] = [];
  if (args.specs) {
    const globs = args.specs.filter((s) => GLOB_MAGIC.test(s));
    specPaths = args.specs.filter((s) => !GLOB_MAGIC.test(s));
    if (globs.length > 0) out.specs = globs;
  }
  return { config: out, specPaths };
}

/**
 * Writes the pieces in writes of a few dozen KB; waits while the reader is
 * behind, so memory stays flat. Writes stay below V8's large-object size
 * too: larger ones left large objects for full collections to free, each
 * marking the whole result (specs/speed-warm.md).
 */
// @implements cli#JSON-SMALL-PIECES
async function writePieces(stream: NodeJS.WritableStream, parts: Iterable<string>[]): Promise<void> {
  let pending = '';
  for (const part of parts) {
    for (const piece of part) {
      if (pending.length + piece.length <= WRITE_SIZE) {
        pending += piece;
        continue;
      }
      // What is pending goes first, so a write is a piece or up to WRITE_SIZE of smaller ones.
      const more = pending === '' || stream.write(pending);
      pending = piece;
      if (!more) await drained(stream);
      if ((stream as { destroyed?: boolean }).destroyed) return; // the reader went away (`| head`)
    }
  }
  if (pending !== '') stream.write(pending);
}

const WRITE_SIZE = 1 << 16;

/** Resolves when the stream can take more, or can take nothing any more (closed, failed). */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((done) => {
    const settle = () => {
      for (const event of ['drain', 'close', 'error']) stream.off(event, settle);
      done();
    };
    for (const event of ['drain', 'close', 'error']) stream.once(event, settle);
  });
}

/** The console's first line on a `--changed` run: what it covered and what it left to the full gate. */
function changeNote({ change, covered }: NonNullable<CheckOutcome['change']>): string {
  if (covered === undefined)
    return `--changed ${change.ref}: ${change.fullRunBecause}, so the full gate runs\n`;
  const pulled = covered.files.length - covered.changed.length;
  const parts = [
    `${covered.files.length} file(s) scanned (${covered.changed.length} changed, ${pulled} citing ${covered.changedUnits.length} changed unit(s))`,
    ...(covered.specFiles.length > 0 ? [`${covered.specFiles.length} spec file(s) changed`] : []),
    ...(change.deleted.length > 0 ? [`${change.deleted.length} deleted`] : []),
  ];
  return `partial run, --changed ${change.ref}: ${parts.join(', ')}; fact-level gaps (${NOT_JUDGED_IN_PART.slice(0, 3).join(', ')}, …) are not judged, the full \`factline check\` judges them\n`;
}

/** `--base`: the findings set against the base's, as JSON or for the console. */
function printBase(io: CliIO, delta: BaseDelta, json: boolean, result: TraceResult): void {
  if (json) {
    io.stdout.write(`${JSON.stringify({ ...delta, ruleSettings: result.ruleSettings ?? [] }, null, 2)}\n`);
    return;
  }
  const rules = result.ruleSettings ? `${ruleSettingsLine(result.ruleSettings)}\n` : '';
  io.stdout.write(rules + renderBaseConsole(delta));
}

/** The whole gate over a snapshot of the index; the outside files keep the user's paths. */
async function onStagedTree(argv: string[], io: CliIO, self: Command): Promise<number> {
  const args = parseCommandArgs(SPEC, argv).values;
  const config = loadConfig(io.cwd, args.config);
  // git (child_process) loads only for a staged run.
  const { stagedArgv, stagedTree } = await rooms.staged();
  const tree = await stagedTree(io.cwd, (cwd) => applyFlags(loadConfig(cwd, args.config), args, cwd));
  try {
    const results = config.results.map((r) => resolve(config.root, r));
    if (!argv.includes('--json'))
      io.stdout.write('--staged: the gate runs on the git index, as the next commit carries it\n');
    return await self.run(stagedArgv(argv, io.cwd, results), { ...io, cwd: tree.cwd });
  } finally {
    tree.remove();
  }
}

/**
 * `--shard PATH`: the package's carry as JSON for `factline merge`, or
 * (`--inputs`) the files it read. A shard's findings never fail it: an engine
 * caches only tasks that pass, and the verdict is the merge's.
 */
// @implements monorepo#SHARD-EXITS-ZERO-ON-FINDINGS
// @implements monorepo#SHARD-INPUTS-LISTED
async function shardCommand(io: CliIO, config: FactlineConfig, args: CheckArgs): Promise<number> {
  if (!args.json && !args.inputs)
    throw new UsageError(
      '--shard writes JSON for `factline merge`: add --json (e.g. `factline check --json --shard packages/NAME > shard.json`), or --inputs to list what it reads',
    );
  const { runShard } = await rooms.shard();
  const shard = await runShard(io, {
    config,
    path: args.shard as string,
    onScanWarning: (file, message) =>
      io.stderr.write(`factline check: warning: ${escapeControls(`${file}: ${message}`)}\n`),
  });
  if (args.inputs) {
    const files = [
      ...(shard.config !== undefined ? [shard.config] : []),
      ...shard.inputs.specs,
      ...shard.inputs.files,
      ...shard.inputs.results,
      ...shard.inputs.cited,
    ];
    io.stdout.write(
      args.json
        ? `${JSON.stringify({ shard: shard.shard, factline: shard.factline, ...(shard.config !== undefined ? { config: shard.config } : {}), ...shard.inputs }, null, 2)}\n`
        : files.map((f) => `${f}\n`).join(''),
    );
    return 0;
  }
  if (args.out !== undefined) writeOutputFile(io.cwd, args.out, `${JSON.stringify(shard)}\n`);
  else io.stdout.write(`${JSON.stringify(shard)}\n`);
  return verdictOf(shard.result) === 'unreadable' ? EXIT_OF_VERDICT.unreadable : 0;
}

/** `--verbose`: the config the run found, so a run from a subfolder says whose project it judged. */
// @implements engine#CONFIG-FOUND-UPWARD
function configNote(config: FactlineConfig): string {
  return config.file === undefined
    ? `factline: no config file found; the defaults apply in ${config.root}`
    : `factline: config ${join(config.root, config.file)}`;
}

// @implements trace#GATE-EXIT-CODES
const command: Command = {
  name: 'check',
  summary: 'the traceability gate',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    // A plain run's whole result is stored for the next one to print (engine/cache/result-hit.ts),
    // with every input it looked at recorded as it runs.
    const recording = startResultRecording(['check', ...argv], io);
    if (recording === undefined) return runCheckCommand(argv, io);
    try {
      let root: string | undefined;
      const code = await runCheckCommand(argv, { ...io, env: recording.env }, (config) => {
        root = config.root;
      });
      if (root !== undefined) recording.finish(code, root);
      return code;
    } finally {
      recording.stop();
    }
  },
};

async function runCheckCommand(
  argv: string[],
  io: CliIO,
  configured: (config: FactlineConfig) => void = () => {},
): Promise<number> {
  const args = parseCommandArgs(SPEC, argv).values;
  if (args.staged) return onStagedTree(argv, io, command);
  // @implements cli#EMPTY-SUMMARY-IS-A-NOTE
  if (args.summary === '')
    io.stderr.write(
      'factline check: --summary is empty (GITHUB_STEP_SUMMARY is set only in GitHub Actions): no summary written\n',
    );
  const { config, specPaths } = applyFlags(loadConfig(io.cwd, args.config), args, io.cwd);
  configured(config);
  if (args.out !== undefined && (args.shard === undefined || !args.json || args.inputs))
    throw new UsageError('--out writes a shard file: use it with `--json --shard PATH` (without --inputs)');
  if (args.inputs && args.shard === undefined)
    throw new UsageError('--inputs lists what a shard reads; add `--shard PATH`');
  if (args.shard !== undefined) return shardCommand(io, config, args);
  refuseOverwritingInputs(
    io.cwd,
    [
      ...(args.sarif ? [{ role: '--sarif', path: args.sarif }] : []),
      ...(args.junit ? [{ role: '--junit', path: args.junit }] : []),
      ...(args.html ? [{ role: '--html', path: args.html }] : []),
    ],
    [
      ...runInputs(config),
      ...specPaths.map((path) => ({ role: 'spec', path: resolve(config.root, path) })),
      ...(args.baseline ? [{ role: 'baseline', path: args.baseline }] : []),
    ],
    inputGlobs(config),
  );
  if (args.verbose) io.stderr.write(`${configNote(config)}\n`);
  const onScanWarning = (file: string, message: string) =>
    io.stderr.write(`factline check: warning: ${escapeControls(`${file}: ${message}`)}\n`);
  if (args.watch) {
    const again = () => {
      const flagged = applyFlags(loadConfig(io.cwd, args.config), args, io.cwd);
      return {
        config: flagged.config,
        specPaths: flagged.specPaths,
        cache: !args['no-cache'],
        onScanWarning,
      };
    };
    const last = await watchCheck(io, again, wantsColor(io));
    return last === undefined ? 0 : EXIT_OF_VERDICT[last];
  }
  if (args['base-results'] && !args.base)
    throw new UsageError(
      '--base-results gives the base commit’s test results, and there is no --base; add `--base REF`, or drop --base-results',
    );
  const outcome = await runCheck(io, {
    config,
    specPaths,
    cache: !args['no-cache'],
    onScanWarning,
    ...(args.changed !== undefined ? { changed: args.changed } : {}),
    ...(args.baseline ? { baseline: args.baseline } : {}),
    ...(args.html ? { html: true } : {}),
    ...(args.base
      ? {
          base: {
            ref: args.base,
            configure: (c: FactlineConfig) => applyFlags(c, args).config,
            ...(args.config ? { configFile: args.config } : {}),
            ...(args['base-results'] ? { results: args['base-results'] } : {}),
          },
        }
      : {}),
  });
  const { result, delta } = outcome;
  if (outcome.change && !args.json) io.stdout.write(changeNote(outcome.change));
  if (args.sarif) writeOutputFile(io.cwd, args.sarif, REPORTERS.sarif(result));
  if (args.junit) writeOutputFile(io.cwd, args.junit, REPORTERS.junit(result));
  if (args.html && outcome.html !== undefined) writeOutputFile(io.cwd, args.html, outcome.html);
  if (args.summary) writeCheckSummary(io, args.summary, config, outcome);
  const annotations = io.env.GITHUB_ACTIONS === 'true' ? REPORTERS.github(result) : '';
  if (delta) {
    printBase(io, delta, args.json, result);
    if (!args.json) io.stdout.write(annotations);
  }
  // @implements cli#JSON-STREAMED
  else if (args.json) await writePieces(io.stdout, [jsonPieces(result), [annotations]]);
  // @implements cli#CONSOLE-ONE-WRITE
  else {
    const documents = args.quiet ? 'none' : args.verbose ? 'all' : 'fold';
    io.stdout.write(REPORTERS.console(result, { color: wantsColor(io), documents }) + annotations);
  }
  return EXIT_OF_VERDICT[outcome.verdict];
}
export default command;
