/**
 * Output checks per language, through the real CLI: a template whose output
 * its language's tool refuses stops gen at the template line the bad output
 * line came from, nothing written; an absent tool skips with a note; the
 * import guard refuses every form of loading from outside `out/`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planGeneration } from '../../../../generator/render/index.ts';
import { parseSpec } from '../../../../reader/index.ts';
import { runInProcess } from '../../../support/cli.ts';
import { genProject, PYTHON, RUSTC, TOOLS } from '../../../support/language-tools.ts';

const SPEC = '# Doc {#root}\n\n@status:impl/done\n\n@fact:LIMIT The limit is `5`.\n';

describe('each output is checked by its language before anything is written', () => {
  // @verifies generator#OUTPUT-CHECKED-PER-LANGUAGE
  it('refuses JSON, YAML and TOML that do not parse, at the template line', async () => {
    const dir = genProject('gen-checks', SPEC, {
      'templates/a.json.hbs': '{\n  "limit": {{value "LIMIT" type="integer"}},\n}\n',
      'templates/b.yaml.hbs': 'limit: {{value "LIMIT" type="integer"}}\nlist: [1\nnext: 2\n',
      'templates/c.toml.hbs': '# {{cite "LIMIT"}}\nlimit = {{value "LIMIT" type="integer"}}\nlimit = 6\n',
    });
    const gen = await runInProcess(dir, ['gen'], TOOLS);
    expect(gen.code).toBe(1);
    const lines = gen.stderr.split('\n').filter((l) => l.includes('broken-output'));
    expect(lines.map((l) => l.split(': error ')[0])).toEqual([
      'templates/a.json.hbs:3:1',
      'templates/b.yaml.hbs:3:1',
      'templates/c.toml.hbs:3:1',
    ]);
    expect(gen.stderr).toContain(
      'renders TOML that does not parse: generated/c.toml:7:1: trying to redefine',
    );
    expect(existsSync(join(dir, 'generated'))).toBe(false);
  });

  it.skipIf(!PYTHON)('refuses Python that py_compile rejects, at the template line', async () => {
    const dir = genProject('gen-checks', SPEC, {
      'templates/limits.py.hbs':
        '{{cite "LIMIT"}}\nLIMIT = {{value "LIMIT" type="integer"}}\ndef broken(:\n    pass\n',
    });
    const gen = await runInProcess(dir, ['gen'], TOOLS);
    expect(gen.code).toBe(1);
    expect(gen.stderr).toMatch(
      /^templates\/limits\.py\.hbs:3:1: error broken-output renders code python3 refuses: generated\/limits\.py:7:1: /m,
    );
    expect(existsSync(join(dir, 'generated'))).toBe(false);
  });

  it.skipIf(!RUSTC)('refuses Rust that rustc rejects, at the template line', async () => {
    const dir = genProject('gen-checks', SPEC, {
      'templates/limits.rs.hbs':
        '{{cite "LIMIT"}}\npub const LIMIT: u32 = {{value "LIMIT" type="integer"}};\npub const BAD: u32 = "five";\n',
    });
    const gen = await runInProcess(dir, ['gen'], TOOLS);
    expect(gen.code).toBe(1);
    expect(gen.stderr).toMatch(
      /^templates\/limits\.rs\.hbs:3:1: error broken-output renders code rustc refuses: generated\/limits\.rs:7:\d+: mismatched types/m,
    );
  });

  // @verifies generator#OUTPUT-CHECKED-PER-LANGUAGE
  it('skips a check whose tool is not installed, with a note naming the output', async () => {
    const dir = genProject('gen-checks', SPEC, {
      'templates/limits.go.hbs':
        'package limits\n\n{{cite "LIMIT"}}\nconst Limit = {{value "LIMIT" type="integer"}}\n',
      'templates/limits.py.hbs': '{{cite "LIMIT"}}\nLIMIT = {{value "LIMIT" type="integer"}}\n',
      'templates/other.py.hbs': 'OTHER = 1\n',
    });
    const gen = await runInProcess(dir, ['gen'], { env: { PATH: join(dir, 'no-tools-here') } });
    expect(gen.code).toBe(0);
    expect(gen.stderr).toBe(
      'note: gofmt is not installed: generated/limits.go was not checked by it\n' +
        'note: python3 is not installed: generated/limits.py, generated/other.py were not checked by it\n',
    );
  });
});

describe('the language table', () => {
  // @verifies generator#UNKNOWN-EXTENSION-REFUSED
  it('refuses a template of an unknown language, listing the languages it knows', () => {
    const spec = parseSpec(SPEC, { file: 'specs/doc.md', doc: 'doc' });
    const plan = planGeneration({
      spec,
      templatesDir: 'templates',
      outDir: 'generated',
      templates: [
        { path: 'templates/Limits.java.hbs', text: 'class Limits {}\n' },
        { path: 'templates/limits.py.hbs', text: 'LIMIT = {{value "LIMIT" type="integer"}}\n' },
      ],
      existing: [],
    });
    expect(plan.errors.map((e) => [e.code, e.file])).toEqual([
      ['unsupported-template', 'templates/Limits.java.hbs'],
    ]);
    expect(plan.errors[0]!.message).toBe(
      'a template is a TypeScript or JavaScript module (<module>.ts, .mts, .cts, .js, .mjs, .cjs) or is named <module>.<EXT>.hbs, EXT one of: TypeScript (ts, mts, cts); JavaScript (js, mjs, cjs); Rust (rs); Python (py, pyi); Go (go); JSON (json); YAML (yaml, yml); TOML (toml); Markdown (md)',
    );
    expect(plan.outputs.map((o) => o.path)).toEqual(['generated/limits.py']);
  });
});

describe('generated code loads nothing from outside out/', () => {
  const spec = parseSpec(SPEC, { file: 'specs/doc.md', doc: 'doc' });
  const plan = (path: string, text: string) =>
    planGeneration({
      spec,
      templatesDir: 'templates',
      outDir: 'generated',
      templates: [{ path, text }],
      existing: [],
    });

  // @verifies generator#IMPORT-GUARD-EVERY-FORM
  it('refuses require in .cjs, absolute paths, file: URLs, reference paths and computed imports', () => {
    const cases: [string, string, string][] = [
      [
        'templates/a.cjs.hbs',
        "const a = require('../src/a.js');\n",
        'imports `../src/a.js`, outside generated/',
      ],
      ['templates/b.ts.hbs', "import a from '/abs/path/a.ts';\nexport { a };\n", 'an absolute path'],
      ['templates/c.mjs.hbs', "import a from 'file:///etc/a.mjs';\nexport { a };\n", 'a file URL'],
      [
        'templates/d.ts.hbs',
        '/// <reference path="../src/types.d.ts" />\nexport {};\n',
        'outside generated/',
      ],
      [
        'templates/e.mjs.hbs',
        "const name = './x.mjs';\nexport const m = await import(name);\n",
        'named at run time',
      ],
      ['templates/f.cjs.hbs', 'const m = require(process.env.X);\n', 'named at run time'],
      ['templates/g.ts.hbs', "export type T = import('../cli/io.ts').CliIO;\n", 'outside generated/'],
    ];
    for (const [path, text, why] of cases) {
      const errors = plan(path, text).errors;
      expect(
        errors.map((e) => e.code),
        path,
      ).toEqual(['forbidden-import']);
      expect(errors[0]!.message, path).toContain(why);
    }
    // Inside out/ and packages stay allowed.
    expect(
      plan(
        'templates/h.ts.hbs',
        "import { x } from './x.ts';\nimport { y } from 'node:fs';\nexport { x, y };\n",
      ).errors,
    ).toEqual([]);
  });
});
