/**
 * `factline gen`: regenerates generated/ from the spec and the templates,
 * reports drift (--check), or keeps doing so as files change (--watch).
 */

import { type FactlineConfig, generatingSpecs, Project, rooms } from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED, type Values } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'gen',
  options: {
    check: {
      type: 'boolean',
      help: 'write nothing; exit 1 naming every missing, out-of-date, hand-edited or orphaned generated file',
    },
    force: { type: 'boolean', help: 'overwrite (or delete) generated files that were edited by hand' },
    watch: { type: 'boolean', help: 'regenerate whenever the spec or a template changes (Ctrl-C stops)' },
    'check-templates': {
      type: 'boolean',
      help: "write nothing; type-check the TypeScript outputs and compile the others, each error at its template's line",
    },
    config: SHARED.config,
  },
  about: `Renders every template against the spec into generated/: a TypeScript module
templates/<module>.ts (its spec.value placeholders written as literals) into generated/<module>.ts,
a Handlebars templates/<module>.<EXT>.hbs into generated/<module>.<EXT>, EXT one of the languages
in docs/templates.md (paths from factline.config.json "generate": {spec, templates, out}); each
output is checked by its language before anything is written.`,
  epilog: `Exit codes: 0 done / up to date · 1 template errors, refused hand edits, or drift
(--check) · 2 usage, config, or an unreadable spec or templates directory.`,
  conflicts: [
    ['check', 'force', '--check writes nothing'],
    ['check', 'watch', '--check writes nothing'],
    ['check-templates', 'check', 'each writes nothing; run one'],
    ['check-templates', 'force', '--check-templates writes nothing'],
    ['check-templates', 'watch', '--check-templates writes nothing'],
  ],
});

type Options = Values<typeof SPEC.options>;
/** The generator's room, loaded when `gen` runs. */
type Generator = Awaited<ReturnType<typeof rooms.generate>>;

const line = (file: string, l: number, c: number, code: string, message: string, fix?: string) =>
  `${file}:${l}:${c}: error ${code} ${message}${fix && !message.includes(fix) ? `\n  fix: ${fix}` : ''}\n`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One generation pass; returns its exit code. */
function runOnce(generator: Generator, config: FactlineConfig, options: Options, io: CliIO): number {
  const { checkGeneration, checkTemplates, generate } = generator;
  if (options.check) {
    const { findings, outputs } = checkGeneration(config);
    for (const f of findings) io.stdout.write(line(f.file, f.line, f.column, f.rule, f.message, f.fix));
    if (findings.length > 0) {
      io.stdout.write(`gen --check: ${plural(findings.length, 'problem')}; nothing written\n`);
      return EXIT.findings;
    }
    io.stdout.write(`gen --check: ${outputs} generated files up to date\n`);
    return EXIT.clean;
  }
  if (options['check-templates']) {
    const checked = checkTemplates(config, io.env);
    for (const note of checked.notes) io.stderr.write(`${note}\n`);
    for (const e of checked.errors) io.stdout.write(line(e.file, e.line, e.column, e.code, e.message, e.fix));
    io.stdout.write(
      checked.errors.length === 0
        ? `gen --check-templates: ${checked.outputs} outputs check clean; nothing written\n`
        : `gen --check-templates: ${plural(checked.errors.length, 'error')}; nothing written\n`,
    );
    return checked.errors.length === 0 ? EXIT.clean : EXIT.findings;
  }
  const outcome = generate(config, { force: options.force, env: io.env });
  for (const note of outcome.notes) io.stderr.write(`${note}\n`);
  if (outcome.kind === 'errors') {
    for (const e of outcome.errors) io.stderr.write(line(e.file, e.line, e.column, e.code, e.message, e.fix));
    io.stderr.write(`gen: ${plural(outcome.errors.length, 'error')}; nothing written\n`);
    return EXIT.findings;
  }
  if (outcome.kind === 'refused') {
    for (const r of outcome.refusals) io.stderr.write(line(r.path, r.line, 1, r.rule, r.message, r.fix));
    io.stderr.write('gen: nothing written\n');
    return EXIT.findings;
  }
  for (const w of outcome.writes)
    io.stdout.write(`${w.action === 'create' ? 'created' : 'updated'} ${w.path}\n`);
  for (const d of outcome.deletes) io.stdout.write(`deleted ${d.path} (template ${d.template} is gone)\n`);
  io.stdout.write(
    `gen: ${outcome.writes.length} written, ${outcome.deletes.length} deleted, ${outcome.unchanged} unchanged\n`,
  );
  return EXIT.clean;
}

async function watchAndRun(
  generator: Generator,
  config: FactlineConfig,
  options: Options,
  io: CliIO,
): Promise<number> {
  const { watchGenerationInputs } = await rooms.generateWatch();
  const run = () => {
    try {
      runOnce(generator, config, options, io);
    } catch (error) {
      // A spec deleted mid-edit is a moment, not the end of the watch.
      io.stderr.write(`gen: ${(error as Error).message}\n`);
    }
  };
  run();
  return new Promise((resolveExit) => {
    const watcher = watchGenerationInputs(config, run);
    io.stdout.write(
      `gen --watch: watching ${generatingSpecs(config).join(', ')} and ${config.generate.templates}/\n`,
    );
    const stop = () => {
      watcher.stop();
      unsubscribe?.();
      resolveExit(EXIT.clean);
    };
    const unsubscribe = io.onInterrupt?.(stop);
  });
}

const command: Command = {
  name: 'gen',
  summary: 'regenerate generated/ from the spec (--check: drift gate)',
  usage: helpText(SPEC),
  async run(argv, io) {
    const options = parseCommandArgs(SPEC, argv).values;
    const { config } = Project.open(io, options.config);
    const generator = await rooms.generate();
    if (options.watch) return watchAndRun(generator, config, options, io);
    return runOnce(generator, config, options, io);
  },
};
export default command;
