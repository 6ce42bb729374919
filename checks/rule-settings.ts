/**
 * The config's `rules` table: a severity per rule id, or `off`. Applied
 * after the trace, so every view (console, JSON, SARIF, the report, MCP)
 * shows the same findings; the result lists what was changed, and the
 * console says so, so a rule turned off is never a silent green. Pure.
 */
import { nearestOne } from '../reader/did-you-mean.ts';
import { withFindings } from './findings.ts';
import type { TraceResult } from './model.ts';
import { RULE_UNITS, type RuleUnit, ruleUnit } from './rules/index.ts';
import { RULE_IDS, RULES, type RuleId } from './rules.ts';

export const RULE_SETTINGS = ['error', 'warning', 'off'] as const;
export type RuleSetting = (typeof RULE_SETTINGS)[number];
/** A rule's entry in the config: its severity, or its severity and options (`["error", {"max": 2}]`). */
export type RuleEntry = RuleSetting | [RuleSetting, Record<string, unknown>];

const settingOf = (entry: RuleEntry): RuleSetting => (Array.isArray(entry) ? entry[0] : entry);

/** A problem with the table, naming the key and the fix; undefined when every key is a rule and every value a setting. */
// @implements trace#CONFIG-RULE-SEVERITY
export function checkRuleSettings(rules: Record<string, unknown>): string | undefined {
  for (const [id, entry] of Object.entries(rules)) {
    if (!(RULE_IDS as readonly string[]).includes(id)) {
      const near = nearestOne(id, RULE_IDS);
      return `\`rules.${id}\` is not a rule${near ? `; did you mean \`${near}\`?` : ''} (the rules are listed by \`factline check --help\`)`;
    }
    const setting = Array.isArray(entry) ? entry[0] : entry;
    if (!(RULE_SETTINGS as readonly unknown[]).includes(setting)) {
      return `\`rules.${id}\` must be one of ${RULE_SETTINGS.map((s) => `"${s}"`).join(', ')}, not ${JSON.stringify(setting)}`;
    }
    if (Array.isArray(entry)) {
      const problem = optionsProblem(id, entry[1]);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** What is wrong with a rule's options, by its unit's schema; rules that are not units take none. */
// @implements trace#RULE-OPTIONS-FROM-CONFIG
function optionsProblem(id: string, options: unknown): string | undefined {
  if (options === undefined) return undefined;
  const schema = ruleUnit(id)?.meta.options ?? {};
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    return `\`rules.${id}[1]\` must be an object of options`;
  for (const [key, value] of Object.entries(options)) {
    const option = schema[key];
    if (option === undefined) {
      const names = Object.keys(schema);
      return `\`rules.${id}[1].${key}\` is not an option of ${id} (${names.length > 0 ? `its options: ${names.join(', ')}` : 'it takes none'})`;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < option.min)
      return `\`rules.${id}[1].${key}\` must be an integer ≥ ${option.min} (${option.description}), not ${JSON.stringify(value)}`;
  }
  return undefined;
}

/**
 * The findings of the rules judged over a finished trace (a unit with a
 * `check`): an opt-in rule runs only when the config names it (not `off`),
 * each with its options, defaults filled in.
 */
export function unitRuleFindings(result: TraceResult, rules: Record<string, RuleEntry>): TraceResult {
  const found = RULE_UNITS.flatMap((unit: RuleUnit) => {
    if (unit.check === undefined) return [];
    const entry = rules[unit.id];
    if (entry === undefined ? unit.meta.optIn : settingOf(entry) === 'off') return [];
    const given = (Array.isArray(entry) ? entry[1] : undefined) ?? {};
    const options = Object.fromEntries(
      Object.entries(unit.meta.options ?? {}).map(([key, option]) => [
        key,
        (given[key] as number) ?? option.default,
      ]),
    );
    return unit.check(result, options);
  });
  return found.length === 0 ? result : withFindings(result, [...result.findings, ...found]);
}

/** The settings that differ from the rule table's own severity, in table order. */
export function changedRules(rules: Record<string, RuleEntry>): { rule: RuleId; setting: RuleSetting }[] {
  return RULE_IDS.filter((id) => rules[id] !== undefined && settingOf(rules[id]) !== RULES[id].severity).map(
    (id) => ({ rule: id, setting: settingOf(rules[id]!) }),
  );
}

/** The result with each configured rule's findings re-graded, `off` ones dropped. */
export function applyRuleSettings(result: TraceResult, rules: Record<string, RuleEntry>): TraceResult {
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
