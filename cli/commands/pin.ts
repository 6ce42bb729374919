/** `factline pin [REF…]`: re-stamp stale pins after review (engine/pin.ts), printing each one. */
import { repinStale } from '../../engine/pin.ts';
import { Project } from '../../engine/project.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT } from '../io.ts';

const SPEC = defineCommand({
  name: 'pin',
  positionals: { usage: '[REF…]' },
  options: { config: SHARED.config, specs: SHARED.specs, strict: SHARED.strict },
  about: `Rewrites the pin of every stale citation (~8 hex digits or ~rN that no longer
match the fact) to the fact's current digest or revision, in place. With REFs
(DOC#ID or unique ID), only citations of those facts. Review the code first:
a pin says "this code was checked against this text of the fact".
A ~rN pin on a fact that no kind line governs any more becomes the fact's
8-hex digest pin. Citations of unknown or ambiguous facts are never touched.
Generated files are never touched: their pins come from the templates'
{{cite "ID~PIN"}} calls, which pin re-stamps; run \`factline gen\` after it.`,
  epilog: 'Exit codes: 0 done (including nothing to do) · 2 unknown REF, usage or config error.',
});

const command: Command = {
  name: 'pin',
  summary: 're-pin stale citations after review',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals: refs } = parseCommandArgs(SPEC, argv);
    const project = Project.open(io, values.config, values.specs);
    const { config } = project;
    const { result, specs } = await project.check({ strict: values.strict || config.strict, cache: true });
    const changed = repinStale(project, result, specs, refs, (file, e) =>
      io.stdout.write(
        `${file}:${e.citation.line}:${e.citation.column}: ${e.citation.resolved} ~${e.from} -> ~${e.to}\n`,
      ),
    );
    io.stdout.write(changed === 0 ? 'no stale pins\n' : `re-pinned ${changed} citation(s)\n`);
    return EXIT.clean;
  },
};
export default command;
