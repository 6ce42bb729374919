/** `--where` on facts and matrix, and the matrix's attribute columns, through the real CLI on a copy of docs/chains. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runFactline } from '../support/cli.ts';
import { tempCopy } from '../support/temp.ts';

/** docs/chains with SYS-GREET at risk `02` (typed integer) and SYS-GREET-EMPTY at risk `3`. */
function project(
  types: Record<string, unknown> = { priority: { enum: ['high', 'low'] }, risk: 'integer' },
): string {
  const root = tempCopy(join(REPO, 'docs', 'chains'), 'chains-where');
  const config = join(root, 'factline.config.json');
  writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), attributes: types }));
  const spec = join(root, 'specs', 'system.md');
  writeFileSync(
    spec,
    readFileSync(spec, 'utf8')
      .replace('@attr:priority=high', '@attr:priority=high @attr:risk=02')
      .replace('@attr:priority=low', '@attr:priority=low @attr:risk=3'),
  );
  return root;
}

const addresses = (stdout: string) =>
  (JSON.parse(stdout).facts as { address: string }[]).map((f) => f.address).sort();

describe('facts and matrix --where', () => {
  // @verifies chains#ATTRIBUTE-FILTER
  it('keeps the facts matching every expression, a typed key compared as its type', async () => {
    const root = project();
    const typed = await runFactline(['facts', '--json', '--where', 'risk=2'], root);
    expect(typed.code).toBe(0);
    expect(addresses(typed.stdout)).toEqual(['system#SYS-GREET']);
    expect(JSON.parse(typed.stdout).facts[0].attributes).toEqual([
      { key: 'priority', value: 'high', line: 8, column: 38 },
      { key: 'risk', value: '02', line: 8, column: 58 },
    ]);
    const both = await runFactline(['facts', '--json', '--where', 'risk', '--where', 'priority!=high'], root);
    expect(addresses(both.stdout)).toEqual(['system#SYS-GREET-EMPTY']);
    const absent = await runFactline(['facts', '--json', '--where', 'risk!=3'], root);
    // Facts without `risk` are kept by `!=`: every software and test fact, and SYS-GREET.
    expect(addresses(absent.stdout)).toContain('software#SW-GREET');
    expect(addresses(absent.stdout)).toContain('system#SYS-GREET');
    expect(addresses(absent.stdout)).not.toContain('system#SYS-GREET-EMPTY');
    const table = await runFactline(['facts', '--where', 'priority=low'], root);
    expect(table.stdout).toContain('specs/system.md:10  system#SYS-GREET-EMPTY');
    expect(table.stdout).not.toContain('system#SYS-GREET ');
    const matrix = await runFactline(['matrix', '--format', 'json', '--where', 'risk=3'], root);
    expect(matrix.code).toBe(0);
    expect(addresses(matrix.stdout)).toEqual(['system#SYS-GREET-EMPTY']);
  });

  // @verifies chains#ATTRIBUTE-FILTER
  it('compares as strings without the table', async () => {
    const root = project();
    const config = join(root, 'factline.config.json');
    const { attributes: _, ...rest } = JSON.parse(readFileSync(config, 'utf8'));
    writeFileSync(config, JSON.stringify(rest));
    expect(addresses((await runFactline(['facts', '--json', '--where', 'risk=2'], root)).stdout)).toEqual([]);
    expect(addresses((await runFactline(['facts', '--json', '--where', 'risk=02'], root)).stdout)).toEqual([
      'system#SYS-GREET',
    ]);
  });

  // @verifies chains#ATTRIBUTE-FILTER
  it('refuses a malformed expression, an undeclared key and a value outside the type with exit 2 and the fix', async () => {
    const root = project();
    const shape = await runFactline(['facts', '--where', '=high'], root);
    expect(shape.code).toBe(2);
    expect(shape.stderr).toContain('--where "=high" is not a filter: write KEY=VALUE, KEY!=VALUE or KEY');
    const key = await runFactline(['matrix', '--where', 'prio=high'], root);
    expect(key.code).toBe(2);
    expect(key.stderr).toContain(
      '--where prio=high: the config declares no attribute `prio`; did you mean `priority`?',
    );
    const value = await runFactline(['facts', '--where', 'risk=two'], root);
    expect(value.code).toBe(2);
    expect(value.stderr).toContain(
      '--where risk=two: `two` is not a whole number (type `integer`); write e.g. --where risk=42',
    );
  });
});

describe('matrix attributes', () => {
  // @verifies chains#MATRIX-ATTRIBUTES
  it('adds a column per attribute key in CSV and Markdown, and attributes in JSON', async () => {
    const root = project();
    const csv = await runFactline(['matrix', '--format', 'csv'], root);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.split('\r\n');
    expect(lines[0]).toBe(
      'fact,status,needs,state,implemented by,verified by,test outcomes,attr:priority,attr:risk',
    );
    expect(lines.find((l) => l.startsWith('system#SYS-GREET,'))).toMatch(/,high,02$/);
    expect(lines.find((l) => l.startsWith('software#SW-GREET,'))).toMatch(/,,$/);
    const md = await runFactline(['matrix'], root);
    expect(md.stdout.split('\n')[0]).toBe(
      '| fact | status | needs | state | implemented by | verified by | test outcomes | attr:priority | attr:risk |',
    );
    expect(md.stdout).toMatch(/\| system\\#SYS-GREET-EMPTY \|.*\| low \| 3 \|/);
    const json = JSON.parse((await runFactline(['matrix', '--format', 'json'], root)).stdout);
    const rows = json.facts as { address: string; attributes?: unknown }[];
    expect(rows.find((r) => r.address === 'system#SYS-GREET')?.attributes).toEqual([
      { key: 'priority', value: 'high' },
      { key: 'risk', value: '02' },
    ]);
    expect(rows.find((r) => r.address === 'software#SW-GREET')).not.toHaveProperty('attributes');
  });
});
