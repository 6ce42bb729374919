/**
 * A gate rule as a unit: one module under `checks/rules/` exports its meta
 * (severity, description, help, fix, scope, an options schema) and its
 * check; the rule table (`checks/rules.ts`), `RuleId`, the config's
 * `rules` key and the docs' rule table are read from the registry
 * (`checks/rules/index.ts`), so adding a rule is one file and its test.
 */
import type { Finding, TraceResult } from '../model.ts';
import type { RuleInfo } from '../rules.ts';

/** One option a rule takes from the config (`"rules": {"ID": ["error", {"max": 2}]}`): integers for now. */
export interface RuleOption {
  type: 'integer';
  min: number;
  default: number;
  description: string;
}

export interface RuleMeta extends RuleInfo {
  /** What a partial run (`check --changed`) can judge of it: its citations' files alone, or only the whole tree. */
  scope: 'citation' | 'whole-tree';
  /** Runs only when the config's `rules` names it (a rule that would otherwise change every project's gate). */
  optIn: boolean;
  options: Readonly<Record<string, RuleOption>>;
}

export interface RuleUnit<Id extends string = string> {
  id: Id;
  meta: RuleMeta;
  /** The rule's findings over a finished trace, with its options (defaults filled in). */
  check(result: TraceResult, options: Readonly<Record<string, number>>): Finding[];
}
