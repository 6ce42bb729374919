/**
 * `factline report`: run the gate, gather spec sources and code snippets,
 * write the self-contained HTML page. A browse job, not a gate: it exits 0
 * whenever the page was written, whatever the findings (the page shows
 * them); 2 on bad input. `factline check --html F` is the gating variant.
 */

import {
  inputGlobs,
  Project,
  refuseOverwritingInputs,
  resultsFromArguments,
  rooms,
  runInputs,
  writeOutputFile,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

export const DEFAULT_REPORT_PATH = 'factline-report.html';

const SPEC = defineCommand({
  name: 'report',
  options: {
    out: { ...SHARED.out, default: DEFAULT_REPORT_PATH, help: 'where to write; written atomically' },
    config: SHARED.config,
    strict: SHARED.strict,
    quiet: SHARED.quiet,
    results: SHARED.results,
    'no-cache': {
      type: 'boolean',
      help: "read and write no cache: every file is scanned and every spec parsed (the caches are `check`'s, in a per-user folder; the page renders the specs itself)",
    },
  },
  about: `Writes one self-contained HTML coverage report (no network, no external
assets): per-document and per-section summary, every spec rendered with its
facts marked by state, the citing code of each fact, filters, search and a
deep link per fact (FILE#DOC:ID). The page carries, gzipped, the same JSON
as \`factline check --json\` (the page decodes it; a big tree stays light).

Prints only the path written on stdout; progress goes to stderr (a bar on a
terminal, plain lines otherwise).`,
  epilog: `Exit codes: 0 report written (findings do not fail it; use \`factline check\`
to gate) · 2 usage, config or unreadable input.`,
});

const STAGES = 4;

export interface Progress {
  stage(name: string): void;
  step(done: number, total: number): void;
  done(summary: string): void;
}

/**
 * Progress on stderr: a redrawn bar on a terminal, plain lines when piped
 * (CI logs), nothing with --quiet. stdout stays reserved for the path.
 */
// @implements report#REPORT-PROGRESS-ON-STDERR
export function createProgress(stderr: CliIO['stderr'], quiet: boolean): Progress {
  if (quiet) return { stage() {}, step() {}, done() {} };
  let index = -1;
  let name = '';
  if (!stderr.isTTY) {
    let lastQuarter = 0;
    return {
      stage(next) {
        index++;
        name = next;
        lastQuarter = 0;
        stderr.write(`factline report: [${index + 1}/${STAGES}] ${next}\n`);
      },
      step(done, total) {
        const quarter = Math.floor((4 * done) / total);
        if (total >= 100 && quarter > lastQuarter) {
          lastQuarter = quarter;
          stderr.write(`factline report:       ${name} ${done}/${total}\n`);
        }
      },
      done(summary) {
        stderr.write(`factline report: done: ${summary}\n`);
      },
    };
  }
  const width = 24;
  const draw = (fraction: number, detail: string) => {
    const filled = Math.round(width * Math.min(1, (index + fraction) / STAGES));
    stderr.write(`\r\x1b[2K[${'█'.repeat(filled)}${'·'.repeat(width - filled)}] ${name}${detail}`);
  };
  return {
    stage(next) {
      index++;
      name = next;
      draw(0, '');
    },
    step(done, total) {
      draw(done / total, ` ${done}/${total}`);
    },
    done(summary) {
      stderr.write(`\r\x1b[2Kfactline report: ${summary}\n`);
    },
  };
}

// @implements report#REPORT-CLI-PRINTS-ONLY-PATH
const command: Command = {
  name: 'report',
  summary: 'write the HTML coverage report',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseCommandArgs(SPEC, argv).values;
    const progress = createProgress(io.stderr, args.quiet);
    const project = Project.open(io, args.config);
    const { config } = project;
    refuseOverwritingInputs(
      io.cwd,
      [{ role: '--out', path: args.out }],
      runInputs(config),
      inputGlobs(config),
    );
    progress.stage('scanning sources and tests');
    // @implements report#REPORT-USES-GATE-CACHES
    const cache = !args['no-cache'];
    const { result, specs } = await project.check({
      cache,
      ...(args.strict ? { strict: true } : {}),
      ...(args.results ? { results: resultsFromArguments(io.cwd, config.root, args.results) } : {}),
    });
    progress.stage('reading cited code');
    const { collectReportInputs, renderReport } = await rooms.report();
    const inputs = await collectReportInputs(io, config, result, specs, {
      onProgress: (done, total) => progress.step(done, total),
    });
    progress.stage('rendering');
    const html = await renderReport(result, inputs);
    progress.stage('writing');
    const out = writeOutputFile(io.cwd, args.out, html);
    progress.done(
      `${result.summary.facts} facts, ${result.facts.filter((f) => f.state === 'verified').length} verified, ${(html.length / 1024).toFixed(0)} KiB`,
    );
    io.stdout.write(`${out}\n`);
    return EXIT.clean;
  },
};
export default command;
