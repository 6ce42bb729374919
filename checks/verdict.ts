import type { TraceResult } from './model.ts';
import { RULE_UNITS, type RuleUnit } from './rules/index.ts';

/** Rules whose finding means an input could not be read whole (`meta.unreadable`): a usage-class failure. */
const UNREADABLE = new Set<string>(
  RULE_UNITS.filter((unit: RuleUnit) => unit.meta.unreadable === true).map((unit) => unit.id),
);

/** What a trace result says as a whole: the CLI turns it into its exit code, the MCP tool into isError. */
export type Verdict = 'clean' | 'findings' | 'unreadable';

/** Any error finding fails the run; warnings and infos never do. */
export function verdictOf(result: TraceResult): Verdict {
  if (result.findings.some((f) => UNREADABLE.has(f.rule))) return 'unreadable';
  return result.summary.findings.error > 0 ? 'findings' : 'clean';
}
