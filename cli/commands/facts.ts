/** `factline facts`: every fact of the specs, as a table or as JSON; diagnostics on stderr. */
import {
  attributeFilter,
  type Diagnostic,
  escapeControls,
  type Fact,
  Project,
  type SpecSet,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { formatDiagnostic } from '../format-diagnostic.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'facts',
  positionals: { usage: '[SPEC…]' },
  options: {
    json: {
      ...SHARED.json,
      help: 'machine output: {"facts": [...], "diagnostics": [...]} (the same bytes every run: files sorted by path, each file\'s facts as written)',
    },
    where: SHARED.where,
    config: SHARED.config,
  },
  about: `Lists every fact of the given specs (files, or directories: every .md beneath),
in document order. With no SPEC, the config's "specs" globs; if none match,
exit 2 naming \`factline init\`.`,
  epilog: `Spec diagnostics print on stderr as file:line:col: error CODE message.
Exit codes: 0 clean · 1 the specs have errors · 2 usage, config, or a missing
or unreadable spec (named).`,
});

/** The JSON record of one fact: stable key order, optional keys only when present. */
// @implements reader#READ-FACTS-JSON
export function factRecord(f: Fact): Record<string, unknown> {
  const { stage, state, origin, ...rest } = f.status;
  return {
    address: f.address,
    id: f.id,
    doc: f.doc,
    file: f.file,
    line: f.line,
    column: f.column,
    endLine: f.endLine,
    ...(f.label !== undefined ? { label: f.label } : {}),
    class: f.factClass,
    unit: f.unit,
    ...(f.section !== undefined ? { section: f.section } : {}),
    status: { stage, state, origin, ...rest },
    ...(f.requires ? { requires: f.requires } : {}),
    ...(f.kindLine ? { kindLine: f.kindLine } : {}),
    digest: f.digest,
    pin: f.digest.slice(0, 8),
    text: f.text,
    codes: f.codes,
    ...(f.code ? { code: f.code } : {}),
    ...(f.attributes ? { attributes: f.attributes } : {}),
  };
}

export function allDiagnostics(set: SpecSet): Diagnostic[] {
  return set.documents.flatMap((d) => d.diagnostics);
}

function table(set: SpecSet): string {
  const rows = set.documents.flatMap((d) =>
    // A file name or label may hold a line break or an escape sequence: shown, never obeyed.
    d.facts.map((f) => [
      `${escapeControls(f.file)}:${f.line}`,
      escapeControls(f.address),
      `${f.status.stage}/${f.status.state}${f.status.origin === 'own' ? '' : '*'}`,
      f.digest.slice(0, 8),
      escapeControls(f.label ?? ''),
    ]),
  );
  const header = ['LOCATION', 'ADDRESS', 'STATUS', 'PIN', 'LABEL'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const count = rows.length;
  const docs = set.documents.length;
  return [
    line(header),
    ...rows.map(line),
    '',
    `${count} fact${count === 1 ? '' : 's'} in ${docs} spec${docs === 1 ? '' : 's'} (* = status inherited from the section or document)`,
    '',
  ].join('\n');
}

const command: Command = {
  name: 'facts',
  summary: 'list facts and spec diagnostics',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values: args, positionals: paths } = parseCommandArgs(SPEC, argv);
    const project = Project.open(io, args.config, paths);
    const keep = attributeFilter(project.config, args.where ?? []);
    const { set: read } = await project.specs();
    const diagnostics = allDiagnostics(read);
    // @implements chains#ATTRIBUTE-FILTER
    const set: SpecSet = {
      ...read,
      documents: read.documents.map((d) => ({ ...d, facts: d.facts.filter((f) => keep(f.attributes)) })),
    };
    if (args.json) {
      const out = { facts: set.documents.flatMap((d) => d.facts.map(factRecord)), diagnostics };
      io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    } else {
      io.stdout.write(table(set));
    }
    for (const d of diagnostics) io.stderr.write(`${formatDiagnostic(d)}\n`);
    return diagnostics.some((d) => d.severity === 'error') ? EXIT.findings : EXIT.clean;
  },
};
export default command;
