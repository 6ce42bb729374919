import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGateJson } from '../../checks/reporters/html/embed.ts';
import { cacheDirOf, cacheFolderPathOf, copyFixture, REPO, runInProcess } from '../support/cli.ts';
import { readSpecMarkup } from '../support/page-markup.ts';
import { tempDir } from '../support/temp.ts';

describe('factline check exit codes', () => {
  it('an info finding alone does not fail the gate', async () => {
    expect((await runInProcess(copyFixture('status-behind-evidence'), ['check'])).code).toBe(0);
  });

  // @verifies trace#GATE-DETERMINISTIC-JSON
  it('--json is byte-identical across two runs and uses repo-relative forward-slash paths', async () => {
    const dir = copyFixture('stale-citation');
    const first = await runInProcess(dir, ['check', '--json']);
    const second = await runInProcess(dir, ['check', '--json']);
    expect(first.code).toBe(1);
    expect(second.stdout).toBe(first.stdout);
    const result = JSON.parse(first.stdout);
    expect(result.summary.findings.error).toBe(3);
    const files = result.citations.map((c: { file: string }) => c.file);
    expect(files).toEqual([...files].sort());
    expect(first.stdout).not.toContain(dir);
    expect(first.stdout).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  // @verifies trace#GATE-DETERMINISTIC-JSON
  it('--json gives every finding a `fact` key, null when it concerns no fact, in a fixed key order', async () => {
    const r = await runInProcess(copyFixture('spec-diagnostic'), ['check', '--json', '--no-cache']);
    const findings = JSON.parse(r.stdout).findings as Record<string, unknown>[];
    expect(findings.length).toBeGreaterThan(0);
    const loose = findings.find((f) => f.rule === 'duplicate-id')!;
    expect(loose.fact).toBeNull();
    expect(Object.keys(loose)).toEqual([
      'rule',
      'severity',
      'fact',
      'file',
      'line',
      'column',
      'message',
      'fix',
    ]);
    const stale = JSON.parse(
      (await runInProcess(copyFixture('stale-citation'), ['check', '--json', '--no-cache'])).stdout,
    ).findings as Record<string, unknown>[];
    expect(stale.map((f) => f.fact)).toEqual(['demo#WIRE-ONE', 'demo#WIRE-ONE', 'demo#WIRE-TWO']);
    expect(stale.every((f) => Object.keys(f).slice(0, 3).join() === 'rule,severity,fact')).toBe(true);
  });
});

describe('generated output through the gate', () => {
  // @verifies generator#GEN-CHECK-REPORTS-EVERY-DRIFT
  it('reports generated-drift and generated-hand-edit at file:line and exits 1', async () => {
    // A project of this repo's spec, templates and committed generated/ (a temp copy).
    const dir = tempDir('drift');
    // Every spec the templates read (mcp-core first, as the repo's config has it).
    const coreSpecs = (
      JSON.parse(readFileSync(join(REPO, 'factline.config.json'), 'utf8')) as {
        generate: { specs: string[] };
      }
    ).generate.specs;
    for (const part of [...coreSpecs, 'templates', 'generated']) {
      cpSync(join(REPO, part), join(dir, part), { recursive: true });
    }
    writeFileSync(
      join(dir, 'factline.config.json'),
      JSON.stringify({
        specs: ['specs/**/*.md'],
        sources: ['generated/**/*.ts', 'templates/**/*.hbs'],
        tests: ['test/**/*'],
        generate: {
          spec: 'specs/mcp-core.md',
          specs: coreSpecs,
          templates: 'templates',
          out: 'generated',
        },
      }),
    );
    const rules = async () =>
      JSON.parse((await runInProcess(dir, ['check', '--json', '--no-cache'])).stdout).findings.filter(
        (f: { rule: string }) => f.rule.startsWith('generated-'),
      ) as { rule: string; file: string; line: number; column: number; fact: string | null }[];
    expect(await rules()).toEqual([]);

    const errors = join(dir, 'generated/errors.ts');
    const generatedErrors = readFileSync(errors, 'utf8');
    writeFileSync(errors, `${generatedErrors}export const handAdded = 1;\n`);
    const editLine = generatedErrors.split('\n').length;
    const template = join(dir, 'templates/toolset.ts');
    writeFileSync(template, `${readFileSync(template, 'utf8')}export const fromTemplate = 2;\n`);

    const found = await rules();
    expect(found.map((f) => `${f.file}:${f.line}:${f.column} ${f.rule} ${f.fact}`)).toEqual([
      `generated/errors.ts:${editLine}:1 generated-hand-edit null`,
      'generated/toolset.ts:1:1 generated-drift null',
    ]);
    const human = await runInProcess(dir, ['check', '--no-cache']);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(`generated/errors.ts:${editLine}:1: error generated-hand-edit`);
    expect(human.stdout).toContain('generated/toolset.ts:1:1: error generated-drift');
  });
});

describe('flags and outputs', () => {
  // @verifies engine#GATE-FILE-SETS
  it('--sources / --tests override the config globs, and a test-glob match makes a file a test', async () => {
    const dir = copyFixture('clean');
    // With src/ counted as tests, every implementing citation there is misplaced.
    const r = await runInProcess(dir, ['check', '--json', '--no-cache', '--tests', 'src/**', 'test/**']);
    const result = JSON.parse(r.stdout);
    expect(r.code).toBe(1);
    expect(result.findings.filter((f: { rule: string }) => f.rule === 'misplaced-citation').length).toBe(5);
    // Narrowing sources to the Rust file drops the TS and Python citations.
    const narrow = JSON.parse(
      (await runInProcess(dir, ['check', '--json', '--no-cache', '--sources', 'src/*.rs'])).stdout,
    );
    expect([...new Set(narrow.citations.map((c: { file: string }) => c.file))]).toEqual([
      'src/reader.rs',
      'test/wire.test.ts',
    ]);
  });

  // @verifies engine#GATE-FILE-SETS
  it('never reads node_modules or .git even when the globs would match them', async () => {
    const dir = copyFixture('verified-not-implemented');
    for (const hidden of ['node_modules/pkg', '.git/hooks']) {
      const p = join(dir, 'src', hidden);
      (await import('node:fs')).mkdirSync(p, { recursive: true });
      writeFileSync(join(p, 'x.ts'), '// @implements demo#WIRE-ONE\nexport const x = 1;\n');
    }
    const r = await runInProcess(dir, ['check', '--json', '--no-cache', '--sources', 'src/**']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).findings[0].rule).toBe('missing-implementation');
  });

  // @verifies engine#GATE-FILE-SETS
  it('never reads dist/ or build/ output, even when the config sets its own ignore list', async () => {
    const dir = copyFixture('verified-not-implemented');
    writeFileSync(
      join(dir, 'factline.config.json'),
      JSON.stringify({
        specs: ['specs/**/*.md'],
        sources: ['src/**/*', 'dist/**/*', 'build/**/*', 'pkg/**/*'],
        tests: ['test/**/*'],
        ignore: ['coverage/**'],
      }),
    );
    const { mkdirSync } = await import('node:fs');
    for (const out of ['dist', 'build', 'pkg/dist']) {
      mkdirSync(join(dir, out), { recursive: true });
      writeFileSync(join(dir, out, 'out.js'), '// @implements demo#WIRE-ONE\nexport const x = 1;\n');
    }
    const r = await runInProcess(dir, ['check', '--json', '--no-cache']);
    const result = JSON.parse(r.stdout);
    expect(result.citations.map((c: { file: string }) => c.file)).not.toContain('dist/out.js');
    expect(result.findings[0].rule).toBe('missing-implementation');
    expect(r.code).toBe(1);
    expect((await runInProcess(dir, ['check', '--help'])).stdout).toMatch(
      /dist\/,\s+build\/\s+and\s+\.factline-cache\/\s+are\s+never\s+read/,
    );
  });

  // @verifies trace#GATE-CI-OUTPUTS
  it('--sarif and --junit write their files atomically (no temp file left behind)', async () => {
    const dir = copyFixture('stale-citation');
    const r = await runInProcess(dir, ['check', '--sarif', 'out/gate.sarif', '--junit', 'out/gate.xml']);
    expect(r.code).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'out/gate.sarif'), 'utf8')).version).toBe('2.1.0');
    expect(readFileSync(join(dir, 'out/gate.xml'), 'utf8')).toContain(
      '<testcase classname="demo" name="WIRE-ONE"',
    );
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['gate.sarif', 'gate.xml']);
  });

  it('--html writes the HTML report from the same result', async () => {
    const dir = copyFixture('clean');
    const r = await runInProcess(dir, ['check', '--html', 'report.html']);
    expect(r.code).toBe(0);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('<html');
    // The page's data is packed; decoded, it is the gate's --json for the same tree.
    const json = await runInProcess(dir, ['check', '--json']);
    expect(readGateJson(html)).toBe(json.stdout);
    expect(readSpecMarkup(html)).toContain('WIRE-ONE');
  });

  it('colours only on a TTY and never with NO_COLOR', async () => {
    const dir = copyFixture('verified-not-implemented');
    expect((await runInProcess(dir, ['check'], { tty: true })).stdout).toContain('\u001b[31m');
    expect((await runInProcess(dir, ['check'], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toContain(
      '\u001b[',
    );
    expect((await runInProcess(dir, ['check'], { tty: false })).stdout).not.toContain('\u001b[');
  });

  // @verifies trace#GATE-CI-OUTPUTS
  it('prints ::error workflow commands only under GITHUB_ACTIONS=true', async () => {
    const dir = copyFixture('verified-not-implemented');
    const ci = await runInProcess(dir, ['check'], { env: { GITHUB_ACTIONS: 'true' } });
    expect(ci.stdout).toContain(
      '::error file=specs/demo.md,line=7,col=1,title=factline missing-implementation::',
    );
    expect((await runInProcess(dir, ['check'])).stdout).not.toContain('::error');
  });

  it('the scan cache gives the same result on an unchanged re-check and notices an edit', async () => {
    const dir = copyFixture('verified-not-implemented');
    const first = await runInProcess(dir, ['check', '--json']);
    const again = await runInProcess(dir, ['check', '--json']);
    expect(again.stdout).toBe(first.stdout);
    expect(readdirSync(cacheDirOf(dir)!).sort()).toEqual(['project', 'scan-v6.json', 'specs-v5.json']);
    writeFileSync(
      join(dir, 'src/wire.ts'),
      '// @implements demo#WIRE-ONE\n// @implements demo#WIRE-TWO\nexport const x = 1;\n',
    );
    const edited = await runInProcess(dir, ['check', '--json']);
    expect(edited.code).toBe(0);
  });

  it('a warm cache reproduces the uncached output byte for byte, odd citation forms included', async () => {
    const fixtures = readdirSync(join(import.meta.dirname, '..', 'fixtures', 'gate'));
    expect(fixtures.length).toBeGreaterThan(5);
    for (const name of fixtures) {
      const dir = copyFixture(name);
      if (name === 'clean') {
        // Every field the cache row stores: a ref that is not plain doc#id~pin
        // (upper-case pin, spec:// form), reason, malformed, symbol, test name.
        writeFileSync(
          join(dir, 'src/odd.ts'),
          [
            'export class Odd {',
            '  // @implements demo#WIRE-ONE~DAE7779D',
            '  read(): void {}',
            '  // @implements spec://example.org/specs/demo#WIRE-TWO',
            '  write(): void {}',
            '}',
            '// @deviates WIRE-BENT reason="kept"',
            '// @implements !!!',
            '// @verifies',
            'export const odd = 1;',
            '',
          ].join('\n'),
        );
        writeFileSync(
          join(dir, 'test/odd.test.ts'),
          "describe('odd', () => {\n  it('reads', () => {\n    // @verifies demo#WIRE-ONE\n  });\n});\n",
        );
      }
      const uncached = await runInProcess(dir, ['check', '--json', '--no-cache']);
      const cold = await runInProcess(dir, ['check', '--json']);
      const warm = await runInProcess(dir, ['check', '--json']);
      expect(cold.stdout, name).toBe(uncached.stdout);
      expect(warm.stdout, name).toBe(uncached.stdout);
      if (name === 'clean') {
        expect(warm.stdout).toContain('"symbol": "class Odd > method read"');
        expect(warm.stdout).toContain('"testName": "reads"');
        expect(warm.stdout).toContain('"ref": "spec://example.org/specs/demo#WIRE-TWO"');
      }
    }
  });

  // @verifies engine#NO-CACHE-READS-NO-CACHE
  it('--no-cache bypasses the scan and spec caches, and --help says so', async () => {
    const dir = copyFixture('clean');
    expect((await runInProcess(dir, ['check', '--no-cache'])).code).toBe(0);
    // Not even the project's cache folder is made.
    expect(existsSync(cacheFolderPathOf(dir))).toBe(false);
    expect((await runInProcess(dir, ['check'])).code).toBe(0);
    expect(readdirSync(cacheDirOf(dir)!).sort()).toEqual(['project', 'scan-v6.json', 'specs-v5.json']);
    expect(existsSync(join(dir, '.factline-cache'))).toBe(false);
    const help = (await runInProcess(dir, ['check', '--help'])).stdout;
    expect(help).toMatch(
      /--no-cache\s+read\s+and\s+write\s+no\s+cache:\s+every\s+file\s+is\s+scanned,\s+every\s+spec\s+parsed[\s\S]*never\s+in\s+the\s+checkout/,
    );
  });

  it('the spec cache gives the same result on an unchanged re-check and notices an edited spec', async () => {
    const dir = copyFixture('verified-not-implemented');
    const uncached = await runInProcess(dir, ['check', '--json', '--no-cache']);
    const first = await runInProcess(dir, ['check', '--json']);
    const again = await runInProcess(dir, ['check', '--json']);
    expect(first.stdout).toBe(uncached.stdout);
    expect(again.stdout).toBe(first.stdout);
    const spec = join(dir, 'specs/demo.md');
    writeFileSync(
      spec,
      readFileSync(spec, 'utf8').replace('@fact:WIRE-ONE', '@fact:WIRE-ONE @status:impl/plan'),
    );
    const edited = await runInProcess(dir, ['check', '--json']);
    expect(edited.code).toBe(0);
    const facts = JSON.parse(edited.stdout).facts as { id: string; state: string }[];
    expect(facts.find((f) => f.id === 'WIRE-ONE')?.state).toBe('pending');
    // A corrupt cache file is ignored, not fatal.
    writeFileSync(join(cacheDirOf(dir)!, 'specs-v5.json'), '{not json');
    expect((await runInProcess(dir, ['check', '--json'])).stdout).toBe(edited.stdout);
  });
});
