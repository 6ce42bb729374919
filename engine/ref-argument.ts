/** A reference typed on the command line, resolved over the loaded specs. */
import { type Addressing, indexFacts, parseRefArgument, resolveRef } from '../checks/resolve.ts';
import type { Fact, SpecSet } from '../reader/model.ts';
import { UsageError } from './errors.ts';

/**
 * Resolves a command-line reference or throws a UsageError naming candidates.
 * With the config's addressing (addressingOf), a `spec://NAMESPACE/…` address
 * resolves as a citation of it does: in the config's own namespace (under the
 * vibevm profile, by vibevm's document names) and in its external ones.
 */
// @implements vibevm#REF-ARGUMENTS-IN-NAMESPACE
export function resolveArgument(set: SpecSet, text: string, addressing?: Addressing): Fact {
  const url = /^spec:\/\/(.*)#([A-Za-z][A-Za-z0-9_-]*)$/.exec(text);
  const ref = url ? { doc: `spec://${url[1]}`, id: url[2]! } : parseRefArgument(text);
  if (!ref) throw new UsageError(`\`${text}\` is not a reference; write DOC#ID or ID`);
  const r = resolveRef(ref, indexFacts(set, addressing));
  if (r.kind === 'fact') return r.fact;
  if (r.kind === 'ambiguous') {
    throw new UsageError(`\`${text}\` is ambiguous: ${r.candidates.join(', ')}; name the document`);
  }
  const hint =
    r.kind === 'unknown' && r.suggestions.length > 0 ? `; did you mean ${r.suggestions.join(', ')}?` : '';
  throw new UsageError(`unknown fact \`${text}\`: ${r.reason}${hint}`);
}
