/**
 * `impact` and `at` over a checked project: the gate's result, the fact an
 * argument names, and the spec lines each fact spans. Shared by the CLI
 * commands, the MCP tools and the LSP, so all three answer alike.
 */
import { relative, resolve } from 'node:path';
import type { TraceResult } from '../checks/model.ts';
import { type Impact, impactOf, type ServedAt, servedAt } from '../checks/queries.ts';
import type { Addressing } from '../checks/resolve.ts';
import type { SpecSet } from '../reader/model.ts';
import { UsageError } from './errors.ts';
import { resolveArgument } from './ref-argument.ts';

export type { Impact, ServedAt } from '../checks/queries.ts';
export { renderImpact, renderServedAt } from '../checks/queries.ts';

/** What is downstream of the fact REF names (DOC#ID, a unique ID, or spec://…). */
export function impactQuery(result: TraceResult, set: SpecSet, ref: string, addressing?: Addressing): Impact {
  const fact = resolveArgument(set, ref, addressing);
  const impact = impactOf(result, fact.address);
  if (impact === undefined) throw new UsageError(`${fact.address} is not traced (a duplicate definition?)`);
  return impact;
}

/** `FILE:LINE` (FILE relative to `cwd`) as a root-relative file and a line; a usage error names the form. */
export function parseFileLine(text: string, cwd: string, root: string): { file: string; line: number } {
  const m = /^(.+):(\d+)(?::\d+)?$/.exec(text);
  if (!m || Number(m[2]) < 1) throw new UsageError(`\`${text}\` is not FILE:LINE (e.g. src/greet.ts:4)`);
  const file = relative(root, resolve(cwd, m[1]!)).split('\\').join('/');
  return { file, line: Number(m[2]) };
}

/** The facts a line of FILE serves, and every fact upstream of them. */
export function servedAtQuery(result: TraceResult, set: SpecSet, file: string, line: number): ServedAt {
  const endLines = new Map<string, number>();
  for (const doc of set.documents) for (const f of doc.facts) endLines.set(f.address, f.endLine);
  return servedAt(result, file, line, endLines);
}
