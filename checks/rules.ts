/**
 * The one rule table, read from the registry of rule units (checks/rules/):
 * every rule the gate can report, with its default severity, description,
 * help and general fix, read by SARIF, JUnit, the console, the report page
 * and `check --help`; a finding's own `fix` is the specific remedy, the
 * table's the fallback. A rule is added as a unit, never here.
 */
import { RULE_UNITS, type RuleId, type RuleInfo, type RuleUnit } from './rules/index.ts';

export type { RuleId, RuleInfo } from './rules/index.ts';

// @implements trace#ONE-RULE-TABLE
export const RULES: Readonly<Record<RuleId, RuleInfo>> = Object.fromEntries(
  RULE_UNITS.map((unit) => [
    unit.id,
    {
      severity: unit.meta.severity,
      description: unit.meta.description,
      help: unit.meta.help,
      fix: unit.meta.fix,
    },
  ]),
) as Record<RuleId, RuleInfo>;

/** Every rule id, in the registry's order (gate rules, then the reader's diagnostic codes). */
export const RULE_IDS: readonly RuleId[] = RULE_UNITS.map((unit) => unit.id);

/** The fix a reporter shows: the finding's own, else the rule's general one. */
export function fixFor(finding: { rule: RuleId; fix?: string | undefined }): string {
  return finding.fix ?? RULES[finding.rule].fix;
}

/** The rule list of `factline check --help`: one line per rule, severity and description; retired rules left out. */
export function ruleListText(indent = '  '): string {
  const listed = RULE_UNITS.filter((unit: RuleUnit) => unit.meta.retired !== true).map((unit) => unit.id);
  const width = Math.max(...listed.map((id) => id.length));
  return listed
    .map((id) => `${indent}${id.padEnd(width)}  ${RULES[id].severity.padEnd(7)}  ${RULES[id].description}`)
    .join('\n');
}
