/**
 * `factline explain RULE`'s text: one rule as its unit declares it, the
 * same words SARIF, `check --help` and docs/policy.md show, plus what only
 * the unit knows (its partial scope, its options, whether it is opt-in).
 * Pure.
 */
import { nearestOne } from '../../reader/did-you-mean.ts';
import type { PartialScope, RuleUnit } from '../rules/index.ts';
import { RULE_IDS } from '../rules.ts';

const SCOPE: Record<PartialScope, string> = {
  citation: 'one citation at a time: `check --changed` judges it in the files it scans',
  spec: 'one spec file at a time: `check --changed` judges it in the spec files that changed',
  'whole-tree': 'needs every file: `check --changed` leaves it to the full `factline check`',
};

/** The option lines: name, schema and meaning, with the config entry that sets it. */
function optionLines(unit: RuleUnit): string[] {
  const options = Object.entries(unit.meta.options ?? {});
  if (options.length === 0) return ['  options     none'];
  const example = options.map(([name, o]) => `"${name}": ${o.default + 1}`).join(', ');
  return [
    ...options.map(
      ([name, o], i) =>
        `  ${i === 0 ? 'options ' : '        '}    ${name}: ${o.type} ≥ ${o.min}, default ${o.default}; ${o.description}`,
    ),
    `              set in the config: "rules": {"${unit.id}": ["error", {${example}}]}`,
  ];
}

// @implements trace#EXPLAIN-RULE
export function renderRuleExplain(unit: RuleUnit): string {
  const m = unit.meta;
  const lines = [
    `${unit.id} (rule)`,
    `  severity    ${m.severity} by default; the config's "rules" sets it to error, warning or off`,
    ...(m.optIn ? ['  opt-in      runs only when the config\'s "rules" names it'] : []),
    ...(m.retired ? ['  retired     no finding uses it any more; kept so older output still finds it'] : []),
    `  judged      ${SCOPE[m.scope]}`,
    ...optionLines(unit),
    '',
    `  ${m.description}`,
    '',
    `  why: ${m.help}`,
    `  fix: ${m.fix}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** `explain RULE --json`: the rule's id and its meta as declared. */
export function ruleExplainJson(unit: RuleUnit): Record<string, unknown> {
  const m = unit.meta;
  return {
    rule: unit.id,
    severity: m.severity,
    description: m.description,
    help: m.help,
    fix: m.fix,
    scope: m.scope,
    optIn: m.optIn === true,
    retired: m.retired === true,
    options: m.options ?? {},
  };
}

/** The rule a mistyped kebab-case reference most likely meant, for the unknown-reference error. */
export function nearRule(text: string): string | undefined {
  return /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(text) ? nearestOne(text, RULE_IDS) : undefined;
}
