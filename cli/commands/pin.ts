/** `factline pin [REF…]` / `pin --add [PATH…]`: re-stamp stale pins, or pin unpinned citations, after review. */
import { relative, resolve } from 'node:path';
import {
  addPins,
  indexFacts,
  type PinEdit,
  type PinOutcome,
  Project,
  repinStale,
  repointMoved,
  UsageError,
} from '../../engine/index.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'pin',
  positionals: { usage: '[REF…] | --add [PATH…] | --moved' },
  options: {
    add: {
      type: 'boolean',
      help: 'pin the unpinned citations of resolved facts in PATH… (files or folders; every gate file when none), printing each with the fact’s text as it now reads',
    },
    moved: {
      type: 'boolean',
      help: 'rewrite each citation of a moved fact (an old DOC#ID a document takes in on its @aliases: line) to the fact’s address now, keeping its pin',
    },
    config: SHARED.config,
    specs: SHARED.specs,
    strict: SHARED.strict,
  },
  conflicts: [['moved', 'add', '--moved rewrites addresses, --add adds pins: run them one after the other']],
  about: `Rewrites the pin of every stale citation (~8 hex digits or ~rN that no longer
match the fact, Rust's \`r = N\`, JSDoc's \`@spec … rN\`) to the fact's current
digest or revision, in place. With REFs (DOC#ID or unique ID), only citations
of those facts. Review the code first: a pin says "this code was checked
against this text of the fact". A stale pin pin cannot rewrite (a Rust
revision pin whose fact no kind line governs any more) is named with its
place, and the run exits 1. A ~rN pin on a fact that no kind line governs
any more becomes the fact's 8-hex digest pin. Citations of unknown or
ambiguous facts are never touched. Generated files are never touched: their
pins come from the templates' citations, which pin re-stamps in a TypeScript
template like in any source; run \`factline gen\` after it.

An unpinned citation never goes stale: it keeps counting whatever the fact
comes to say. \`pin --add\` ties each to the fact's text as it reads now.

Links between facts in the specs (\`@refines:DOC#ID\`, \`@derives:\`) are pinned
the same way: \`pin --add\` writes the parent's digest into each unpinned link
(\`@refines:DOC#ID~PIN\`), the link goes stale (\`stale-link\`) when the parent's
text changes, and \`pin\` re-stamps it after the fact was reviewed against it.

A fact moved to another document keeps its old address working while the new
document names the old one on its \`@aliases:\` line (check notes each such
citation as \`moved-fact\`). \`pin --moved\` rewrites those citations to the
address the fact has now, keeping their pins.`,
  epilog:
    'Exit codes: 0 done (including nothing to do) · 1 a pin could not be rewritten · 2 unknown REF, usage or config error.',
});

/** `3 citation(s)`, `1 link(s)`, or both: what a run wrote. */
function counted(outcome: PinOutcome): string {
  const links = outcome.applied.filter((a) => a.edit.citation.link).length;
  const citations = outcome.applied.length - links;
  return [citations > 0 || links === 0 ? `${citations} citation(s)` : '', links > 0 ? `${links} link(s)` : '']
    .filter(Boolean)
    .join(' and ');
}

function place(file: string, e: PinEdit): string {
  return `${file}:${e.citation.line}:${e.citation.column}: ${e.citation.resolved}`;
}

/** Prints what pin could not do; exit 1 when there is any. */
function reportRefused(io: CliIO, outcome: PinOutcome): number {
  for (const r of outcome.refused) {
    io.stdout.write(
      `${place(r.file, r.edit)}: not pinned: ${r.why}; write ~${r.edit.to} by hand after review\n`,
    );
  }
  return outcome.refused.length > 0 ? EXIT.findings : EXIT.clean;
}

const command: Command = {
  name: 'pin',
  summary: 're-pin stale citations after review (--add: pin unpinned ones)',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(SPEC, argv);
    const project = Project.open(io, values.config, values.specs);
    const { config } = project;
    const { result, specs } = await project.check({ strict: values.strict || config.strict, cache: true });
    if (values.moved) {
      if (positionals.length > 0)
        throw new UsageError(
          'pin --moved takes no REF: it rewrites every moved address (see `factline pin --help`)',
        );
      const outcome = repointMoved(project, result, specs, (file, e) =>
        io.stdout.write(`${file}:${e.citation.line}:${e.citation.column}: ${e.citation.ref} -> ${e.to}\n`),
      );
      io.stdout.write(
        outcome.applied.length === 0
          ? 'no moved address\n'
          : `rewrote ${outcome.applied.length} moved address(es)\n`,
      );
      return reportRefused(io, outcome);
    }
    if (values.add) {
      const index = indexFacts(specs.set);
      const paths = positionals.map(
        (p) => relative(config.root, resolve(io.cwd, p)).split('\\').join('/') || '.',
      );
      const outcome = addPins(project, result, specs, paths, (file, e) => {
        const text = index.byAddress.get(e.citation.resolved ?? '')?.text ?? '';
        io.stdout.write(`${place(file, e)} ~${e.to} — ${text}\n`);
      });
      io.stdout.write(
        outcome.applied.length === 0
          ? 'no unpinned citation or link\n'
          : `pinned ${counted(outcome)} to the texts above\n`,
      );
      return reportRefused(io, outcome);
    }
    const outcome = repinStale(project, result, specs, positionals, (file, e) =>
      io.stdout.write(`${place(file, e)} ~${e.from} -> ~${e.to}\n`),
    );
    if (outcome.applied.length > 0) io.stdout.write(`re-pinned ${counted(outcome)}\n`);
    else if (outcome.refused.length === 0) io.stdout.write('no stale pins\n');
    return reportRefused(io, outcome);
  },
};
export default command;
