/** `factline explain REF`: one fact with its text, status, digest and every citation. */
import { renderExplain } from '../../checks/reporters/explain.ts';
import { type CliIO, type Command, EXIT, UsageError } from '../io.ts';
import { resolveArgument } from '../ref-argument.ts';
import { gateFor, parseGateArgs } from '../run-gate.ts';

const USAGE = `usage: factline explain REF [--config FILE] [--specs PATH…] [--strict]

Prints one fact: its address and place, status, digest (and the pin to cite),
text, the evidence it needs, its trace state, and every citation of it with
file:line:col and the enclosing symbol (or test title).

REF is DOC#ID, a bare ID unique across the loaded specs, or spec://…/DOC#ID.
Exit codes: 0 shown · 2 unknown or ambiguous REF (with did-you-mean), usage or config error.
`;

// @implements factline#GATE-EXPLAIN
const command: Command = {
  name: 'explain',
  summary: 'one fact: text, status, every citation',
  usage: USAGE,
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseGateArgs(argv, USAGE);
    if (args.refs.length !== 1) throw new UsageError(`explain takes exactly one REF\n${USAGE}`);
    const { result, specs } = await gateFor(io, args);
    const fact = resolveArgument(specs.set, args.refs[0]!);
    const trace = result.facts.find((f) => f.address === fact.address);
    const citations = result.citations.filter((c) => c.resolved === fact.address);
    io.stdout.write(renderExplain(fact, trace, citations));
    return EXIT.clean;
  },
};
export default command;
