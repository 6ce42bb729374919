/**
 * Pins live in templates: a reworded fact makes a TypeScript template's
 * citation (an ordinary comment) stale,
 * `pin` re-stamps the template (never the generated file), and `gen` carries
 * the reviewed pin into generated code. Real files in a temp project, the CLI
 * in-process.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceResult } from '../../checks/model.ts';
import { parseSpec } from '../../reader/index.ts';
import { runInProcess } from '../support/cli.ts';

const SPEC = `# Demo

@status:impl/done

@fact:WIRE-ONE The server reads one line at a time. @requires:implementation

@fact:WIRE-TWO The server writes one line per answer. @requires:implementation
`;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const pinOf = (spec: string, id: string) =>
  parseSpec(spec, { file: 'specs/demo.md', doc: 'demo' })
    .facts.find((f) => f.id === id)!
    .digest.slice(0, 8);

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-pins-'));
  dirs.push(dir);
  for (const d of ['specs', 'templates']) mkdirSync(join(dir, d));
  writeFileSync(join(dir, 'specs', 'demo.md'), SPEC);
  writeFileSync(
    join(dir, 'templates', 'wire.ts'),
    `// @implements demo#WIRE-ONE~${pinOf(SPEC, 'WIRE-ONE')}\nexport const readLine = 1;\n\n// @implements demo#WIRE-TWO~${pinOf(SPEC, 'WIRE-TWO')}\nexport const writeLine = 2;\n`,
  );
  writeFileSync(
    join(dir, 'factline.config.json'),
    JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['templates/**/*', 'generated/**/*.ts'],
      tests: ['test/**/*.ts'],
      generate: { spec: 'specs/demo.md', templates: 'templates', out: 'generated' },
    }),
  );
  return dir;
}

async function check(dir: string): Promise<{ code: number; result: TraceResult }> {
  const r = await runInProcess(dir, ['check', '--json', '--no-cache']);
  return { code: r.code, result: JSON.parse(r.stdout) as TraceResult };
}

describe('pins live in templates', () => {
  // @verifies generator#PINS-LIVE-IN-TEMPLATES
  // @verifies generator#PINS-GATE-NAMES-TEMPLATE-AND-GEN
  // @verifies generator#PINS-PIN-RESTAMPS-TEMPLATES
  it('reword → gen → check: the template citation is stale; pin → gen → check: clean', async () => {
    const dir = project();
    expect((await runInProcess(dir, ['gen'])).code).toBe(0);
    const generated = () => readFileSync(join(dir, 'generated', 'wire.ts'), 'utf8');
    expect(generated()).toContain(
      `// @implements demo#WIRE-ONE~${pinOf(SPEC, 'WIRE-ONE')} — The server reads one line`,
    );
    expect((await check(dir)).code).toBe(0);

    const reworded = SPEC.replace('reads one line at a time', 'reads one line, then waits');
    writeFileSync(join(dir, 'specs', 'demo.md'), reworded);
    expect((await runInProcess(dir, ['gen'])).code).toBe(0);
    // gen copies the reviewed pin, it does not re-stamp it.
    expect(generated()).toContain(
      `demo#WIRE-ONE~${pinOf(SPEC, 'WIRE-ONE')} — The server reads one line, then waits.`,
    );
    const stale = await check(dir);
    expect(stale.code).toBe(1);
    const findings = stale.result.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.rule} ${f.fact}`);
    expect(findings).toEqual([
      'generated/wire.ts:5:4 stale-citation demo#WIRE-ONE',
      'specs/demo.md:5:1 missing-implementation demo#WIRE-ONE',
      'templates/wire.ts:1:4 stale-citation demo#WIRE-ONE',
    ]);
    const [inGenerated, gap, inTemplate] = stale.result.findings;
    expect(gap!.message).toBe(
      'demo#WIRE-ONE (impl/done) has no current implementing citation: 2 implementing citations are stale',
    );
    expect(gap!.fix).toBe('review the code against the reworded fact, then run `factline pin demo#WIRE-ONE`');
    expect(inGenerated!.fix).toBe(
      "this file is generated from templates/wire.ts: review the fact there, run `factline pin demo#WIRE-ONE` (it re-stamps the template's citation), then `factline gen`",
    );
    expect(inTemplate!.fix).toContain('run `factline pin demo#WIRE-ONE`');

    const before = generated();
    const pinned = await runInProcess(dir, ['pin']);
    expect(pinned.stdout).toContain(
      `templates/wire.ts:1:4: demo#WIRE-ONE ~${pinOf(SPEC, 'WIRE-ONE')} -> ~${pinOf(reworded, 'WIRE-ONE')}`,
    );
    expect(pinned.stdout).toContain('re-pinned 1 citation(s)');
    expect(generated()).toBe(before);
    expect(readFileSync(join(dir, 'templates', 'wire.ts'), 'utf8')).toContain(
      `// @implements demo#WIRE-ONE~${pinOf(reworded, 'WIRE-ONE')}\n`,
    );
    expect((await runInProcess(dir, ['gen'])).code).toBe(0);
    const clean = await check(dir);
    expect(clean.result.findings).toEqual([]);
    expect(clean.code).toBe(0);
  });

  // @verifies generator#PINS-LIVE-IN-TEMPLATES
  // @verifies generator#PINS-GATE-NAMES-TEMPLATE-AND-GEN
  it('a Handlebars template: its {{cite}} pin reaches the generated file, whose stale citation names the {{cite}}', async () => {
    const dir = project();
    rmSync(join(dir, 'templates', 'wire.ts'));
    writeFileSync(
      join(dir, 'templates', 'wire.ts.hbs'),
      `{{cite "WIRE-ONE~${pinOf(SPEC, 'WIRE-ONE')}"}}\nexport const readLine = 1;\n{{cite "WIRE-TWO"}}\nexport const writeLine = 2;\n`,
    );
    expect((await runInProcess(dir, ['gen'])).code).toBe(0);
    expect((await check(dir)).code).toBe(0);
    writeFileSync(join(dir, 'specs', 'demo.md'), SPEC.replace('reads one line at a time', 'reads lines'));
    expect((await runInProcess(dir, ['gen'])).code).toBe(0);
    const stale = await check(dir);
    // The template is not a module the gate reads: the generated file carries the citation.
    expect(stale.result.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      'generated/wire.ts:5 stale-citation',
      'specs/demo.md:5 missing-implementation',
    ]);
    expect(stale.result.findings[0]!.fix).toBe(
      'this file is generated from templates/wire.ts.hbs: review the fact there, update the pin of its {{cite "ID~PIN"}}, then `factline gen`',
    );
  });

  // @verifies generator#PINS-LIVE-IN-TEMPLATES
  it('a malformed pin in a Handlebars template stops gen at the call', async () => {
    const dir = project();
    rmSync(join(dir, 'templates', 'wire.ts'));
    writeFileSync(join(dir, 'templates', 'wire.ts.hbs'), 'export {};\n{{cite "WIRE-ONE~zz"}}\n');
    const r = await runInProcess(dir, ['gen']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'templates/wire.ts.hbs:2:1: error bad-helper-call cite: `WIRE-ONE~zz` has a malformed pin',
    );
  });
});
