/**
 * One spec — a string value holding quotes and a backslash, an integer and a
 * value of a type the project declares — rendered through the real CLI into
 * TypeScript, Rust and Python in a project with a namespace: each output
 * compiles and runs with its language's own tool, its values equal the
 * spec's, and `factline check` reads every generated citation back (Rust's
 * as vibevm's `#[spec(implements = …)]` attribute).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO, runInProcess } from '../../../support/cli.ts';
import { PYTHON, RUSTC, run, TOOLS } from '../../../support/language-tools.ts';
import { tempDir, writeFiles } from '../../../support/temp.ts';

const CONFIG = {
  namespace: 'acme',
  specs: ['specs/**/*.md'],
  sources: ['generated/**/*'],
  tests: ['test/**/*'],
  generate: {
    spec: 'specs/limits.md',
    templates: 'templates',
    out: 'generated',
    valueTypes: { port: { range: [1, 65535], example: '8080' } },
  },
};

const SPEC = `# Limits {#root}

@status:impl/done

## Values {#values}

@fact:values-kind \`req r2\`

@fact:GREETING The greeting is \`greeting: say "hi" \\ bye\` exactly.

@fact:MAX-RETRIES A request is retried \`3\` times.

@fact:PORT The server listens on port \`8080\`.
`;

const TEMPLATES: Record<string, string> = {
  'templates/limits.ts.hbs': `{{cite "GREETING~r2"}}
export const GREETING = {{value "GREETING" type="string" name="greeting"}};
{{cite "MAX-RETRIES~r2"}}
export const MAX_RETRIES = {{value "MAX-RETRIES" type="integer"}};
{{cite "PORT~r2"}}
export const PORT = {{value "PORT" type="port"}};
`,
  'templates/limits.rs.hbs': `{{cite "GREETING~r2"}}
pub const GREETING: &str = {{value "GREETING" type="string" name="greeting"}};
{{cite "MAX-RETRIES~r2"}}
pub const MAX_RETRIES: u32 = {{value "MAX-RETRIES" type="integer"}};
{{cite "PORT~r2"}}
pub const PORT: u16 = {{value "PORT" type="port"}};
`,
  'templates/limits.py.hbs': `{{cite "GREETING~r2"}}
GREETING = {{value "GREETING" type="string" name="greeting"}}
{{cite "MAX-RETRIES~r2"}}
MAX_RETRIES = {{value "MAX-RETRIES" type="integer"}}
{{cite "PORT~r2"}}
PORT = {{value "PORT" type="port"}}
`,
};

const WANT = ['say "hi" \\ bye', 3, 8080];

function project(): string {
  const dir = tempDir('gen-languages');
  const files: Record<string, string> = {
    'factline.config.json': JSON.stringify(CONFIG, null, 2),
    'specs/limits.md': SPEC,
    ...TEMPLATES,
  };
  writeFiles(dir, files);
  return dir;
}

describe('one spec rendered to TypeScript, Rust and Python', () => {
  // @verifies generator#LANGUAGE-TABLE
  // @verifies generator#RUST-CITES-WITH-ATTRIBUTE
  // @verifies generator#DECLARED-VALUE-TYPES
  it('compiles and runs in each language with the spec’s values, and check reads every citation back', async () => {
    const dir = project();
    const gen = await runInProcess(dir, ['gen'], TOOLS);
    expect(gen.stderr).toBe('');
    expect(gen.code).toBe(0);
    expect(gen.stdout).toContain('gen: 3 written');

    const rust = readFileSync(join(dir, 'generated/limits.rs'), 'utf8');
    expect(rust).toContain('#[spec(implements = "spec://acme/limits#GREETING", r = 2)]');
    expect(rust).toContain('pub const GREETING: &str = "say \\"hi\\" \\\\ bye";');
    expect(readFileSync(join(dir, 'generated/limits.py'), 'utf8')).toContain(
      '# @implements limits#PORT~r2 — The server listens on port `8080`.\nPORT = 8080\n',
    );

    // TypeScript: run through tsx, as a user of the module would import it.
    const tsx = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    writeFileSync(
      join(dir, 'print.ts'),
      "import { GREETING, MAX_RETRIES, PORT } from './generated/limits.ts';\nconsole.log(JSON.stringify([GREETING, MAX_RETRIES, PORT]));\n",
    );
    expect(JSON.parse(run(process.execPath, ['--import', tsx, 'print.ts'], dir))).toEqual(WANT);

    if (PYTHON) {
      const printed = run(
        'python3',
        [
          '-c',
          'import json, sys; sys.path.insert(0, "generated"); import limits as l; print(json.dumps([l.GREETING, l.MAX_RETRIES, l.PORT]))',
        ],
        dir,
      );
      expect(JSON.parse(printed)).toEqual(WANT);
    } else console.warn('note: python3 is not installed: the Python output was not run');

    if (RUSTC) {
      // The attribute is vibevm's proc macro (crate specmark): compiled here without it.
      const body = rust.replace(/#\[spec\([^\]]*\)\]/g, '');
      writeFileSync(
        join(dir, 'print.rs'),
        `${body}\nfn main() { println!("{}\\n{}\\n{}", GREETING, MAX_RETRIES, PORT); }\n`,
      );
      run('rustc', ['--edition=2021', '-o', join(dir, 'print'), 'print.rs'], dir);
      expect(run(join(dir, 'print'), [], dir)).toBe(`${WANT.join('\n')}\n`);
    } else console.warn('note: rustc is not installed: the Rust output was not compiled');

    const check = await runInProcess(dir, ['check', '--json'], TOOLS);
    const result = JSON.parse(check.stdout) as {
      citations: {
        file: string;
        line: number;
        verb: string;
        resolved?: string;
        uri?: string;
        counted: boolean;
      }[];
    };
    const implementing = result.citations
      .filter((c) => c.verb === 'implements')
      .map((c) => [c.file, c.resolved, c.counted, c.uri !== undefined]);
    const facts = ['limits#GREETING', 'limits#MAX-RETRIES', 'limits#PORT'];
    expect(implementing).toEqual([
      ...facts.map((f) => ['generated/limits.py', f, true, false]),
      ...facts.map((f) => ['generated/limits.rs', f, true, true]),
      ...facts.map((f) => ['generated/limits.ts', f, true, false]),
    ]);
  });

  // @verifies generator#DECLARED-VALUE-TYPES
  it('stops gen at the spec’s code span when a value breaks the declared type', async () => {
    const dir = project();
    writeFileSync(join(dir, 'specs/limits.md'), SPEC.replace('port `8080`', 'port `80800`'));
    const gen = await runInProcess(dir, ['gen'], TOOLS);
    expect(gen.code).toBe(1);
    expect(gen.stderr).toContain(
      'specs/limits.md:13:39: error invalid-value limits#PORT: the port asked for at templates/limits.py.hbs:6:8 is invalid: `80800` is not a whole number in 1..65535',
    );
  });
});
