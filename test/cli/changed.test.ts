/**
 * `check --changed [REF]` in a real git repository in a temp dir: which files
 * a partial run scans after an edit, a spec change, a delete and a rename,
 * and that its findings are the full run's findings in those files.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding, PartialCoverage, TraceResult } from '../../checks/model.ts';
import { judgedInPart } from '../../checks/partial.ts';
import { storedEntries } from '../../engine/cache/cache-file.ts';
import { digestOf } from '../../reader/text.ts';
import { cacheDirOf, runInProcess } from '../support/cli.ts';
import { tempProject } from '../support/temp.ts';

const PING = 'Ping answers with pong.';
const SPEC = (ping = PING) =>
  `# App {#root}\n\n@status:impl/done\n\n@fact:PING ${ping}\n\n@fact:ECHO Echo repeats the input.\n\n@fact:TIME Time tells the hour.\n`;
const pin = (text: string) => digestOf(text).slice(0, 8);

function git(root: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A committed project: three facts, each implemented and tested; `time.ts` holds a committed mistake. */
function repo(): string {
  const root = tempProject({
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['src/**/*.ts'],
      tests: ['test/**/*.ts'],
    }),
    'specs/app.md': SPEC(),
    'src/ping.ts': `// @implements app#PING~${pin(PING)}\nexport const ping = () => 'pong';\n`,
    'src/echo.ts': '// @implements app#ECHO\nexport const echo = (s: string) => s;\n',
    'src/time.ts': '// @implements app#TIME\n// @implements app#TIMES\nexport const time = () => 12;\n',
    'test/app.test.ts':
      "// @verifies app#PING\n// @verifies app#ECHO\n// @verifies app#TIME\nit('runs', () => {});\n",
    '.gitignore': 'scratch/\n',
  });
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'start');
  return root;
}

function write(root: string, file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

async function check(root: string, ...args: string[]): Promise<{ code: number; result: TraceResult }> {
  const run = await runInProcess(root, ['check', '--json', ...args]);
  expect(run.stderr).toBe('');
  return { code: run.code, result: JSON.parse(run.stdout) };
}

/** The full run's findings in the files the partial run covered, as the partial run must report them. */
async function fullRunRestricted(root: string, partial: PartialCoverage): Promise<Finding[]> {
  const { result } = await check(root);
  return result.findings.filter((f) => judgedInPart(f, new Set(partial.scanned), new Set(partial.specFiles)));
}

async function expectSameVerdict(root: string, partial: { code: number; result: TraceResult }) {
  const coverage = partial.result.partial!;
  const expected = await fullRunRestricted(root, coverage);
  expect(partial.result.findings).toEqual(expected);
  expect(partial.code).toBe(expected.some((f) => f.severity === 'error') ? 1 : 0);
}

describe('check --changed', () => {
  // @verifies engine#CHANGED-FILES
  // @verifies engine#CHANGED-SAME-VERDICT
  it('after a one-file edit scans that file only and reports what a full run reports there', async () => {
    const root = repo();
    write(root, 'src/echo.ts', '// @implements app#ECHOO\nexport const echo = (s: string) => s;\n');
    const partial = await check(root, '--changed');
    expect(partial.result.partial?.scanned).toEqual(['src/echo.ts']);
    expect(partial.result.findings.map((f) => `${f.file} ${f.rule}`)).toEqual(['src/echo.ts unknown-fact']);
    expect(partial.result.findings[0]!.fix).toContain('app#ECHO');
    // The committed mistake in src/time.ts and the fact-level gap ECHO now has are not judged here.
    const full = await check(root);
    expect(full.result.findings.map((f) => f.rule)).toContain('missing-implementation');
    expect(full.result.findings.some((f) => f.file === 'src/time.ts')).toBe(true);
    expect(partial.result.partial?.notJudged).toContain('missing-implementation');
    await expectSameVerdict(root, partial);
  });

  // @verifies engine#PARTIAL-RUN-KEEPS-CACHE
  it('leaves the scan cache as it was, so the next full run is still warm for the files it did not scan', async () => {
    const root = repo();
    await check(root);
    const cacheFile = join(cacheDirOf(root)!, 'scan-v6.json');
    const filled = readFileSync(cacheFile);
    const before = storedEntries(root, 'scan-v6')!;
    expect([...before.keys()].sort()).toEqual([
      'src/echo.ts',
      'src/ping.ts',
      'src/time.ts',
      'test/app.test.ts',
    ]);
    write(root, 'src/echo.ts', '// @implements app#ECHO\nexport const echo = (s: string) => String(s);\n');
    const partial = await check(root, '--changed');
    expect(partial.result.partial?.scanned).toEqual(['src/echo.ts']);
    expect(readFileSync(cacheFile).equals(filled)).toBe(true);
    // The next full run takes the edited file's new entry.
    await check(root);
    const after = storedEntries(root, 'scan-v6')!;
    expect(after.get('src/echo.ts')!.contentHash).not.toBe(before.get('src/echo.ts')!.contentHash);
    expect(after.get('src/ping.ts')).toEqual(before.get('src/ping.ts'));
  });

  // @verifies engine#CHANGED-FACTS
  it("a fact's text changed in the spec pulls in the files citing it, and their stale pins show", async () => {
    const root = repo();
    write(root, 'specs/app.md', SPEC('Ping answers with pong within a second.'));
    const partial = await check(root, '--changed');
    expect(partial.result.partial?.changedUnits).toEqual(['app#PING']);
    expect(partial.result.partial?.specFiles).toEqual(['specs/app.md']);
    expect(partial.result.partial?.scanned).toEqual(['src/ping.ts', 'test/app.test.ts']);
    expect(partial.result.findings.map((f) => `${f.file} ${f.rule}`)).toEqual(['src/ping.ts stale-citation']);
    expect(partial.code).toBe(1);
    await expectSameVerdict(root, partial);
  });

  // @verifies engine#CHANGED-FILES
  it('never lists a path of its own cache, node_modules or the ignored globs as changed or deleted', async () => {
    const root = repo();
    // Committed by mistake, then gone (or a cache temp file that came and went while git listed).
    write(root, '.factline-cache/scan-v6.json.123.tmp', 'x');
    write(root, 'node_modules/dep/index.ts', '// @implements app#PING\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'oops');
    rmSync(join(root, '.factline-cache'), { recursive: true, force: true });
    rmSync(join(root, 'node_modules'), { recursive: true, force: true });
    const partial = await check(root, '--changed');
    expect(partial.result.partial?.deleted).toEqual([]);
    expect(partial.result.partial?.scanned).toEqual([]);
  });

  // @verifies engine#CHANGED-FILES
  // @verifies engine#CHANGED-SAME-VERDICT
  it('a deleted file has nothing to scan, and the gap it leaves is left to the full run', async () => {
    const root = repo();
    rmSync(join(root, 'src/echo.ts'));
    const partial = await check(root, '--changed');
    expect(partial.result.partial?.deleted).toEqual(['src/echo.ts']);
    expect(partial.result.partial?.scanned).toEqual([]);
    expect(partial.result.findings).toEqual([]);
    expect(partial.code).toBe(0);
    const full = await check(root);
    expect(
      full.result.findings.some((f) => f.rule === 'missing-implementation' && f.fact === 'app#ECHO'),
    ).toBe(true);
    const console = await runInProcess(root, ['check', '--changed']);
    expect(console.stdout).toContain('1 deleted');
    expect(console.stdout).toContain('not judged');
  });

  // @verifies engine#CHANGED-FILES
  it('a renamed file is scanned under its new name, staged or not; an ignored file never is', async () => {
    const root = repo();
    git(root, 'mv', 'src/time.ts', 'src/clock.ts');
    renameSync(join(root, 'src/echo.ts'), join(root, 'src/repeat.ts'));
    write(root, 'scratch/src/notes.ts', '// @implements app#NOPE\n');
    const partial = await check(root, '--changed');
    expect(partial.result.partial?.scanned).toEqual(['src/clock.ts', 'src/repeat.ts']);
    expect(partial.result.partial?.deleted).toEqual(['src/echo.ts', 'src/time.ts']);
    expect(partial.result.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      'src/clock.ts:2 unknown-fact',
    ]);
    await expectSameVerdict(root, partial);
  });

  // @verifies engine#CHANGED-FACTS
  it('against an older REF it covers the commits since, a removed fact pulling in its citing files', async () => {
    const root = repo();
    git(root, 'branch', 'base');
    write(root, 'specs/app.md', SPEC().replace('@fact:TIME Time tells the hour.\n', ''));
    git(root, 'commit', '-q', '-am', 'drop TIME');
    expect((await check(root, '--changed')).result.partial?.scanned).toEqual([]);
    const partial = await check(root, '--changed', 'base');
    expect(partial.result.partial?.changedUnits).toEqual(['app#TIME']);
    expect(partial.result.partial?.scanned).toEqual(['src/time.ts', 'test/app.test.ts']);
    expect(partial.result.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual([
      'src/time.ts:1 unknown-fact',
      'src/time.ts:2 unknown-fact',
      'test/app.test.ts:3 unknown-fact',
    ]);
    await expectSameVerdict(root, partial);
  });

  // @verifies engine#CHANGED-SAME-VERDICT
  it('reports the diagnostics of a changed spec, and not those of an unchanged one', async () => {
    const root = repo();
    write(root, 'specs/old.md', '# Old\n\n@fact:DUP One.\n\n@fact:DUP Two.\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'a spec with a duplicate id');
    write(root, 'specs/app.md', `${SPEC()}\n@fact:ECHO Echo again.\n`);
    const partial = await check(root, '--changed');
    expect(partial.result.findings.map((f) => `${f.file} ${f.rule}`)).toEqual(['specs/app.md duplicate-id']);
    await expectSameVerdict(root, partial);
  });

  // @verifies engine#CHANGED-FILES
  it("in a project below the repository root, paths are the project's own", async () => {
    const root = repo();
    const app = join(root, 'app');
    mkdirSync(app);
    for (const f of ['factline.config.json', 'specs', 'src', 'test']) renameSync(join(root, f), join(app, f));
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'move into app/');
    write(app, 'src/echo.ts', '// @implements app#ECHOO\n');
    write(root, 'other/src/x.ts', '// @implements app#NOPE\n');
    const partial = await check(app, '--changed');
    expect(partial.result.partial?.scanned).toEqual(['src/echo.ts']);
    expect(partial.result.findings.map((f) => `${f.file} ${f.rule}`)).toEqual(['src/echo.ts unknown-fact']);
    await expectSameVerdict(app, partial);
  });

  // @verifies engine#CHANGED-FULL-RUN
  it('runs the full gate when the config itself changed', async () => {
    const root = repo();
    const config = { specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['spec/**/*.ts'] };
    write(root, 'factline.config.json', JSON.stringify(config));
    const run = await runInProcess(root, ['check', '--changed']);
    expect(run.stdout).toContain('the config file changed since HEAD, so the full gate runs');
    // Fact-level gaps and the unchanged file's committed mistake: the whole tree was judged.
    expect(run.stdout).toContain('missing-verification');
    expect(run.stdout).toContain('src/time.ts:2:4: error unknown-fact');
  });

  // @verifies engine#CHANGED-SAME-VERDICT
  it('check --help says what a partial run judges and what it leaves to the full run', async () => {
    const help = (await runInProcess(process.cwd(), ['check', '--help'])).stdout;
    expect(help).toContain('--changed [REF]');
    const text = help.replace(/\s+/g, ' ');
    expect(text).toMatch(/citation findings \(unknown-fact, .*stale-citation.*\) in the files it scans/);
    expect(text).toMatch(/not judged and left to the full `factline check`: missing-implementation, /);
  });

  // @verifies engine#CHANGED-CLEAR-ERRORS
  it('outside git or with an unknown REF: exit 2 naming the fix', async () => {
    const plain = tempProject({ 'specs/app.md': SPEC(), 'src/a.ts': '// @implements app#PING\n' });
    const outside = await runInProcess(plain, ['check', '--changed']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('not inside a git work tree');
    expect(outside.stderr).toContain('git init');

    const root = repo();
    const unknown = await runInProcess(root, ['check', '--changed', 'origin/nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('git knows no commit `origin/nope`');
    expect(unknown.stderr).toContain('git fetch');

    const junit = await runInProcess(root, ['check', '--changed', '--junit', 'out.xml']);
    expect(junit.code).toBe(2);
    expect(junit.stderr).toContain('--changed cannot be combined with --junit');
  });

  // @verifies engine#CHANGED-FULL-RUN
  it('before the first commit every file is new, so the full gate runs', async () => {
    const plain = tempProject({ 'specs/app.md': SPEC(), 'src/a.ts': '// @implements app#PINGG\n' });
    execFileSync('git', ['init', '-q'], { cwd: plain });
    const run = await runInProcess(plain, ['check', '--changed']);
    expect(run.stdout).toContain(
      '--changed HEAD: HEAD has no commit yet (every file is new), so the full gate runs',
    );
    expect(run.stdout).toContain('missing-verification');
    expect(run.stdout).toContain('src/a.ts:1:4: error unknown-fact');
    expect(run.code).toBe(1);
    const named = await runInProcess(plain, ['check', '--changed', 'main']);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('git knows no commit `main`');
  });
});
