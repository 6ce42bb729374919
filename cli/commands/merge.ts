/**
 * `factline merge SHARD.json…`: the shards of a monorepo (`check --json
 * --shard PATH`, one per package, run and cached by a build engine) judged as
 * one run: the console report or JSON, SARIF, JUnit, the summary, the HTML
 * report and the matrix, and the exit code one `check` over the tree gives.
 */
import {
  jsonPieces,
  loadConfig,
  MATRIX_FORMATS,
  type MatrixFormat,
  REPORTERS,
  renderMatrix,
  rooms,
  writeCheckSummary,
  writeOutputFile,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT_OF_VERDICT, wantsColor } from '../io.ts';

const SPEC = defineCommand({
  name: 'merge',
  positionals: { usage: 'SHARD.json…', min: 1 },
  options: {
    json: { ...SHARED.json, help: 'print the merged trace result as JSON, as `check --json` prints it' },
    sarif: { type: 'string', value: 'FILE', help: 'also write SARIF 2.1.0' },
    junit: {
      type: 'string',
      value: 'FILE',
      help: 'also write JUnit XML, one test case per fact that needs evidence',
    },
    summary: {
      type: 'string',
      value: 'FILE',
      help: 'also write the Markdown summary (appended to when FILE exists)',
      empty: 'no summary',
    },
    html: {
      type: 'string',
      value: 'FILE',
      help: 'also write the HTML coverage report (reads the citing code from the checkout)',
    },
    matrix: {
      type: 'string',
      value: 'FILE',
      help: 'also write the traceability matrix: CSV for a .csv FILE, JSON for .json, else Markdown',
    },
    config: {
      ...SHARED.config,
      help: 'the config whose folder the summary links and the HTML report read code from',
    },
    quiet: { ...SHARED.quiet, help: 'no per-spec count lines: only the gaps, the findings and the verdict' },
  },
  about: `Judges the shards of a monorepo as one run: every package's specs, citations
and test results, joined as one \`factline check\` over the whole tree joins them
(a citation into another package's spec counts for that spec's fact). Reads only
the shard files: an engine may run and cache the shards anywhere.`,
  epilog: `Shards must come from one factline version and one config, and must not overlap
(no package folder inside another). Generated-code drift and stale spec excludes
read the whole tree: run \`factline gen --check\` for them.
Exit codes: 0 clean · 1 error findings · 2 usage, or shards that do not fit together.`,
});

function matrixFormat(file: string): MatrixFormat {
  const ext = file.toLowerCase().split('.').at(-1) ?? '';
  return (MATRIX_FORMATS as readonly string[]).includes(ext) && ext !== 'md' ? (ext as MatrixFormat) : 'md';
}

// @implements monorepo#MERGE-WRITES-EVERY-REPORT
const command: Command = {
  name: 'merge',
  summary: 'judge the shards of a monorepo as one run',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const parsed = parseCommandArgs(SPEC, argv);
    const args = parsed.values;
    const { runMerge } = await rooms.merge();
    const outcome = runMerge(io, parsed.positionals);
    const { result } = outcome;
    if (args.sarif) writeOutputFile(io.cwd, args.sarif, REPORTERS.sarif(result));
    if (args.junit) writeOutputFile(io.cwd, args.junit, REPORTERS.junit(result));
    if (args.matrix) writeOutputFile(io.cwd, args.matrix, renderMatrix(result, matrixFormat(args.matrix)));
    if (args.summary || args.html) {
      const config = loadConfig(io.cwd, args.config);
      if (args.summary) writeCheckSummary(io, args.summary, config, outcome);
      if (args.html) {
        const { renderReport, collectReportInputs } = await rooms.report();
        const inputs = await collectReportInputs(io, config, result, outcome.specs);
        writeOutputFile(io.cwd, args.html, await renderReport(result, inputs));
      }
    }
    if (args.json) for (const piece of jsonPieces(result)) io.stdout.write(piece);
    else {
      const documents = args.quiet ? 'none' : 'fold';
      io.stdout.write(REPORTERS.console(result, { color: wantsColor(io), documents }));
    }
    return EXIT_OF_VERDICT[outcome.verdict];
  },
};
export default command;
