/** The chain of links through the CLI, on a copy of docs/chains: `explain` up and down, and why a parent is not covered. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runFactline } from '../support/cli.ts';
import { tempCopy } from '../support/temp.ts';

const copy = () => tempCopy(join(REPO, 'docs', 'chains'), 'chains-cli');

describe('factline explain on a chain', () => {
  // @verifies chains#EXPLAIN-SHOWS-CHAIN
  it('prints the links up and down with their places, and the refinement covering the fact', async () => {
    const root = copy();
    const r = await runFactline(['explain', 'software#SW-GREET'], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /links up \(1\):\n {2}specs\/software\.md:8:\d+ {2}@refines system#SYS-GREET ~[0-9a-f]{8} {2}\[counts\]/,
    );
    expect(r.stdout).toMatch(
      /links down \(1\):\n {2}tests#TC-GREET-ADA {2}@refines ~[0-9a-f]{8} {2}specs\/tests\.md:8:\d+ {2}\[counts\]/,
    );
    expect(r.stdout).toContain('refinement: covered');
  });

  // @verifies chains#EXPLAIN-SHOWS-CHAIN
  it('says which refining fact falls short, in text and --json', async () => {
    const root = copy();
    rmSync(join(root, 'test', 'greet.test.ts'));
    const text = await runFactline(['explain', 'system#SYS-GREET'], root);
    expect(text.stdout).toContain('state       missing-refinement');
    expect(text.stdout).toContain(
      'refinement: not covered\n  software#SW-GREET is not covered through refinement: tests#TC-GREET-ADA is missing test (impl/done)',
    );
    const json = JSON.parse((await runFactline(['explain', 'system#SYS-GREET', '--json'], root)).stdout);
    expect(json.links.down).toEqual([
      expect.objectContaining({
        kind: 'refines',
        from: 'software#SW-GREET',
        resolved: 'system#SYS-GREET',
        counted: true,
      }),
    ]);
    expect(json.refinement).toEqual({
      by: ['software#SW-GREET'],
      uncovered: [
        {
          address: 'software#SW-GREET',
          why: 'software#SW-GREET is not covered through refinement: tests#TC-GREET-ADA is missing test (impl/done)',
        },
      ],
      notCounted: [],
    });
  });
});
