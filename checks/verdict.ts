import type { TraceResult } from './model.ts';

/** Findings that mean an input could not be read whole: a usage-class failure, like any unreadable input. */
const UNREADABLE = new Set<string>(['nesting-too-deep']);

/** What a trace result says as a whole: the CLI turns it into its exit code, the MCP tool into isError. */
export type Verdict = 'clean' | 'findings' | 'unreadable';

/** Any error finding fails the run; warnings and infos never do. */
export function verdictOf(result: TraceResult): Verdict {
  if (result.findings.some((f) => UNREADABLE.has(f.rule))) return 'unreadable';
  return result.summary.findings.error > 0 ? 'findings' : 'clean';
}
