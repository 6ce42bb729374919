/**
 * `pin` re-stamps every pin form it reports stale (comment `~rN`, Rust
 * `r = N`, JSDoc `@spec … rN`) or names the ones it cannot and exits 1;
 * `pin --add` pins unpinned citations, printing each with the fact's text.
 * Through the real CLI on a temp git repository.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFactline, runInProcess } from '../../support/cli.ts';
import { gitProject } from '../../support/git-project.ts';

const spec = (kindLine: string) => `# greeter {#root}

@status:impl/done

## Greeting {#greeting}

${kindLine}

@fact:GREETS It greets by name. @status:impl/done
`;

function project(): string {
  return gitProject({
    'factline.config.json': '{"namespace": "acme", "sources": ["src/**/*"], "tests": ["test/**/*"]}\n',
    'specs/greeter.md': spec('@fact:greeting-kind `req r1`'),
    'src/greet.rs': '#[spec(implements = "spec://acme/greeter#GREETS", r = 1)]\npub fn greet() {}\n',
    'src/greet.ts':
      '/**\n * @spec implements spec://acme/greeter#GREETS r1\n */\nexport function greet() {}\n',
    'test/greet.test.ts': "// @verifies greeter#GREETS~r1\nit('greets', () => {});\n",
  });
}

const staleCount = (stdout: string) => (stdout.match(/error stale-citation/g) ?? []).length;

describe('pin, every form', () => {
  // @verifies trace#PIN-EVERY-FORM
  it('re-stamps a Rust r = N, a JSDoc rN and a comment ~rN, and check is clean after', async () => {
    const root = project();
    expect((await runInProcess(root, ['check'])).code).toBe(0);
    writeFileSync(join(root, 'specs/greeter.md'), spec('@fact:greeting-kind `req r2`'));
    const before = await runInProcess(root, ['check']);
    expect(staleCount(before.stdout)).toBe(3);
    const pin = await runFactline(['pin'], root);
    expect(pin.code).toBe(0);
    expect(pin.stdout).toContain('src/greet.rs:1:1: greeter#GREETS ~r1 -> ~r2');
    expect(pin.stdout).toContain('src/greet.ts:2:4: greeter#GREETS ~r1 -> ~r2');
    expect(pin.stdout).toContain('re-pinned 3 citation(s)');
    expect(readFileSync(join(root, 'src/greet.rs'), 'utf8')).toBe(
      '#[spec(implements = "spec://acme/greeter#GREETS", r = 2)]\npub fn greet() {}\n',
    );
    expect(readFileSync(join(root, 'src/greet.ts'), 'utf8')).toContain(
      '@spec implements spec://acme/greeter#GREETS r2\n',
    );
    expect(readFileSync(join(root, 'test/greet.test.ts'), 'utf8')).toContain('greeter#GREETS~r2');
    const after = await runInProcess(root, ['check']);
    expect(staleCount(after.stdout)).toBe(0);
    expect(after.code).toBe(0);
    expect((await runInProcess(root, ['pin'])).stdout).toBe('no stale pins\n');
  });

  // @verifies trace#PIN-EVERY-FORM
  it('names each stale pin it cannot rewrite and exits 1, never counting it as re-pinned', async () => {
    const root = project();
    // No kind line any more: a revision pin has no revision to move to.
    writeFileSync(join(root, 'specs/greeter.md'), spec(''));
    const pin = await runFactline(['pin'], root);
    expect(pin.code).toBe(1);
    expect(pin.stdout).toMatch(
      /src\/greet\.rs:1:1: greeter#GREETS: not pinned: its revision pin r1 would become the digest pin ~[0-9a-f]{8}/,
    );
    expect(pin.stdout).toMatch(/src\/greet\.ts:2:4: greeter#GREETS: not pinned: /);
    expect(pin.stdout).toContain('re-pinned 1 citation(s)');
    const after = await runInProcess(root, ['check']);
    expect(staleCount(after.stdout)).toBe(2);
  });
});

describe('pin --add', () => {
  // @verifies trace#PIN-ADD
  it('pins unpinned citations in the given paths, printing each with the fact text, and they go stale on a rewording', async () => {
    const root = gitProject({
      'factline.config.json': '{"sources": ["src/**/*"], "tests": ["test/**/*"]}\n',
      'specs/greeter.md': '# greeter\n\n@fact:GREETS It greets by name. @status:impl/done\n',
      'src/greet.ts': '// @implements greeter#GREETS\nexport const greet = 1;\n',
      'test/greet.test.ts': "// @verifies greeter#GREETS\nit('greets', () => {});\n",
    });
    const add = await runFactline(['pin', '--add', 'src'], root);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/^src\/greet\.ts:1:4: greeter#GREETS ~[0-9a-f]{8} — It greets by name\.\n/);
    expect(add.stdout).toContain('pinned 1 citation(s)');
    expect(readFileSync(join(root, 'test/greet.test.ts'), 'utf8')).toContain('greeter#GREETS\n');
    expect(readFileSync(join(root, 'src/greet.ts'), 'utf8')).toMatch(
      /^\/\/ @implements greeter#GREETS~[0-9a-f]{8}\n/,
    );
    // The reworded fact: the pinned citation stops counting, the unpinned one goes on.
    writeFileSync(
      join(root, 'specs/greeter.md'),
      '# greeter\n\n@fact:GREETS It greets by full name. @status:impl/done\n',
    );
    const check = await runInProcess(root, ['check']);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('src/greet.ts:1:');
    expect(staleCount(check.stdout)).toBe(1);
    expect((await runInProcess(root, ['pin', '--add'])).stdout).toContain(
      'test/greet.test.ts:1:4: greeter#GREETS ~',
    );
  });
});
