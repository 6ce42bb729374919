/**
 * A rule written as a unit (checks/rules/too-many-implementations.ts) with an
 * option from the config, through the real CLI on a temp project.
 */
import { describe, expect, it } from 'vitest';
import { runFactline } from '../../support/cli.ts';
import { tempProject } from '../../support/temp.ts';

function project(rules: unknown): string {
  return tempProject({
    'factline.config.json': JSON.stringify({ sources: ['src/**/*.ts'], tests: ['test/**/*.ts'], rules }),
    'specs/doc.md': '# Doc\n\n@fact:A A. @status:impl/done @requires:implementation\n',
    'src/a.ts': '// @implements doc#A\nexport const a = 1;\n',
    'src/b.ts': '// @implements doc#A\nexport const b = 1;\n',
    'src/c.ts': '// @implements doc#A\nexport const c = 1;\n',
  });
}

describe('too-many-implementations', () => {
  // @verifies trace#RULE-TOO-MANY-IMPLEMENTATIONS
  // @verifies trace#RULE-OPTIONS-FROM-CONFIG
  it('fails past `max` sites when configured, passes within it, and stays silent unless named', async () => {
    const over = await runFactline(
      ['check', '--no-cache'],
      project({ 'too-many-implementations': ['error', { max: 2 }] }),
    );
    expect(over.code).toBe(1);
    expect(over.stdout).toContain(
      'specs/doc.md:3:1: error too-many-implementations doc#A is implemented at 3 places, more than 2: src/a.ts:1, src/b.ts:1, src/c.ts:1',
    );
    const within = await runFactline(
      ['check', '--no-cache'],
      project({ 'too-many-implementations': ['error', { max: 3 }] }),
    );
    expect(within.code).toBe(0);
    expect(within.stdout).not.toContain('too-many-implementations doc#A');
    const unnamed = await runFactline(['check', '--no-cache'], project({}));
    expect(unnamed.code).toBe(0);
    expect(unnamed.stdout).not.toContain('too-many-implementations');
    const bad = await runFactline(
      ['check', '--no-cache'],
      project({ 'too-many-implementations': ['error', { most: 2 }] }),
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '`rules.too-many-implementations[1].most` is not an option of too-many-implementations (its options: max)',
    );
    const low = await runFactline(
      ['check', '--no-cache'],
      project({ 'too-many-implementations': ['error', { max: 0 }] }),
    );
    expect(low.code).toBe(2);
    expect(low.stderr).toContain('`rules.too-many-implementations[1].max` must be an integer ≥ 1');
  }, 120_000);
});
