/** The core as another project vendors it: a copy of generated/ and its spec passes that project's gate. */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceResult } from '../../checks/model.ts';
import { REPO, runInProcess } from '../support/cli.ts';
import { tempDir } from '../support/temp.ts';

describe('a vendored copy of the generated core', () => {
  // @verifies cli#VENDORED-CORE-PASSES-THE-GATE
  it('cites only facts of the specs it is generated from: no unknown-fact or ambiguous-fact finding', async () => {
    const dir = tempDir('vendored');
    cpSync(join(REPO, 'generated'), join(dir, 'generated'), { recursive: true });
    // The specs this repository generates the core from, as its own config names them.
    const { generate } = JSON.parse(readFileSync(join(REPO, 'factline.config.json'), 'utf8'));
    const specs: string[] = [generate.spec, ...(generate.specs ?? [])];
    expect(specs).toContain('specs/mcp-core.md');
    for (const spec of specs) cpSync(join(REPO, spec), join(dir, spec));
    const r = await runInProcess(dir, ['check', '--json', '--no-cache']);
    expect(r.stderr).toBe('');
    const result = JSON.parse(r.stdout) as TraceResult;
    // The generated code does cite its spec, so an unresolvable citation would show here.
    expect(result.citations.length).toBeGreaterThan(10);
    expect(result.citations.every((c) => c.file.startsWith('generated/'))).toBe(true);
    const unresolved = result.findings.filter(
      (f) => f.rule === 'unknown-fact' || f.rule === 'ambiguous-fact',
    );
    expect(unresolved.map((f) => `${f.file}:${f.line} ${f.rule} ${f.message}`)).toEqual([]);
    expect(
      result.citations.filter((c) => c.resolved === undefined).map((c) => `${c.file}:${c.line} ${c.ref}`),
    ).toEqual([]);
  });
});
