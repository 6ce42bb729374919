/**
 * `factline pin [REF…]`: after a reviewer has checked the code against a
 * changed fact, re-stamp the stale pins with the fact's current digest (or
 * kind revision). Only stale citations of resolved facts are touched.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Citation } from '../../checks/model.ts';
import { currentPin, indexFacts } from '../../checks/resolve.ts';
import { writeFileAtomic } from '../../generator/write.ts';
import { defineCommand, helpText, parseCommandArgs, SHARED } from '../args.ts';
import { type CliIO, type Command, EXIT, UsageError } from '../io.ts';
import { resolveArgument } from '../ref-argument.ts';
import { gateFor } from '../run-gate.ts';

const SPEC = defineCommand({
  name: 'pin',
  positionals: { usage: '[REF…]' },
  options: { config: SHARED.config, specs: SHARED.specs, strict: SHARED.strict },
  about: `Rewrites the pin of every stale citation (~8 hex digits or ~rN that no longer
match the fact) to the fact's current digest or revision, in place. With REFs
(DOC#ID or unique ID), only citations of those facts. Review the code first:
a pin says "this code was checked against this text of the fact".
A ~rN pin on a fact that no kind line governs any more becomes the fact's
8-hex digest pin. Citations of unknown or ambiguous facts are never touched.`,
  epilog: 'Exit codes: 0 done (including nothing to do) · 2 unknown REF, usage or config error.',
});

export interface PinEdit {
  citation: Citation;
  from: string;
  to: string;
}

/** Applies the edits to one file's text; each citation's ref is found from its column on its line. */
export function applyPins(text: string, edits: PinEdit[]): string {
  const lines = text.split('\n');
  for (const e of edits) {
    const i = e.citation.line - 1;
    const line = lines[i];
    if (line === undefined) continue;
    const at = line.indexOf(e.citation.ref, e.citation.column - 1);
    if (at === -1) continue;
    const pinAt = at + e.citation.ref.lastIndexOf(`~${e.from}`);
    if (pinAt < at) continue;
    lines[i] = `${line.slice(0, pinAt)}~${e.to}${line.slice(pinAt + 1 + e.from.length)}`;
  }
  return lines.join('\n');
}

// @implements factline#GATE-PIN-RESTAMPS
const command: Command = {
  name: 'pin',
  summary: 're-pin stale citations after review',
  usage: helpText(SPEC),
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals: refs } = parseCommandArgs(SPEC, argv);
    const { config, result, specs } = await gateFor(io, values);
    const wanted = new Set(refs.map((r) => resolveArgument(specs.set, r).address));
    const index = indexFacts(specs.set);
    const byFile = new Map<string, PinEdit[]>();
    for (const c of result.citations) {
      if (c.problem !== 'stale-citation' || c.resolved === undefined || c.pin === undefined) continue;
      if (wanted.size > 0 && !wanted.has(c.resolved)) continue;
      const fact = index.byAddress.get(c.resolved);
      if (!fact) continue;
      const to = currentPin(fact, index.docs.get(fact.doc), c.pin);
      if (to === c.pin) continue;
      const list = byFile.get(c.file) ?? [];
      list.push({ citation: c, from: c.pin, to });
      byFile.set(c.file, list);
    }
    let changed = 0;
    for (const [file, edits] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const path = resolve(config.root, file);
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
      }
      const next = applyPins(text, edits);
      if (next === text) continue;
      writeFileAtomic(path, next);
      for (const e of edits) {
        changed++;
        io.stdout.write(
          `${file}:${e.citation.line}:${e.citation.column}: ${e.citation.resolved} ~${e.from} -> ~${e.to}\n`,
        );
      }
    }
    io.stdout.write(changed === 0 ? 'no stale pins\n' : `re-pinned ${changed} citation(s)\n`);
    return EXIT.clean;
  },
};
export default command;
