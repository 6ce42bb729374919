/**
 * The compiled CLI and its staleness rule, on a copy of the package in a temp
 * folder (so a real edit of a source never touches this checkout): the build
 * runs while current, an edit sends the run back to the sources at once, a
 * rebuild makes the build current again, and sources stamped newer with the
 * same content (as npm unpacks a package) keep it.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';

const COPIED = [
  'bin',
  'cli',
  'engine',
  'checks',
  'reader',
  'generator',
  'generated',
  'support',
  'package.json',
];
const PROBE = join(import.meta.dirname, 'fixtures', 'startup-probe.mjs');
const BANNER = 'factline — spec-to-code traceability';

let pkg: string;

function factline(args: string[], env: NodeJS.ProcessEnv = {}): string {
  const run = spawnSync(process.execPath, [join(pkg, 'bin', 'factline.js'), ...args], {
    cwd: pkg,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
  });
  expect(run.stderr).toBe('');
  return run.stdout;
}

function build(): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'support/build-cli.ts'], {
    cwd: pkg,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
}

/** Marks the compiled banner (in the build's output, not a source), so a run shows which answered. */
function markBuild(): void {
  const dist = join(pkg, 'dist');
  const holders = readdirSync(dist).filter(
    (name) => name.endsWith('.js') && readFileSync(join(dist, name), 'utf8').includes(BANNER),
  );
  expect(holders).toHaveLength(1);
  const file = join(dist, holders[0]!);
  writeFileSync(file, readFileSync(file, 'utf8').replace(BANNER, `${BANNER} (compiled)`));
}

beforeAll(() => {
  pkg = mkdtempSync(join(tmpdir(), 'factline-compiled-'));
  for (const entry of COPIED) cpSync(join(REPO, entry), join(pkg, entry), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(pkg, 'node_modules'), 'dir');
  build();
}, 60_000);

afterAll(() => {
  if (pkg) rmSync(pkg, { recursive: true, force: true });
});

describe('the compiled CLI', () => {
  // @verifies cli#COMPILED-CLI
  // @verifies cli#STALE-BUILD-NEVER-RUNS
  it('runs while current; an edited source runs at once from the sources; a rebuild is current again', () => {
    markBuild();
    expect(factline(['--help'])).toContain(`${BANNER} (compiled)`);
    expect(factline(['--help'], { FACTLINE_FROM_SOURCE: '1' })).not.toContain('(compiled)');

    // A real edit of a source the build was made from: its effect shows on the very next run.
    const main = join(pkg, 'cli', 'main.ts');
    writeFileSync(main, readFileSync(main, 'utf8').replace(BANNER, `${BANNER} (edited)`));
    const edited = factline(['--help']);
    expect(edited).toContain('(edited)');
    expect(edited).not.toContain('(compiled)');

    build();
    markBuild();
    expect(factline(['--help'])).toContain(`${BANNER} (compiled) (edited)`);
  }, 60_000);

  // @verifies cli#STALE-BUILD-NEVER-RUNS
  it('sources stamped newer with the same content (npm unpacking, touch) keep the build; a deleted source does not', () => {
    build();
    markBuild();
    const inputs = JSON.parse(readFileSync(join(pkg, 'dist', 'cli-inputs.json'), 'utf8')) as {
      inputs: Record<string, string>;
    };
    expect(Object.keys(inputs.inputs)).toContain('cli/main.ts');
    // npm writes a package's files one after another: sources can end up newer than the build.
    const later = new Date(Date.now() + 60_000);
    for (const input of Object.keys(inputs.inputs)) utimesSync(join(pkg, input), later, later);
    expect(factline(['--help'])).toContain('(compiled)');

    const unused = join(pkg, 'cli', 'commands', 'conform.ts');
    rmSync(unused);
    expect(factline(['--help'])).not.toContain('(compiled)');
    cpSync(join(REPO, 'cli', 'commands', 'conform.ts'), unused);
    expect(factline(['--help'])).toContain('(compiled)');
  }, 60_000);

  // @verifies scanner#LAZY-TS-SCANNER
  // @verifies cli#COMPILED-CLI
  it('keeps TypeScript lazy: --help, --version and a check of TS files without a tag never load it', () => {
    build();
    const project = join(pkg, 'project');
    mkdirSync(join(project, 'specs'), { recursive: true });
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'specs', 'app.md'), '# App\n\n@fact:PING Ping answers. @status:impl/done\n');
    writeFileSync(join(project, 'src', 'ping.ts'), 'export const ping = () => "pong";\n');
    writeFileSync(join(project, 'factline.config.json'), JSON.stringify({ sources: ['src/**/*.ts'] }));
    const probe = (argv: string[]) => {
      const run = spawnSync(
        process.execPath,
        [PROBE, JSON.stringify(argv), join(pkg, 'dist', 'cli-main.js')],
        {
          cwd: project,
          encoding: 'utf8',
          env: { ...process.env, TMPDIR: project }, // the code cache stays in the test's folder
        },
      );
      expect(run.stderr).toBe('');
      return JSON.parse(run.stdout) as { code: number; tsMorph: boolean; typescript: boolean; out: string };
    };
    const check = probe(['check', '--no-cache', '--json']);
    expect(JSON.parse(check.out).facts).toHaveLength(1);
    expect(check.tsMorph).toBe(false);
    expect(check.typescript).toBe(false);
    expect(probe(['--help']).typescript).toBe(false);
    expect(probe(['--version']).typescript).toBe(false);
    writeFileSync(join(project, 'src', 'ping.ts'), '// @implements app#PING\nexport const ping = 1;\n');
    expect(probe(['check', '--no-cache', '--json']).typescript).toBe(false); // tokens alone tell
    writeFileSync(join(project, 'src', 'ping.ts'), 'const o = {} / 2;\n// @implements app#PING\n');
    const ambiguous = probe(['check', '--no-cache', '--json']);
    expect(ambiguous.typescript).toBe(true); // the probe can see it load
    expect(ambiguous.tsMorph).toBe(false); // the compiler alone
  }, 60_000);
});
