/** A reference typed on the command line, resolved over the loaded specs. */
import { indexFacts, parseRefArgument, resolveRef } from '../checks/resolve.ts';
import type { Fact, SpecSet } from '../reader/model.ts';
import { UsageError } from './errors.ts';

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
  const hint =
    r.kind === 'unknown' && r.suggestions.length > 0 ? `; did you mean ${r.suggestions.join(', ')}?` : '';
  throw new UsageError(`unknown fact \`${text}\`: ${r.reason}${hint}`);
}
