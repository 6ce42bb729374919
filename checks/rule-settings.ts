/**
 * The config's `rules` table: a severity per rule id, or `off`. Applied
 * after the trace, so every view (console, JSON, SARIF, the report, MCP)
 * shows the same findings; the result lists what was changed, and the
 * console says so, so a rule turned off is never a silent green. Pure.
 */
import { nearestOne } from '../reader/did-you-mean.ts';
import { withFindings } from './findings.ts';
import type { TraceResult } from './model.ts';
import { RULE_IDS, RULES, type RuleId } from './rules.ts';

export const RULE_SETTINGS = ['error', 'warning', 'off'] as const;
export type RuleSetting = (typeof RULE_SETTINGS)[number];

/** A problem with the table, naming the key and the fix; undefined when every key is a rule and every value a setting. */
// @implements daily-use#CONFIG-RULE-SEVERITY
export function checkRuleSettings(rules: Record<string, unknown>): string | undefined {
  for (const [id, setting] of Object.entries(rules)) {
    if (!(RULE_IDS as readonly string[]).includes(id)) {
      const near = nearestOne(id, RULE_IDS);
      return `\`rules.${id}\` is not a rule${near ? `; did you mean \`${near}\`?` : ''} (the rules are listed by \`factline check --help\`)`;
    }
    if (!(RULE_SETTINGS as readonly unknown[]).includes(setting)) {
      return `\`rules.${id}\` must be one of ${RULE_SETTINGS.map((s) => `"${s}"`).join(', ')}, not ${JSON.stringify(setting)}`;
    }
  }
  return undefined;
}

/** The settings that differ from the rule table's own severity, in table order. */
export function changedRules(rules: Record<string, RuleSetting>): { rule: RuleId; setting: RuleSetting }[] {
  return RULE_IDS.filter((id) => rules[id] !== undefined && rules[id] !== RULES[id].severity).map((id) => ({
    rule: id,
    setting: rules[id]!,
  }));
}

/** The result with each configured rule's findings re-graded, `off` ones dropped. */
export function applyRuleSettings(result: TraceResult, rules: Record<string, RuleSetting>): TraceResult {
  const changed = changedRules(rules);
  if (changed.length === 0) return result;
  const settingOf = new Map(changed.map((c) => [c.rule as string, c.setting]));
  const findings = result.findings.flatMap((f) => {
    const setting = settingOf.get(f.rule);
    if (setting === undefined) return [f];
    if (setting === 'off') return [];
    return [{ ...f, severity: setting }];
  });
  return { ...withFindings(result, findings), ruleSettings: changed };
}
