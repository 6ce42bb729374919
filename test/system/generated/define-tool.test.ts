/**
 * `defineTool` types a tool's `run` arguments from its literal inputSchema:
 * the assertions in types/define-tool.types.ts compile, and a copy with one
 * assertion turned wrong does not, so the check has teeth.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';

const TYPES = fileURLToPath(new URL('./types/define-tool.types.ts', import.meta.url));
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const dir = mkdtempSync(join(tmpdir(), 'define-tool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Type-checks `file` alone, with the project's compiler options. */
function tsc(file: string): { code: number | null; out: string } {
  const config = join(dir, `tsconfig-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(REPO, 'tsconfig.json'),
      compilerOptions: { typeRoots: [join(REPO, 'node_modules', '@types')] },
      include: [],
      files: [file],
    }),
  );
  const run = spawnSync(process.execPath, [TSC, '-p', config], { encoding: 'utf8' });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('defineTool', () => {
  // @verifies mcp-host#RUN-ARGUMENTS-ARE-TYPED-FROM-A-LITERAL-SCHEMA
  it('types run arguments from the literal inputSchema, and a wrong expectation fails to compile', () => {
    expect(tsc(TYPES)).toEqual({ code: 0, out: '' });
    // The same file with `name` expected as a number instead of a string.
    const broken = join(REPO, 'test/system/generated/types', `.broken-${process.pid}.types.ts`);
    writeFileSync(
      broken,
      readFileSync(TYPES, 'utf8').replace('{ name: string; times?', '{ name: number; times?'),
    );
    try {
      const run = tsc(broken);
      expect(run.code).not.toBe(0);
      expect(run.out).toContain('error TS2344');
    } finally {
      rmSync(broken, { force: true });
    }
  }, 120_000);
});
