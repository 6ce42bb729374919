/**
 * `factline gen`: reads the spec, the templates and what is in generated/,
 * asks the pure planner what to do, and either writes (atomically), reports
 * drift (--check), or keeps doing so as files change (--watch).
 */
import { watch } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../../engine/config/load.ts';
import { type FactlineConfig, generatingSpecs } from '../../engine/config/model.ts';
import { UsageError } from '../../engine/errors.ts';
import { removeStaleTemps, WriteError } from '../../engine/files/atomic-write.ts';
import { applyChanges } from '../../engine/generate/apply.ts';
import { driftFindings } from '../../engine/generate/drift.ts';
import { loadGenerationInput } from '../../engine/generate/input.ts';
import { runOutputCommands } from '../../engine/generate/output-commands.ts';
import { typecheckOutputs } from '../../engine/generate/template-typecheck.ts';
import { conflicts, pendingChanges, planGeneration } from '../../generator/render/index.ts';
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
  about: `Renders every templates/<module>.ts.hbs against the spec into generated/<module>.ts
(paths from factline.config.json "generate": {spec, templates, out}).`,
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

const line = (file: string, l: number, c: number, code: string, message: string, fix?: string) =>
  `${file}:${l}:${c}: error ${code} ${message}${fix && !message.includes(fix) ? `\n  fix: ${fix}` : ''}\n`;

/** One generation pass; returns its exit code. */
// @implements factline#GEN-HAND-EDITS-ARE-REFUSED
// @implements factline#GEN-SPEC-EDIT-CHANGES-THE-SERVER
function runOnce(config: FactlineConfig, options: Options, io: CliIO): number {
  const plan = planGeneration(loadGenerationInput(config));

  if (options.check) {
    const findings = driftFindings(plan);
    for (const f of findings) io.stdout.write(line(f.file, f.line, f.column, f.rule, f.message, f.fix));
    if (findings.length > 0) {
      io.stdout.write(
        `gen --check: ${findings.length} problem${findings.length === 1 ? '' : 's'}; nothing written\n`,
      );
      return EXIT.findings;
    }
    io.stdout.write(`gen --check: ${plan.outputs.length} generated files up to date\n`);
    return EXIT.clean;
  }

  if (options['check-templates']) return checkTemplates(config, plan, io);

  // A killed run's temp files go first, whatever this run writes.
  removeStaleTemps(resolve(config.root, config.generate.out), true);
  // Python, Rust and Go outputs are compiled by their own tools before anything is written.
  const compiled =
    plan.errors.length === 0
      ? runOutputCommands(
          plan.outputs.filter((o) => o.action !== 'unchanged'),
          io.env,
        )
      : { errors: [], notes: [] };
  for (const note of compiled.notes) io.stderr.write(`${note}\n`);
  const errors = [...plan.errors, ...compiled.errors];
  if (errors.length > 0) {
    for (const e of errors) io.stderr.write(line(e.file, e.line, e.column, e.code, e.message, e.fix));
    io.stderr.write(`gen: ${errors.length} error${errors.length === 1 ? '' : 's'}; nothing written\n`);
    return EXIT.findings;
  }
  const refused = options.force ? [] : conflicts(plan);
  if (refused.length > 0) {
    for (const r of refused) {
      const message =
        r.conflict === 'hand-edited'
          ? `was edited by hand (its body no longer matches its body-sha256${r.line ? `; first changed line ${r.line}` : ''}); refusing to overwrite it`
          : `is not a generated file, but ${r.template} renders to it; refusing to overwrite it`;
      const fix =
        r.conflict === 'hand-edited'
          ? `move the change into ${r.template} or ${generatingSpecs(config).join(' / ')}, then run \`factline gen --force\``
          : 'move the file away, or run `factline gen --force` to replace it';
      io.stderr.write(
        line(
          r.path,
          r.line ?? 1,
          1,
          r.conflict === 'hand-edited' ? 'generated-hand-edit' : 'generated-drift',
          `${r.path} ${message}`,
          fix,
        ),
      );
    }
    io.stderr.write('gen: nothing written\n');
    return EXIT.findings;
  }
  const { writes, deletes } = pendingChanges(plan);
  try {
    applyChanges(config.root, writes, deletes);
  } catch (error) {
    if (error instanceof WriteError) throw new UsageError(error.message);
    throw error;
  }
  for (const w of writes) io.stdout.write(`${w.action === 'create' ? 'created' : 'updated'} ${w.path}\n`);
  for (const d of deletes) io.stdout.write(`deleted ${d.path} (template ${d.template} is gone)\n`);
  const unchanged = plan.outputs.length - writes.length;
  io.stdout.write(`gen: ${writes.length} written, ${deletes.length} deleted, ${unchanged} unchanged\n`);
  return EXIT.clean;
}

/** `--check-templates`: every output checked as code, errors at template lines, nothing written. */
function checkTemplates(config: FactlineConfig, plan: ReturnType<typeof planGeneration>, io: CliIO): number {
  const compiled =
    plan.errors.length === 0 ? runOutputCommands(plan.outputs, io.env) : { errors: [], notes: [] };
  const typed = plan.errors.length === 0 ? typecheckOutputs(config.root, plan.outputs) : [];
  for (const note of compiled.notes) io.stderr.write(`${note}\n`);
  const errors = [...plan.errors, ...compiled.errors, ...typed];
  for (const e of errors) io.stdout.write(line(e.file, e.line, e.column, e.code, e.message, e.fix));
  io.stdout.write(
    errors.length === 0
      ? `gen --check-templates: ${plan.outputs.length} outputs check clean; nothing written\n`
      : `gen --check-templates: ${errors.length} error${errors.length === 1 ? '' : 's'}; nothing written\n`,
  );
  return errors.length === 0 ? EXIT.clean : EXIT.findings;
}

// @implements factline#GEN-WATCH-REGENERATES
function watchAndRun(config: FactlineConfig, options: Options, io: CliIO): Promise<number> {
  const specsAbs = new Set(generatingSpecs(config).map((spec) => resolve(config.root, spec)));
  const templatesAbs = resolve(config.root, config.generate.templates);
  const run = () => {
    try {
      runOnce(config, options, io);
    } catch (error) {
      // A spec deleted mid-edit is a moment, not the end of the watch.
      io.stderr.write(`gen: ${(error as Error).message}\n`);
    }
  };
  run();
  return new Promise((resolveExit) => {
    let timer: NodeJS.Timeout | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(run, 150);
    };
    // Watch directories, not files: editors that save by rename replace the watched inode.
    const watchers = [
      ...[...new Set([...specsAbs].map((spec) => resolve(spec, '..')))].map((specDir) =>
        watch(specDir, (_event, name) => {
          if (name === null || specsAbs.has(resolve(specDir, name.toString()))) schedule();
        }),
      ),
      watch(templatesAbs, { recursive: true }, schedule),
    ];
    io.stdout.write(
      `gen --watch: watching ${generatingSpecs(config).join(', ')} and ${config.generate.templates}/\n`,
    );
    const stop = () => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
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
    const config = loadConfig(io.cwd, options.config);
    if (options.watch) return watchAndRun(config, options, io);
    return runOnce(config, options, io);
  },
};
export default command;
