/**
 * docs/chains/, the three-level example (system → software → test case),
 * played through the real CLI on a private copy: green as committed; red
 * when the software's test goes, when the link goes, and when the system
 * requirement is reworded after `pin --add` — until `pin` re-stamps it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runFactline } from '../../support/cli.ts';
import { tempCopy } from '../../support/temp.ts';

const EXAMPLE = join(REPO, 'docs', 'chains');

function project(): string {
  return tempCopy(EXAMPLE, 'chains-example');
}

function edit(root: string, file: string, from: string | RegExp, to: string): void {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = before.replace(from, to);
  expect(after, `${file} holds ${String(from)}`).not.toBe(before);
  writeFileSync(path, after);
}

describe('docs/chains: requirement chains gated by `factline check`', () => {
  // @verifies chains#EXAMPLE-GATED
  it('is green as committed, every link pinned', async () => {
    const root = project();
    const r = await runFactline(['check'], root);
    expect(r.stdout).toContain(
      'system (specs/system.md): 2 facts, 2 required, 2 covered through refinement, 0 gap(s)',
    );
    expect(r.code).toBe(0);
    for (const spec of ['software.md', 'tests.md']) {
      expect(readFileSync(join(root, 'specs', spec), 'utf8')).toMatch(/@refines:\S+#\S+~[0-9a-f]{8} /);
    }
  });

  // @verifies chains#EXAMPLE-GATED
  it('goes red when the software test is removed: the test case, the software and the system requirement all fall', async () => {
    const root = project();
    rmSync(join(root, 'test', 'greet.test.ts'));
    const r = await runFactline(['check'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('error missing-verification tests#TC-GREET-ADA');
    expect(r.stdout).toContain(
      'error missing-refinement system#SYS-GREET needs refinement and is not covered: software#SW-GREET is not covered through refinement: tests#TC-GREET-ADA is missing test (impl/done)',
    );
  });

  // @verifies chains#EXAMPLE-GATED
  it('goes red when the link is removed', async () => {
    const root = project();
    edit(root, 'specs/software.md', /@refines:system#SYS-GREET~[0-9a-f]{8} /, '');
    const r = await runFactline(['check'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'error missing-refinement system#SYS-GREET needs refinement and is not covered: no fact refines it',
    );
    expect(r.stdout).toContain('fix: write `@refines:system#SYS-GREET` on the fact that details it');
  });

  // @verifies chains#EXAMPLE-GATED
  // @verifies chains#SUSPECT-LINKS
  // @verifies chains#PIN-ADD-LINKS
  // @verifies chains#PIN-RESTAMPS-LINKS
  it('goes red when the system requirement is reworded after pin --add, and green again after pin', async () => {
    const root = project();
    // Unpinned, as an author first writes it: pin --add stamps the parent's digest.
    edit(root, 'specs/software.md', /(@refines:system#SYS-GREET)~[0-9a-f]{8}/, '$1');
    const added = await runFactline(['pin', '--add', 'specs'], root);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(
      /specs\/software\.md:8:\d+: system#SYS-GREET ~[0-9a-f]{8} — The product greets each user by name\./,
    );
    expect(added.stdout).toContain('pinned 1 link(s) to the texts above');
    expect((await runFactline(['check'], root)).code).toBe(0);

    edit(root, 'specs/system.md', 'greets each user by name.', 'greets each user by full name.');
    const red = await runFactline(['check'], root);
    expect(red.code).toBe(1);
    expect(red.stdout).toMatch(
      /specs\/software\.md:8:\d+: error stale-link @refines:system#SYS-GREET~[0-9a-f]{8} on software#SW-GREET: system#SYS-GREET changed since the link was pinned/,
    );
    expect(red.stdout).toContain('it now reads: "The product greets each user by full name."');
    expect(red.stdout).toContain('error missing-refinement system#SYS-GREET');

    const repinned = await runFactline(['pin', 'system#SYS-GREET'], root);
    expect(repinned.stdout).toMatch(
      /specs\/software\.md:8:\d+: system#SYS-GREET ~[0-9a-f]{8} -> ~[0-9a-f]{8}/,
    );
    expect(repinned.stdout).toContain('re-pinned 1 link(s)');
    const green = await runFactline(['check'], root);
    expect(green.stdout).toContain('0 error(s)');
    expect(green.code).toBe(0);
  });
});
