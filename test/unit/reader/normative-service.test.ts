/** Service units that read like requirements: lint and check warn, --strict makes it an error. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSpec } from '../../../reader/index.ts';
import { runInProcess } from '../../support/cli.ts';

const SPEC = `# Demo

@status:spec/work

@fact:slug-lower-id Lines longer than 80 characters MUST be cut. @status:impl/done

@fact:quiet-note Lines are cut with \`MUST\` in a code span, which is not prose.

@fact:due-note A plain sentence. @status:impl/done

@fact:kind-line-x \`req r1\` @status:impl/done

@fact:NORMATIVE-ONE Lines MUST end in LF.
`;

const codes = (text: string) =>
  parseSpec(text, { file: 'specs/demo.md', doc: 'demo' })
    .diagnostics.filter((d) => d.code === 'normative-service-unit')
    .map((d) => `${d.line}:${d.column} ${d.severity} ${d.fix?.split('?')[0]}`);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'factline-normative-'));
  mkdirSync(join(dir, 'specs'));
  writeFileSync(join(dir, 'specs', 'demo.md'), SPEC);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('normative-looking service units', () => {
  // @verifies reader#LINT-NORMATIVE-SERVICE-UNIT
  it('warns on an RFC 2119 word in prose or an own impl/… status, with the upper-case id as did-you-mean', () => {
    expect(codes(SPEC)).toEqual([
      '5:1 warning did you mean `@fact:SLUG-LOWER-ID`',
      '9:1 warning did you mean `@fact:DUE-NOTE`',
    ]);
  });

  // @verifies reader#LINT-NORMATIVE-SERVICE-UNIT
  it('lint warns and exits 0; lint --strict and check --strict make it an error', async () => {
    const lint = await runInProcess(dir, ['lint']);
    expect(lint.code).toBe(0);
    expect(lint.stdout).toContain(
      'specs/demo.md:5:1: warning normative-service-unit `slug-lower-id` is a service unit (kebab-case id), which needs no evidence, yet it says "MUST" like a requirement',
    );
    const strict = await runInProcess(dir, ['lint', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('specs/demo.md:5:1: error normative-service-unit');
    const check = await runInProcess(dir, ['check', '--no-cache']);
    expect(check.stdout).toContain('specs/demo.md:5:1: warning normative-service-unit');
    const strictCheck = await runInProcess(dir, ['check', '--no-cache', '--strict']);
    expect(strictCheck.code).toBe(1);
    expect(strictCheck.stdout).toContain('specs/demo.md:9:1: error normative-service-unit');
  });
});
