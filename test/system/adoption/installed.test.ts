/**
 * The package as a new team gets it: packed, installed into a fresh project
 * with npm, run through `npx`. One install for the whole file (it fetches
 * factline's dependencies, from the npm cache when it has them).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { sh } from '../../support/npm.ts';
import { readSpecMarkup } from '../../support/page-markup.ts';

const PAGE_SCRIPT = join(REPO, 'checks', 'reporters', 'html', 'page-script.ts');

let work: string;
let project: string;
/** The checkout as packed: a private copy (see packableCopy). */
let checkout: string;

/** What is never part of a pack, at the checkout's top. */
const NOT_PACKED = new Set(['node_modules', '.git', '.test-results', '.factline-cache', 'coverage']);

/**
 * A private copy of the checkout to pack and publish from. `npm pack` runs
 * prepack where it packs: a whole build (dist/ cleared and written again) and
 * the manifest stripped until postpack. In the repository itself, every test
 * running beside this file that starts bin/factline.js meanwhile would meet a
 * half-written dist/ or a code fingerprint that changed under it (a warm run
 * turned cold, a command that exits 1), so the pack happens in a copy.
 */
function packableCopy(into: string): string {
  const copy = join(into, 'checkout');
  cpSync(REPO, copy, {
    recursive: true,
    // A top-level entry's path relative to the checkout is its bare name; nothing deeper matches one.
    filter: (source) => !NOT_PACKED.has(relative(REPO, source)),
  });
  symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

beforeAll(async () => {
  // `npm pack` skips the build (--ignore-scripts), so the built page script must be there already.
  if (!existsSync(PAGE_SCRIPT)) throw new Error(`${PAGE_SCRIPT} is missing: run \`npm run build\` first`);
  work = mkdtempSync(join(tmpdir(), 'factline-installed-'));
  // The scripts run: prepack builds and strips the manifest's scripts, postpack restores them.
  checkout = packableCopy(work);
  const before = readFileSync(join(checkout, 'package.json'), 'utf8');
  const pack = await sh(checkout, 'npm', ['pack', '--pack-destination', work]);
  expect(pack.code, pack.stderr).toBe(0);
  expect(pack.stderr).not.toMatch(/npm warn/i);
  expect(readFileSync(join(checkout, 'package.json'), 'utf8')).toBe(before);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  expect(tarball).toBeDefined();
  project = join(work, 'new-project');
  mkdirSync(project);
  expect((await sh(project, 'npm', ['init', '-y'])).code).toBe(0);
  // npm 11 warns about any dependency's install script the project has not allowed: koffi (the
  // generated core's fd capture) has one, and the README tells a team to allow it.
  expect((await sh(project, 'npm', ['pkg', 'set', 'allowScripts.koffi=true', '--json'])).code).toBe(0);
  const install = await sh(project, 'npm', [
    'install',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--save-dev',
    join(work, tarball!),
  ]);
  expect(install.code, install.stderr).toBe(0);
  installWarnings = install.stderr;
}, 600_000);

let installWarnings = '';

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package installed into a fresh project', () => {
  // @verifies adoption#PACKAGE-RUNS-INSTALLED
  // @verifies adoption#NO-CONFIG-NO-SPEC
  it('runs: --version, no config is exit 2 naming init, init, a green check with an HTML report', async () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    const version = await sh(project, 'npx', ['factline', '--version']);
    expect(version).toMatchObject({ code: 0, stdout: `factline ${pkg.version}\n` });

    const bare = await sh(project, 'npx', ['factline', 'check']);
    expect(bare.code).toBe(2);
    expect(bare.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(bare.stderr).toContain('`npx factline init`');

    const init = await sh(project, 'npx', ['factline', 'init']);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('wrote factline.config.json');
    // The `$schema` init writes names a file the install really has.
    const config = JSON.parse(readFileSync(join(project, 'factline.config.json'), 'utf8'));
    expect(existsSync(join(project, config.$schema))).toBe(true);

    const check = await sh(project, 'npx', ['factline', 'check', '--html', 'report.html']);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('OK 2 facts, 2 required, 2 verified, 0 gap(s)');
    // The page carries its specs packed; decoded they hold the starter's facts.
    expect(readSpecMarkup(readFileSync(join(project, 'report.html'), 'utf8'))).toContain(
      'GREETING-NAMES-THE-PERSON',
    );
  }, 120_000);

  // @verifies adoption#PACKAGE-RUNS-INSTALLED
  it('ships the build, not the sources, and needs neither tsx nor ts-morph to run', () => {
    const installed = join(project, 'node_modules', 'factline');
    const sources = (readdirSync(installed, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.d.ts'),
    );
    expect(sources).toEqual([]);
    expect(existsSync(join(installed, 'dist', 'cli-main.js'))).toBe(true);
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies)).toContain('typescript');
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
    expect(Object.keys(pkg.dependencies)).not.toContain('ts-morph');
  });

  // @verifies adoption#PACKAGE-MANIFEST-WITHOUT-SCRIPTS
  it('the shipped manifest has no scripts, installing it prints no npm warning, and publish --dry-run is clean', async () => {
    const pkg = JSON.parse(readFileSync(join(project, 'node_modules', 'factline', 'package.json'), 'utf8'));
    expect(pkg.scripts).toBeUndefined();
    expect(installWarnings).not.toMatch(/npm warn/i);
    const repoPkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
    expect(repoPkg.scripts.prepare).toContain('build-cli.ts');
    const publish = await sh(checkout, 'npm', ['publish', '--dry-run']);
    expect(publish.code, publish.stderr).toBe(0);
    // Not being logged in to the registry is this machine's state, not the package's.
    const warnings = publish.stderr
      .split('\n')
      .filter((l) => /npm warn/i.test(l) && !/requires you to be logged in/.test(l));
    expect(warnings).toEqual([]);
    expect(publish.stderr).toContain('factline@');
  }, 600_000);
});
