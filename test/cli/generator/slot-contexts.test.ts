/**
 * The measured ways spec text became code, through `factline gen` and
 * `gen --check` on temp projects: an f-string replacement field, a string
 * right after a keyword, a Rust raw C string, YAML code spans that changed
 * type. Each is now refused at its template line and column, or written
 * where the language reads it as one string.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runInProcess } from '../../support/cli.ts';
import { genProject, PYTHON, RUSTC, TOOLS } from '../../support/language-tools.ts';

const SPEC = [
  '# Doc {#root}',
  '',
  '@status:impl/done',
  '',
  "@fact:PAYLOAD The greeting is `__import__('os').system('touch PWNED')`.",
  '',
  '@fact:BOOLS The answers are `NO`, `true` and `null`.',
  '',
  '@fact:BREAKOUT A name ends \\"; pub const C: i32 = 3; // here.',
  '',
].join('\n');

const FIELD = 'x = f"Hello { {{value "PAYLOAD" type="string"}} }"\n';
const EACH_FIELD = '{{#each (facts prefix="PAYLOAD")}}x = f"Hello { {{text}} }"{{/each}}\n';

describe('slot contexts by the target language’s lexical rules, through gen', () => {
  // @verifies generator#SLOT-CONTEXT-BY-LEXICAL-RULES
  it('refuses a value in a Python f-string replacement field, at the template line and column; gen --check too', async () => {
    for (const template of [FIELD, EACH_FIELD]) {
      const dir = genProject('slot-fstring', SPEC, { 'templates/a.py.hbs': template });
      const gen = await runInProcess(dir, ['gen'], TOOLS);
      expect(gen.code).toBe(1);
      const column = template.indexOf('{{', template.indexOf('{ ')) + 1;
      expect(gen.stdout + gen.stderr).toContain(`templates/a.py.hbs:1:${column}: error unsafe-interpolation`);
      expect(gen.stdout + gen.stderr).toContain('f-string replacement field');
      expect(existsSync(join(dir, 'generated/a.py'))).toBe(false);
      // An output written before the fix is not "up to date": gen --check renders and judges the same way.
      mkdirSync(join(dir, 'generated'), { recursive: true });
      writeFileSync(
        join(dir, 'generated/a.py'),
        "x = f\"Hello { __import__('os').system('touch PWNED') }\"\n",
      );
      const check = await runInProcess(dir, ['gen', '--check'], TOOLS);
      expect(check.code).toBe(1);
      expect(check.stdout + check.stderr).toContain('unsafe-interpolation');
    }
  });

  // @verifies generator#SLOT-CONTEXT-BY-LEXICAL-RULES
  it.skipIf(!PYTHON)(
    'a string right after a keyword (`else"a."`) is a string: the value after it is a literal, and running the output runs nothing',
    async () => {
      const dir = genProject('slot-else', SPEC, {
        'templates/b.py.hbs': 'y = 0\nx = 1 if y else"a."; z = {{value "PAYLOAD" type="string"}}\nprint(z)\n',
      });
      const gen = await runInProcess(dir, ['gen'], TOOLS);
      expect(gen.code, gen.stdout + gen.stderr).toBe(0);
      const run = spawnSync('python3', ['generated/b.py'], { cwd: dir, encoding: 'utf8' });
      expect(run.stdout).toBe("__import__('os').system('touch PWNED')\n");
      expect(existsSync(join(dir, 'PWNED'))).toBe(false);
    },
  );

  // @verifies generator#SLOT-CONTEXT-BY-LEXICAL-RULES
  it.skipIf(!RUSTC)(
    'a Rust raw C string `cr"C:\\"` ends at its second quote: the next slot is a string rustc reads back exactly',
    async () => {
      const dir = genProject('slot-cr', SPEC, {
        'templates/c.rs.hbs':
          'pub const A: &core::ffi::CStr = cr"C:\\"; pub const B: &str = "{{#each (facts prefix="BREAKOUT")}}{{text}}{{/each}}";\nfn main() { println!("{}", B); }\n',
      });
      const gen = await runInProcess(dir, ['gen'], TOOLS);
      expect(gen.code, gen.stdout + gen.stderr).toBe(0);
      const out = join(dir, 'c-bin');
      const compiled = spawnSync('rustc', ['--edition=2021', '-o', out, 'generated/c.rs'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(compiled.status, compiled.stderr).toBe(0);
      const run = spawnSync(out, [], { encoding: 'utf8' });
      // The fact's text as the reader gives it (the Markdown escape kept), byte for byte.
      expect(run.stdout).toBe('A name ends \\"; pub const C: i32 = 3; // here.\n');
      expect(readFileSync(join(dir, 'generated/c.rs'), 'utf8')).not.toContain('= "A name ends "; pub');
    },
  );

  // @verifies generator#SLOT-CONTEXT-BY-LEXICAL-RULES
  it('YAML code spans `NO`, `true`, `null` stay strings in YAML 1.2 and 1.1', async () => {
    const dir = genProject('slot-yaml', SPEC, {
      'templates/d.yaml.hbs': '{{#each (facts prefix="BOOLS")}}{{#each codes}}- {{this}}\n{{/each}}{{/each}}',
    });
    const gen = await runInProcess(dir, ['gen'], TOOLS);
    expect(gen.code, gen.stdout + gen.stderr).toBe(0);
    const text = readFileSync(join(dir, 'generated/d.yaml'), 'utf8');
    expect(parseYaml(text)).toEqual(['NO', 'true', 'null']);
    expect(parseYaml(text, { version: '1.1' })).toEqual(['NO', 'true', 'null']);
  });
});
