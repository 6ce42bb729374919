/** `factline lint`: the spec markup check; every diagnostic with its place and fix. */

import { Project, strictSeverity } from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { formatDiagnostic } from '../format-diagnostic.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'lint',
  positionals: { usage: '[SPEC…]' },
  options: {
    config: SHARED.config,
    strict: SHARED.strict,
    json: {
      ...SHARED.json,
      help: 'print the diagnostics and the counts as JSON (deterministic) instead of the lines',
    },
  },
  about: `Checks the markup of the given specs (files, or directories: every .md beneath;
default: the config's "specs" globs; none: exit 2, run \`factline init\`) and
prints every problem as

  file:line:col: error CODE message
    fix: how to repair it

Codes: duplicate-id, unknown-stage, unknown-state, unknown-action,
unknown-audience, element-missing-attribute, malformed-element,
stranded-marker, marker-mid-unit, marked-unit-without-anchor, unclosed-wrapper,
unknown-typed-anchor, typed-anchor-without-fence, swallowed-anchor, empty-id;
warning normative-service-unit (a kebab-case service unit that reads like a
requirement), an error with --strict or \`"strict": true\` in the config.`,
  epilog: `Exit codes: 0 clean · 1 any error · 2 usage, config, or a missing or
unreadable spec (named).`,
});

const command: Command = {
  name: 'lint',
  summary: 'check spec markup',
  usage: helpText(SPEC),
  // @implements reader#READ-LINT-CLI
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values: args, positionals: paths } = parseCommandArgs(SPEC, argv);
    const project = Project.open(io, args.config, paths);
    const strict = args.strict === true || project.config.strict;
    const { set } = await project.specs();
    const diagnostics = set.documents
      .flatMap((d) => d.diagnostics)
      .map((d) => ({ ...d, severity: strictSeverity(d, strict) }));
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    const facts = set.documents.reduce((n, d) => n + d.facts.length, 0);
    const files = set.documents.length;
    if (args.json) {
      // @implements cli#LINT-EXPLAIN-JSON
      const rows = diagnostics.map((d) => ({
        file: d.file,
        line: d.line,
        column: d.column,
        severity: d.severity,
        code: d.code,
        message: d.message,
        ...(d.fix !== undefined ? { fix: d.fix } : {}),
      }));
      const summary = { specs: files, facts, errors, warnings: diagnostics.length - errors };
      io.stdout.write(`${JSON.stringify({ summary, diagnostics: rows }, null, 2)}\n`);
      return errors > 0 ? EXIT.findings : EXIT.clean;
    }
    for (const d of diagnostics) io.stdout.write(`${formatDiagnostic(d)}\n`);
    const summary =
      diagnostics.length === 0
        ? `ok: ${facts} facts in ${files} spec${files === 1 ? '' : 's'}, no problems`
        : `${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}) in ${files} spec${files === 1 ? '' : 's'}`;
    io.stdout.write(`${summary}\n`);
    return errors > 0 ? EXIT.findings : EXIT.clean;
  },
};
export default command;
