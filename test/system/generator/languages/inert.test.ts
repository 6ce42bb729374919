/**
 * Spec prose holding every language's comment and string terminators,
 * rendered through comments, doc comments and strings of TypeScript, Rust
 * and Python, is inert: each output compiles and runs with its own tool,
 * exits 0 (the prose's `exit(3)` never runs), and every string holds the
 * fact's text exactly. Escaping is decided by where the text lands, per
 * language (also Go, JSON, YAML, TOML, Markdown).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { languageOf, planGeneration } from '../../../../generator/render/index.ts';
import { parseSpec } from '../../../../reader/index.ts';
import { REPO } from '../../../support/cli.ts';
import { PYTHON, RUSTC, run } from '../../../support/language-tools.ts';
import { tempDir } from '../../../support/temp.ts';

const EVIL =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the prose holds a template placeholder on purpose
  'Prose with */ globalThis.process?.exit(3); /* and """ and \'\'\' and ` ${globalThis.process?.exit(4)} and {__import__("os")._exit(5)} and \\ and # and @implements other#X and -->.';
const SPEC = `# Evil {#root}

@status:impl/done

@fact:EVIL ${EVIL.replace(/[\\`*_]/g, (c) => `\\${c}`)}
`;

function render(ext: string, template: string) {
  const spec = parseSpec(SPEC, { file: 'specs/evil.md', doc: 'evil' });
  const plan = planGeneration({
    spec,
    specSources: { 'specs/evil.md': SPEC },
    templatesDir: 'templates',
    outDir: 'generated',
    templates: [{ path: `templates/evil.${ext}.hbs`, text: template }],
    existing: [],
  });
  return plan;
}

const each = (field: string) => `{{#each (facts prefix="EVIL")}}{{${field}}}{{/each}}`;

describe('spec prose renders inert in every comment and string', () => {
  it('reads the fact as the prose the test means', () => {
    const fact = parseSpec(SPEC, { file: 'specs/evil.md', doc: 'evil' }).facts[0]!;
    expect(fact.text).toBe(EVIL.replace(/[\\`*_]/g, (c) => `\\${c}`).replace(/\\([\\`*_])/g, '\\$1'));
  });

  // @verifies generator#ESCAPE-BY-CONTEXT
  it('issue 22: `*/ exit(3); /*` in a fact rendered through `/** {{summary}} */` stays a comment', () => {
    const dir = tempDir('inert-issue');
    const spec = '# S {#root}\n\n@fact:X A fact \\*/ globalThis.process?.exit(3); /\\* ends here.\n';
    const plan = planGeneration({
      spec: parseSpec(spec, { file: 'specs/s.md', doc: 's' }),
      templatesDir: 'templates',
      outDir: 'generated',
      templates: [
        {
          path: 'templates/x.mjs.hbs',
          text: '/** {{#each (facts prefix="X")}}{{summary}}{{/each}} */\nconsole.log("ran");\n',
        },
      ],
      existing: [],
    });
    expect(plan.errors).toEqual([]);
    writeFileSync(join(dir, 'x.mjs'), plan.outputs[0]!.text);
    expect(run(process.execPath, ['x.mjs'], dir)).toBe('ran\n');
  });

  // @verifies generator#ESCAPE-BY-CONTEXT
  it('TypeScript: block, doc and line comments stay comments; strings and template literals hold the text', () => {
    const dir = tempDir('inert-ts');
    const plan = render(
      'ts',
      [
        `/* ${each('text')} */`,
        `/** ${each('summary')} */`,
        `// ${each('text')}`,
        `export const SINGLE = '${each('text')}';`,
        `export const DOUBLE = "${each('text')}";`,
        `export const TEMPLATE = \`${each('text')}\`;`,
        'console.log(JSON.stringify([SINGLE, DOUBLE, TEMPLATE]));',
        '',
      ].join('\n'),
    );
    expect(plan.errors).toEqual([]);
    const fact = parseSpec(SPEC, { file: 'specs/evil.md', doc: 'evil' }).facts[0]!;
    writeFileSync(join(dir, 'evil.ts'), plan.outputs[0]!.text);
    // Run, not only parsed: the prose's exit(3)/exit(4) would end the process before it prints.
    const tsx = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    const printed = run(process.execPath, ['--import', tsx, 'evil.ts'], dir);
    expect(JSON.parse(printed)).toEqual([fact.text, fact.text, fact.text]);
  });

  it.skipIf(!RUSTC)('Rust: nested block comments cannot be reopened or closed; strings hold the text', () => {
    const dir = tempDir('inert-rs');
    const plan = render(
      'rs',
      [
        `/* ${each('text')} */`,
        `/// ${each('summary')}`,
        `// ${each('text')}`,
        `pub const TEXT: &str = "${each('text')}";`,
        'fn main() { println!("{}", TEXT); }',
        '',
      ].join('\n'),
    );
    expect(plan.errors).toEqual([]);
    const fact = parseSpec(SPEC, { file: 'specs/evil.md', doc: 'evil' }).facts[0]!;
    writeFileSync(join(dir, 'evil.rs'), plan.outputs[0]!.text);
    run('rustc', ['--edition=2021', '-o', join(dir, 'evil'), 'evil.rs'], dir);
    expect(run(join(dir, 'evil'), [], dir)).toBe(`${fact.text}\n`);
  });

  it.skipIf(!PYTHON)(
    'Python: comments stay one line; docstrings, strings and f-strings hold the text',
    () => {
      const dir = tempDir('inert-py');
      const plan = render(
        'py',
        [
          `"""${each('text')}"""`,
          `# ${each('text')}`,
          `SINGLE = '${each('text')}'`,
          `TRIPLE = '''${each('text')}'''`,
          `FORMATTED = f"${each('text')}"`,
          'import json',
          'print(json.dumps([__doc__, SINGLE, TRIPLE, FORMATTED]))',
          '',
        ].join('\n'),
      );
      expect(plan.errors).toEqual([]);
      const fact = parseSpec(SPEC, { file: 'specs/evil.md', doc: 'evil' }).facts[0]!;
      writeFileSync(join(dir, 'evil.py'), plan.outputs[0]!.text);
      expect(JSON.parse(run('python3', ['evil.py'], dir))).toEqual([
        fact.text,
        fact.text,
        fact.text,
        fact.text,
      ]);
    },
  );

  // @verifies generator#ESCAPE-BY-CONTEXT
  it('JSON, YAML and TOML: every value holds the text exactly and comments stay comments', () => {
    const fact = parseSpec(SPEC, { file: 'specs/evil.md', doc: 'evil' }).facts[0]!;
    const json = render('json', `{ "a": "${each('text')}", "b": ${each('text')} }\n`);
    expect(json.errors).toEqual([]);
    expect(JSON.parse(json.outputs[0]!.text)).toEqual({ a: fact.text, b: fact.text });
    const yamlTemplate = [
      `# ${each('text')}`,
      `a: ${each('text')}`,
      `b: "${each('text')}"`,
      `c: '${each('text')}'`,
      'd:',
      `  - ${each('text')}`,
      '',
    ].join('\n');
    const yaml = render('yaml', yamlTemplate);
    expect(yaml.errors).toEqual([]);
    expect(parseYaml(yaml.outputs[0]!.text)).toEqual({
      a: fact.text,
      b: fact.text,
      c: fact.text,
      d: [fact.text],
    });
    const tomlTemplate = [
      `# ${each('text')}`,
      `a = ${each('text')}`,
      `b = "${each('text')}"`,
      `c = """${each('text')}"""`,
      '',
    ];
    const toml = render('toml', tomlTemplate.join('\n'));
    expect(toml.errors).toEqual([]);
    expect(parseToml(toml.outputs[0]!.text)).toEqual({ a: fact.text, b: fact.text, c: fact.text });
    // Around other text in a plain YAML scalar, prose that could end it is refused.
    expect(render('yaml', `a: see ${each('text')}\n`).errors.map((e) => e.code)).toEqual([
      'unsafe-interpolation',
    ]);
  });

  // @verifies generator#ESCAPE-BY-CONTEXT
  it('refuses spec text standing as code, and where no escape exists, at the template line and column', () => {
    const cases: [string, string][] = [
      ['ts', `export const X = ${each('text')};\n`],
      ['ts', `export const R = /${each('id')}${each('text')}/;\n`],
      ['rs', `pub const R: &str = r"${each('text')}";\n`],
      ['py', `X = ${each('text')}\n`],
      ['go', `var X = ${each('text')}\n`],
    ];
    for (const [ext, template] of cases) {
      const plan = render(ext, template);
      expect(plan.outputs, `${ext}: ${template}`).toEqual([]);
      expect(
        plan.errors.map((e) => e.code),
        `${ext}: ${template}`,
      ).toContain('unsafe-interpolation');
      const error = plan.errors.find((e) => e.code === 'unsafe-interpolation')!;
      expect(error.file).toBe(`templates/evil.${ext}.hbs`);
      expect(error.line).toBe(1);
      expect(error.column).toBeGreaterThan(1);
    }
  });

  // @verifies generator#NO-RAW-OUTPUT
  it('refuses {{{…}}} and {{& …}}', () => {
    for (const raw of ['{{{text}}}', '{{& text}}']) {
      const plan = render('ts', `// {{#each (facts prefix="EVIL")}}${raw}{{/each}}\n`);
      expect(plan.errors.map((e) => [e.code, e.line, e.column])).toEqual([['unescaped-output', 1, 35]]);
    }
  });
});

describe('the language table escapes per context', () => {
  const escapeIn = (
    path: string,
    context: Parameters<NonNullable<ReturnType<typeof languageOf>>['escape']>[0],
    text: string,
  ) => languageOf(path)!.escape(context, text);

  // @verifies generator#ESCAPE-BY-CONTEXT
  it('writes strings exactly and comments inertly in Go, JSON, YAML, TOML and Markdown', () => {
    expect(escapeIn('a.go', { kind: 'string', quote: '"' }, 'say "hi" \\ \n')).toEqual({
      ok: true,
      text: 'say \\"hi\\" \\\\ \\n',
    });
    expect(escapeIn('a.go', { kind: 'string', quote: '`', raw: true }, 'a ` b').ok).toBe(false);
    expect(escapeIn('a.go', { kind: 'block-comment' }, 'x */ y')).toEqual({ ok: true, text: 'x *\\/ y' });
    expect(escapeIn('a.json', { kind: 'string', quote: '"' }, 'a "b" \\')).toEqual({
      ok: true,
      text: 'a \\"b\\" \\\\',
    });
    expect(escapeIn('a.json', { kind: 'code' }, 'a "b"')).toEqual({ ok: true, text: '"a \\"b\\""' });
    expect(escapeIn('a.yaml', { kind: 'string', quote: "'" }, "it's")).toEqual({ ok: true, text: "it''s" });
    expect(escapeIn('a.yaml', { kind: 'code' }, 'a: b # c')).toEqual({ ok: true, text: '"a: b # c"' });
    expect(escapeIn('a.yaml', { kind: 'line-comment' }, 'a\nb: c')).toEqual({ ok: true, text: 'a b: c' });
    expect(escapeIn('a.toml', { kind: 'string', quote: '"' }, 'a "b"\u007f')).toEqual({
      ok: true,
      text: 'a \\"b\\"\\u007f',
    });
    expect(escapeIn('a.toml', { kind: 'string', quote: "'", raw: true }, "it's").ok).toBe(false);
    expect(escapeIn('a.md', { kind: 'block-comment' }, 'a --> b')).toEqual({ ok: true, text: 'a - -> b' });
    expect(escapeIn('a.md', { kind: 'code' }, '# *x* <b>')).toEqual({
      ok: true,
      text: '\\# \\*x\\* \\<b\\>',
    });
    expect(escapeIn('a.rs', { kind: 'block-comment' }, '/* a */')).toEqual({
      ok: true,
      text: ' /\\* a *\\/ ',
    });
  });

  // @verifies generator#LANGUAGE-TABLE
  it('writes typed values as each language spells them', () => {
    const lit = (path: string, value: Parameters<NonNullable<ReturnType<typeof languageOf>>['literal']>[0]) =>
      languageOf(path)!.literal(value);
    const s = { kind: 'string', value: 'say "hi" \\ it\'s' } as const;
    expect(lit('a.ts', s)).toBe("'say \"hi\" \\\\ it\\'s'");
    expect(lit('a.rs', s)).toBe('"say \\"hi\\" \\\\ it\'s"');
    expect(lit('a.py', s)).toBe("'say \"hi\" \\\\ it\\'s'");
    expect(lit('a.go', s)).toBe('"say \\"hi\\" \\\\ it\'s"');
    expect(lit('a.py', { kind: 'boolean', value: true })).toBe('True');
    expect(lit('a.rs', { kind: 'boolean', value: false })).toBe('false');
    expect(lit('a.toml', { kind: 'integer', value: '-3' })).toBe('-3');
    expect(lit('a.md', { kind: 'string', value: 'a`b' })).toBe('`` a`b ``');
    expect(languageOf('x.hbs')).toBeUndefined();
  });
});
