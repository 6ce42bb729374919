/** `factline report` in a temp project, in-process through runCli. */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceResult } from '../../checks/model.ts';
import { GATE_DATA_ID, readGateJson } from '../../checks/reporters/html/embed.ts';
import { createProgress } from '../../cli/commands/report.ts';
import { runInProcess } from '../support/cli.ts';
import { readSpecMarkup } from '../support/page-markup.ts';
import { tempProject } from '../support/temp.ts';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-report-cli-'));
  mkdirSync(join(dir, 'specs'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(
    join(dir, 'specs', 'demo.md'),
    '# Demo {#root}\n\n@fact:DEMO-CITED It is cited. @status:impl/done\n\n@fact:DEMO-UNCITED Nobody cites it. @status:impl/done\n',
  );
  writeFileSync(join(dir, 'src', 'a.ts'), '// @implements demo#DEMO-CITED\nexport const a = 1;\n');
  writeFileSync(
    join(dir, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
  return dir;
}

describe('factline report (CLI)', () => {
  let dir: string;
  beforeAll(() => {
    dir = project();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // @verifies report#REPORT-CLI-PRINTS-ONLY-PATH
  it('writes the default file, prints only its path, and exits 0 although the gate has findings', async () => {
    const check = await runInProcess(dir, ['check']);
    expect(check.code).toBe(1);
    const run = await runInProcess(dir, ['report']);
    const expected = join(dir, 'factline-report.html');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${expected}\n`);
    const html = readFileSync(expected, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(readSpecMarkup(html)).toContain('data-fact="demo#DEMO-UNCITED"');
  });

  // @verifies report#REPORT-EMBEDS-GATE-JSON
  it('`check --json --html F` embeds exactly the JSON it prints, and exits as the gate does', async () => {
    const run = await runInProcess(dir, ['check', '--json', '--html', 'gate.html']);
    expect(run.code).toBe(1);
    const html = readFileSync(join(dir, 'gate.html'), 'utf8');
    // The page's data block decodes to the very bytes `check --json` printed.
    expect(readGateJson(html)).toBe(run.stdout);
    const summary = JSON.parse(run.stdout).summary;
    expect([summary.states.missing, summary.states['missing-verification'], summary.gaps]).toEqual([1, 1, 2]);
  });

  // @verifies report#REPORT-FAILED-TESTS-TALLIED-AS-FAILED
  it('tallies a fact whose citing test failed (JUnit results) as "test failed", never as "missing test"', async () => {
    const root = tempProject({
      'factline.config.json': JSON.stringify({
        specs: ['specs/**/*.md'],
        sources: ['src/**/*.ts'],
        tests: ['test/**/*.ts'],
      }),
      'specs/demo.md': '# Demo {#root}\n\n@fact:GREETS It greets. @status:impl/done\n',
      'src/greet.ts': '// @implements demo#GREETS\nexport const greet = () => "hi";\n',
      'test/greet.test.ts':
        "import { it } from 'vitest';\n// @verifies demo#GREETS\nit('greets', () => {});\n",
      'junit.xml':
        '<?xml version="1.0"?><testsuites><testsuite name="test/greet.test.ts" tests="1" failures="1">' +
        '<testcase classname="test/greet.test.ts" name="greets"><failure message="expected hi">boom</failure></testcase>' +
        '</testsuite></testsuites>',
    });
    const plain = await runInProcess(root, ['check', '--no-cache', '--results', 'junit.xml']);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toMatch(/^FAIL 1 facts, 1 required, 1 test failed, 1 gap\(s\)/m);
    expect(plain.stdout).not.toContain('missing test');
    const run = await runInProcess(root, [
      'check',
      '--json',
      '--no-cache',
      '--results',
      'junit.xml',
      '--html',
      'r.html',
    ]);
    const json = JSON.parse(run.stdout) as TraceResult;
    expect([json.summary.states['test-failed'], json.summary.states['missing-verification']]).toEqual([1, 0]);
    expect(json.facts[0]?.state).toBe('test-failed');
    // The page's no-script counts say the same (the page's own tiles and badge: test/system/report/agree.test.ts).
    const html = readFileSync(join(root, 'r.html'), 'utf8');
    expect(html).toContain('<p>1 test failed</p>');
  });

  it('replaces an existing report atomically and leaves no temp file behind', async () => {
    const out = join(dir, 'out', 'r.html');
    mkdirSync(join(dir, 'out'), { recursive: true });
    writeFileSync(out, 'old');
    const run = await runInProcess(dir, ['report', '--out', 'out/r.html', '--quiet']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${out}\n`);
    expect(readFileSync(out, 'utf8')).toContain(`id="${GATE_DATA_ID}"`);
    expect(readdirSync(join(dir, 'out'))).toEqual(['r.html']);
  });

  it('exits 2 with the reason on a bad flag, a missing config, or an unwritable path, printing nothing on stdout', async () => {
    const bad = await runInProcess(dir, ['report', '--frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('unknown option `--frobnicate`');
    const noValue = await runInProcess(dir, ['report', '--out']);
    expect(noValue.code).toBe(2);
    expect(noValue.stderr).toContain('--out needs a value (FILE)');
    const config = await runInProcess(dir, ['report', '--config', 'nope.json']);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('nope.json');
    writeFileSync(join(dir, 'a-file'), '');
    const unwritable = await runInProcess(dir, ['report', '--out', 'a-file/r.html', '--quiet']);
    expect(unwritable.code).toBe(2);
    expect(unwritable.stdout).toBe('');
    expect(unwritable.stderr).toContain('cannot write');
  });

  // @verifies report#REPORT-PROGRESS-ON-STDERR
  it('reports progress on stderr: plain lines when piped, nothing with --quiet', async () => {
    const piped = await runInProcess(dir, ['report', '--out', 'p.html']);
    const lines = piped.stderr.trim().split('\n');
    expect(lines[0]).toBe('factline report: [1/4] scanning sources and tests');
    expect(lines.at(-1)).toMatch(/^factline report: done: 2 facts/);
    expect(piped.stderr).not.toContain('\r');
    const quiet = await runInProcess(dir, ['report', '--out', 'q.html', '--quiet']);
    expect(quiet.stderr).toBe('');
    expect(existsSync(join(dir, 'q.html'))).toBe(true);
  });

  it('draws a bar on a terminal', () => {
    let written = '';
    const stream = Object.assign(
      new Writable({
        write(chunk, _enc, done) {
          written += chunk;
          done();
        },
      }),
      { isTTY: true },
    );
    const progress = createProgress(stream, false);
    progress.stage('scanning');
    progress.stage('reading cited code');
    progress.step(5, 10);
    progress.done('ok');
    expect(written).toContain('\r\x1b[2K[');
    expect(written).toContain('reading cited code 5/10');
    expect(written).toMatch(/\[█{9}·{15}\] reading cited code 5\/10/);
    expect(written.endsWith('factline report: ok\n')).toBe(true);
  });
});
