/** `factline import FILE --out DIR`: a ReqIF file (.reqif, .reqifz) or a needs.json as Markdown specs, one fact per object. */
import { loadConfig, rooms, UsageError } from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'import',
  positionals: { usage: 'FILE', min: 1, max: 1 },
  options: {
    out: {
      type: 'string',
      short: 'o',
      value: 'DIR',
      help: 'the folder the Markdown specs are written to (required)',
    },
    version: {
      type: 'string',
      value: 'VERSION',
      help: "needs.json only: the version to import (default: the file's current_version)",
    },
    json: { type: 'boolean', short: 'j', help: 'print what was written and each warning as JSON' },
    config: SHARED.config,
  },
  about: `Reads a ReqIF file (.reqif, or a .reqifz archive of them) and writes one
Markdown spec per SPECIFICATION into DIR, one fact per SPEC-OBJECT: its
identifier as the fact id (sanitised; the original kept as
@attr:reqif-id=… when they differ), its text as Markdown, the
SPEC-HIERARCHY as headings and each SPEC-RELATION as @refines: on the
source's fact. Objects no specification places go to one more document.
Files that do not validate are read too: what cannot be used is skipped
with a warning naming its line and column. A needs.json (sphinx-needs)
is read the same way: one fact per need of its current version, grouped
by docname and section, \`links\` as @refines:.`,
  epilog: `Exit codes: 0 written (warnings on stderr) · 2 usage, or an unreadable or
not well-formed input (named with its line and column).`,
});

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const command: Command = {
  name: 'import',
  summary: 'ReqIF (.reqif, .reqifz) or needs.json as Markdown specs, one fact per object',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values: args, positionals } = parseCommandArgs(SPEC, argv);
    if (args.out === undefined)
      throw new UsageError('import needs --out DIR: the folder to write the Markdown specs to');
    const config = loadConfig(io.cwd, args.config);
    const { importInterchange } = await rooms.importInterchange();
    const summary = importInterchange(
      io.cwd,
      config,
      positionals[0] as string,
      args.out,
      args.version ? { version: args.version } : {},
    );
    const facts = summary.documents.reduce((n, d) => n + d.facts.length, 0);
    if (args.json) {
      io.stdout.write(
        `${JSON.stringify(
          {
            written: summary.written,
            inputs: summary.documents,
            warnings: summary.warnings,
          },
          null,
          2,
        )}\n`,
      );
    } else {
      for (const w of summary.warnings) io.stderr.write(`${w}\n`);
      for (const d of summary.documents)
        io.stdout.write(
          `${d.name}: ${plural(d.objects, /\.json$/i.test(d.name) ? 'need' : 'SPEC-OBJECT')} → ${plural(d.facts.length, 'fact')} in ${plural(d.files, 'document')}\n`,
        );
      for (const p of summary.written) io.stdout.write(`wrote ${p}\n`);
      io.stdout.write(`${plural(facts, 'fact')}, ${plural(summary.warnings.length, 'warning')}\n`);
    }
    return EXIT.clean;
  },
};
export default command;
