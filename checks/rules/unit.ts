/**
 * A gate rule as a unit: one module under `checks/rules/` exports its id
 * and meta (severity, description, help, fix, scope, an options schema),
 * and its check where the rule can be judged over a finished trace. A rule
 * whose data lives deep inside the trace (a citation's resolution, a test's
 * outcome) is detected there, and its unit exports the finding it raises
 * (message and specific fix) for the trace to call. The rule table
 * (`checks/rules.ts`), `RuleId`, the partial scopes, the config's `rules`
 * key and the docs' rule table are read from the registry
 * (`checks/rules/index.ts`), so adding a rule is one file and its test.
 * The report page bundles the registry, so a unit imports nothing that
 * needs Node (the page build fails when one does).
 */
import type { Fact, Severity } from '../../reader/model.ts';
import type { Finding, TraceResult } from '../model.ts';

/** What every view shows of a rule. */
export interface RuleInfo {
  /** Severity a finding of this rule gets unless it brings its own. */
  severity: Severity;
  /** One line: what the rule catches. */
  description: string;
  /** Why it matters and when it fires. */
  help: string;
  /** What to do about it, in general terms; a finding's own `fix` is the specific remedy. */
  fix: string;
}

/** `citation`: judged in the scanned files; `spec`: judged in changed spec files; `whole-tree`: only by a full run. */
export type PartialScope = 'citation' | 'spec' | 'whole-tree';

/** One option a rule takes from the config (`"rules": {"ID": ["error", {"max": 2}]}`): integers for now. */
export interface RuleOption {
  type: 'integer';
  min: number;
  default: number;
  description: string;
}

export interface RuleMeta extends RuleInfo {
  /** What a partial run (`check --changed`) can judge of it. */
  scope: PartialScope;
  /** Runs only when the config's `rules` names it (a rule that would otherwise change every project's gate). */
  optIn?: boolean;
  /** The options it takes from the config; none when absent. */
  options?: Readonly<Record<string, RuleOption>>;
  /** A finding of it means an input could not be read whole: the run ends like any unreadable input (exit 2). */
  unreadable?: boolean;
  /** No finding uses it any more; kept in SARIF and the docs so older output still finds it, left out of `--help`. */
  retired?: boolean;
}

export interface RuleUnit<Id extends string = string> {
  id: Id;
  meta: RuleMeta;
  /** The rule's findings over a finished trace, with its options (defaults filled in); absent when the trace raises it. */
  check?(result: TraceResult, options: Readonly<Record<string, number>>): Finding[];
}

/** A finding as a rule raises it inside the trace: without a severity, the collector gives it the rule's. */
export type Raised = Omit<Finding, 'severity'> & { severity?: Severity };

/** A finding about a fact stands at its anchor. */
export function atFact(fact: Fact): { file: string; line: number; column: number; fact: string } {
  return { file: fact.file, line: fact.line, column: fact.column, fact: fact.address };
}

/** A finding about a citation stands at the citation, and names the fact when it resolved to one. */
export function atCitation(
  citation: { file: string; line: number; column: number },
  fact?: Fact,
): { file: string; line: number; column: number; fact?: string } {
  const place = { file: citation.file, line: citation.line, column: citation.column };
  return fact === undefined ? place : { ...place, fact: fact.address };
}

/** The meta of a spec reader diagnostic: the reader finds it, the gate reports it under its code. */
export function readerDiagnostic(
  what: string,
  fix: string,
  more: Pick<RuleMeta, 'unreadable'> = {},
): RuleMeta {
  return {
    ...more,
    severity: 'error',
    description: `Spec: ${what}.`,
    help: 'A markup problem the spec reader found; `factline lint` prints the same diagnostic.',
    fix,
    scope: 'spec',
  };
}
