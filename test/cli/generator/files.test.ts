/**
 * The generated files on disk: a CRLF checkout reads as the file gen wrote;
 * a JSON output, which has no comments for the header, is tracked through
 * the manifest beside it; `gen --check-templates` reports a template's
 * TypeScript errors at the template's own line.
 */
import { cpSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../../reader/index.ts';
import { REPO, runInProcess } from '../../support/cli.ts';
import { genProject, TOOLS } from '../../support/language-tools.ts';
import { tempDir } from '../../support/temp.ts';

const SPEC = '# Doc {#root}\n\n@status:impl/done\n\n@fact:LIMIT The limit is `5`.\n';

const crlf = (path: string) => writeFileSync(path, readFileSync(path, 'utf8').replace(/\n/g, '\r\n'));

describe('line ends', () => {
  // @verifies generator#GENERATED-CHECKS-EOL-AGNOSTIC
  it('a generated file checked out with CRLF is up to date, and still guarded against hand edits', async () => {
    const dir = genProject('gen-files', SPEC, {
      'templates/a.ts.hbs': '{{cite "LIMIT"}}\nexport const LIMIT = {{value "LIMIT" type="integer"}};\n',
      'templates/b.py.hbs': '{{cite "LIMIT"}}\nLIMIT = {{value "LIMIT" type="integer"}}\n',
    });
    expect((await runInProcess(dir, ['gen'], TOOLS)).code).toBe(0);
    crlf(join(dir, 'generated/a.ts'));
    crlf(join(dir, 'generated/b.py'));
    const check = await runInProcess(dir, ['gen', '--check'], TOOLS);
    expect(check.stdout).toBe('gen --check: 2 generated files up to date\n');
    expect(check.code).toBe(0);
    writeFileSync(
      join(dir, 'generated/a.ts'),
      readFileSync(join(dir, 'generated/a.ts'), 'utf8').replace('= 5', '= 6'),
    );
    const edited = await runInProcess(dir, ['gen', '--check'], TOOLS);
    expect(edited.code).toBe(1);
    expect(edited.stdout).toContain('generated/a.ts:6:1: error generated-hand-edit');
  });

  // @verifies generator#CODE-FACT-DIGEST-OVER-LF
  it('a @fact/code block has the same digest with CRLF line ends', () => {
    const spec = '# S {#root}\n\n@fact/code:SHAPE The shape:\n\n```json\n{\n  "a": 1\n}\n```\n';
    const lf = parseSpec(spec, { file: 's.md', doc: 's' }).facts[0]!;
    const crlfFact = parseSpec(spec.replace(/\n/g, '\r\n'), { file: 's.md', doc: 's' }).facts[0]!;
    expect(crlfFact.text).toBe(lf.text);
    expect(crlfFact.digest).toBe(lf.digest);
  });
});

describe('JSON outputs', () => {
  // @verifies generator#HEADERLESS-MANIFEST
  it('carry no header; the manifest tracks them for hand edits, foreign files and orphans', async () => {
    const dir = genProject('gen-files', SPEC, {
      'templates/limits.json.hbs':
        '{ "limit": {{value "LIMIT" type="integer"}}, "spec": "{{cite "LIMIT"}}" }\n',
    });
    expect((await runInProcess(dir, ['gen'], TOOLS)).stdout).toBe(
      'created generated/limits.json\ncreated generated/.factline-generated.json\ngen: 2 written, 0 deleted, 0 unchanged\n',
    );
    expect(JSON.parse(readFileSync(join(dir, 'generated/limits.json'), 'utf8'))).toEqual({
      limit: 5,
      spec: 'doc#LIMIT',
    });
    expect((await runInProcess(dir, ['gen', '--check'], TOOLS)).code).toBe(0);

    writeFileSync(join(dir, 'generated/limits.json'), '{ "limit": 6, "spec": "doc#LIMIT" }\n');
    const edited = await runInProcess(dir, ['gen'], TOOLS);
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain('generated/limits.json was edited by hand');

    const forced = await runInProcess(dir, ['gen', '--force'], TOOLS);
    expect(forced.code).toBe(0);
    rmSync(join(dir, 'templates/limits.json.hbs'));
    writeFileSync(join(dir, 'templates/other.ts.hbs'), 'export const X = 1;\n');
    const orphan = await runInProcess(dir, ['gen'], TOOLS);
    expect(orphan.stdout).toContain('deleted generated/limits.json');
    expect(orphan.stdout).toContain('deleted generated/.factline-generated.json');
    expect(existsSync(join(dir, 'generated/limits.json'))).toBe(false);
  });

  it('refuses a JSON file gen did not write where an output goes', async () => {
    const dir = genProject('gen-files', SPEC, {
      'templates/limits.json.hbs': '{ "limit": {{value "LIMIT" type="integer"}} }\n',
      'generated/limits.json': '{"mine": true}\n',
    });
    const gen = await runInProcess(dir, ['gen'], TOOLS);
    expect(gen.code).toBe(1);
    expect(gen.stderr).toContain('generated/limits.json is not a generated file');
  });
});

describe('gen --check-templates', () => {
  // @verifies generator#TEMPLATES-TYPE-CHECKED-AT-THEIR-LINES
  it('reports a TypeScript error at the template line, writing nothing', async () => {
    const dir = genProject('gen-files', SPEC, {
      'templates/limits.ts.hbs': [
        '{{!-- a comment line that renders nothing --}}',
        '{{cite "LIMIT"}}',
        'export const LIMIT: number = {{value "LIMIT" type="integer"}};',
        '',
        'export const NAME: string = LIMIT;',
        '',
      ].join('\n'),
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] } }),
    });
    const run = await runInProcess(dir, ['gen', '--check-templates'], TOOLS);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')[0]).toBe(
      "templates/limits.ts.hbs:5:1: error broken-output TS2322: Type 'number' is not assignable to type 'string'. (generated/limits.ts:8:14: `export const NAME: string = LIMIT;`)",
    );
    expect(existsSync(join(dir, 'generated'))).toBe(false);
  });

  it("type-checks factline's own MCP templates clean", async () => {
    const run = await runInProcess(REPO, ['gen', '--check-templates'], TOOLS);
    expect(run.stdout).toMatch(/^gen --check-templates: \d+ outputs check clean; nothing written\n$/);
    expect(run.code).toBe(0);
  });

  // @verifies generator#TEMPLATES-TYPE-CHECKED-AT-THEIR-LINES
  it("reports a type error in factline's own MCP template at that template's line", async () => {
    const dir = tempDir('check-mcp-templates');
    for (const path of ['specs', 'templates', 'factline.config.json', 'tsconfig.json', 'package.json']) {
      cpSync(join(REPO, path), join(dir, path), { recursive: true });
    }
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const template = join(dir, 'templates/errors.ts');
    const lines = readFileSync(template, 'utf8').split('\n');
    const at = lines.indexOf('export type ErrorKind = keyof typeof ERROR_KINDS;') + 1;
    lines.splice(at, 0, 'export const BROKEN: number = ERROR_KINDS;');
    writeFileSync(template, lines.join('\n'));
    const run = await runInProcess(dir, ['gen', '--check-templates'], TOOLS);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `^templates/errors\\.ts:${at + 1}:1: error broken-output TS2322: .*\\(generated/errors\\.ts:\\d+:\\d+: \`export const BROKEN`,
        'm',
      ),
    );
    expect(run.stdout).toContain('gen --check-templates: 1 error; nothing written');
  });
});
