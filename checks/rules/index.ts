/**
 * The registry of rules written as units (checks/rules/unit.ts): the rule
 * table, `RuleId`, the config's `rules` options and the docs' table read it.
 * A new rule is a module here and one line below.
 */
import { tooManyImplementations } from './too-many-implementations.ts';

export const UNIT_RULES = [tooManyImplementations] as const;

export type UnitRuleId = (typeof UNIT_RULES)[number]['id'];

export type { RuleMeta, RuleOption, RuleUnit } from './unit.ts';
