/** Attribute types from the config, judged by `factline check` through the real CLI on a copy of docs/chains. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runFactline } from '../support/cli.ts';
import { tempCopy } from '../support/temp.ts';

function project(attributes?: unknown): string {
  const root = tempCopy(join(REPO, 'docs', 'chains'), 'chains-attributes');
  const path = join(root, 'factline.config.json');
  const config = JSON.parse(readFileSync(path, 'utf8'));
  if (attributes === undefined) delete config.attributes;
  else config.attributes = attributes;
  writeFileSync(path, JSON.stringify(config));
  return root;
}

function reword(root: string, from: string, to: string): void {
  const path = join(root, 'specs', 'system.md');
  writeFileSync(path, readFileSync(path, 'utf8').replace(from, to));
}

describe('attributes typed in the config', () => {
  // @verifies chains#ATTRIBUTES-TYPED-IN-CONFIG
  it('places a value outside its type and an undeclared key, each with the fix', async () => {
    const green = await runFactline(['check'], project({ priority: { enum: ['high', 'low'] } }));
    expect(green.code).toBe(0);
    const root2 = project({ priority: { enum: ['high', 'low'] }, risk: 'integer' });
    reword(root2, '@attr:priority=low', '@attr:priority=lowest @attr:risk=2.5');
    reword(root2, '@attr:priority=high', '@attr:prio=high');
    const red = await runFactline(['check'], root2);
    expect(red.code).toBe(1);
    expect(red.stdout).toContain(
      'specs/system.md:8:38: error unknown-attribute `@attr:prio` on system#SYS-GREET: the config declares no attribute `prio` (declared: priority, risk)\n  fix: did you mean `@attr:priority=…`?',
    );
    expect(red.stdout).toContain(
      'specs/system.md:10:44: error attribute-invalid `@attr:priority=lowest` on system#SYS-GREET-EMPTY: `lowest` is not one of `high`, `low` (the type declared for `priority`)\n  fix: write a value of the type declared for `priority`, e.g. `@attr:priority=high`',
    );
    expect(red.stdout).toContain(
      'error attribute-invalid `@attr:risk=2.5` on system#SYS-GREET-EMPTY: `2.5` is not a whole number (type `integer`)',
    );
  });

  // @verifies chains#ATTRIBUTES-TYPED-IN-CONFIG
  it('takes any key as a string without the table, and carries attributes in --json', async () => {
    const root = project();
    reword(root, '@attr:priority=high', '@attr:anything="goes here"');
    const r = await runFactline(['check', '--json'], root);
    expect(r.code).toBe(0);
    const facts = JSON.parse(r.stdout).facts as { address: string; attributes?: unknown }[];
    expect(facts.find((f) => f.address === 'system#SYS-GREET')?.attributes).toEqual([
      { key: 'anything', value: 'goes here', line: 8, column: 38 },
    ]);
  });

  // @verifies chains#ATTRIBUTES-TYPED-IN-CONFIG
  it('refuses a table naming an unknown type or a bad declaration, naming the key', async () => {
    const r = await runFactline(['check'], project({ priority: 'enumm', risk: { range: [3, 1] } }));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '`attributes.priority` names the type `enumm`, which is neither built in nor declared',
    );
    expect(r.stderr).toContain('`attributes.risk` .range must be [MIN, MAX]');
  });
});
