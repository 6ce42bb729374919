/** `factline explain REF`: one fact with its text, status, digest and every citation. */
import type { Citation, FactTrace } from '../../checks/model.ts';
import { indexFacts, parseRefArgument, resolveRef } from '../../checks/resolve.ts';
import type { Fact, SpecSet } from '../../generator/spec/model.ts';
import { type CliIO, type Command, EXIT, UsageError } from '../io.ts';
import { gateFor, parseGateArgs } from '../run-gate.ts';

const USAGE = `usage: factline explain REF [--config FILE] [--specs PATH…] [--strict]

Prints one fact: its address and place, status, digest (and the pin to cite),
text, the evidence it needs, its trace state, and every citation of it with
file:line:col and the enclosing symbol (or test title).

REF is DOC#ID, a bare ID unique across the loaded specs, or spec://…/DOC#ID.
Exit codes: 0 shown · 2 unknown or ambiguous REF (with did-you-mean), usage or config error.
`;

/** Resolves a command-line reference or throws a UsageError naming candidates. */
export function resolveArgument(set: SpecSet, text: string): Fact {
  const url = /^spec:\/\/(.*)#([A-Za-z][A-Za-z0-9_-]*)$/.exec(text);
  const ref = url ? { doc: `spec://${url[1]}`, id: url[2]! } : parseRefArgument(text);
  if (!ref) throw new UsageError(`\`${text}\` is not a reference; write DOC#ID or ID`);
  const r = resolveRef(ref, indexFacts(set));
  if (r.kind === 'fact') return r.fact;
  if (r.kind === 'ambiguous') {
    throw new UsageError(`\`${text}\` is ambiguous: ${r.candidates.join(', ')}; name the document`);
  }
  const hint = r.suggestions.length > 0 ? `; did you mean ${r.suggestions.join(', ')}?` : '';
  throw new UsageError(`unknown fact \`${text}\`: ${r.reason}${hint}`);
}

function citationLine(c: Citation): string {
  const where = c.testName !== undefined && !c.symbol?.includes(c.testName) ? ` (test "${c.testName}")` : '';
  const state = c.counted ? 'counts' : `does not count: ${c.problem ?? 'not counted'}`;
  const pin = c.pin ? ` ~${c.pin}` : '';
  return `  ${c.file}:${c.line}:${c.column}  @${c.verb}${pin}  ${c.symbol ?? '(top level)'}${where}  [${state}]${c.reason ? `\n      reason: ${c.reason}` : ''}`;
}

export function renderExplain(fact: Fact, trace: FactTrace | undefined, citations: Citation[]): string {
  const s = fact.status;
  const lines = [
    `${fact.address}${fact.label ? ` [${fact.label}]` : ''}`,
    `  defined at  ${fact.file}:${fact.line}:${fact.column}${fact.section ? ` (section ${fact.section})` : ''}`,
    `  status      ${s.stage}/${s.state} (${s.origin === 'own' ? 'own marker' : `from ${s.origin}`})  ${fact.factClass}`,
    `  digest      ${fact.digest}  (cite as ${fact.address}~${fact.digest.slice(0, 8)})`,
    `  needs       ${trace && trace.required.length > 0 ? trace.required.join(', ') : 'nothing'}`,
    `  state       ${trace?.state ?? 'not traced'}`,
    '',
    `  ${fact.text}`,
    '',
    citations.length === 0 ? 'no citations' : `citations (${citations.length}):`,
    ...citations.map(citationLine),
  ];
  return `${lines.join('\n')}\n`;
}

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
