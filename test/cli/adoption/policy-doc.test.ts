/**
 * docs/policy.md is a walk through one project: its files are written into a
 * temp directory and its commands run there by the real CLI, printing and
 * exiting as the page says. Its rule table is the rule units' (checks/rules/),
 * and every fact state is explained.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../checks/model.ts';
import { RULE_UNITS, type RuleUnit } from '../../../checks/rules/index.ts';
import { FACT_STATE_ORDER } from '../../../checks/states.ts';
import { cell, generatedTable, list, pagePath, walkThrough } from './doc-examples.ts';

const PAGE = 'policy.md';

describe('docs/policy.md, played as a project', () => {
  const walk = walkThrough(PAGE);

  it('has its walk-through', () => expect(walk.steps.length).toBeGreaterThanOrEqual(8));

  // @verifies adoption#DOCS-POLICY-PLAYED
  it.each(walk.cases)('line %i: factline %s prints and exits as shown', async (_line, _args, step) => {
    const run = await walk.play(step);
    if (step.args[0] === 'check' && run.code !== 2) {
      const json = await walk.project.run([...step.args, '--json']);
      const rules = [...new Set((JSON.parse(json.output) as TraceResult).findings.map((f) => f.rule))];
      expect(rules).toEqual(list(step.command.expect.rules));
    }
  });
});

/** One row per registered rule unit: id, severity (opt-in marked), what it catches with its options, the general fix. */
function ruleRows(): string[] {
  return [
    '| rule | severity | what it catches | what fixes it |',
    '| --- | --- | --- | --- |',
    ...(RULE_UNITS as readonly RuleUnit[]).map(({ id, meta }) => {
      const severity = meta.optIn ? `${meta.severity}, opt-in` : meta.severity;
      const options = Object.entries(meta.options ?? {}).map(
        ([name, o]) => ` Option \`${name}\`: ${o.type} ≥ ${o.min}, default ${o.default}, ${o.description}.`,
      );
      return `| \`${id}\` | ${severity} | ${cell(meta.description + options.join(''))} | ${cell(meta.fix)} |`;
    }),
  ];
}

describe('docs/policy.md, its tables', () => {
  const text = () => readFileSync(pagePath(PAGE), 'utf8');

  // @verifies adoption#DOCS-POLICY-RULES
  it('lists every registered rule with its severity and fix', () => {
    const table = generatedTable(PAGE, 'rules', ruleRows());
    expect(table.written, 'run: UPDATE=1 npx vitest run test/cli/adoption/policy-doc.test.ts').toEqual(
      table.expected,
    );
  });

  // @verifies adoption#DOCS-POLICY-RULES
  it('explains every state a fact can be in', () => {
    const states = /## The state of a fact\n([\s\S]*?)\n## /.exec(text())?.[1] ?? '';
    const explained = [...states.matchAll(/^\| `([\w-]+)` +\|/gm)].map((m) => m[1]);
    expect(explained).toEqual(FACT_STATE_ORDER);
  });
});
