/**
 * factline installed the other way the README offers: from a git URL. A temp
 * clone of this repository's commit, installed into a fresh project with
 * `npm install --save-dev git+file://CLONE`: npm installs factline's
 * devDependencies in the clone and runs its `prepare` (the build), offline
 * from npm's cache (`npm ci` filled it), because the project's allowScripts
 * names the URL as the README says. One install for the whole file.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { git } from '../../support/git-project.ts';
import { sh } from '../../support/npm.ts';

let work: string;
let project: string;
let url: string;
let install: { code: number; stdout: string; stderr: string };

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'factline-git-url-'));
  const clone = join(work, 'factline');
  git(work, 'clone', '--quiet', '--no-hardlinks', REPO, clone);
  url = `git+file://${clone}`;
  project = join(work, 'new-project');
  mkdirSync(project);
  expect((await sh(project, 'npm', ['init', '-y'])).code).toBe(0);
  // The README's two approvals: koffi's install script, and the git URL's build (its `prepare`).
  const allow = await sh(project, 'npm', [
    'pkg',
    'set',
    'allowScripts.koffi=true',
    `allowScripts[${url}]=true`,
    '--json',
  ]);
  expect(allow.code, allow.stderr).toBe(0);
  install = await sh(project, 'npm', ['install', '--no-audit', '--no-fund', '--offline', '--save-dev', url]);
}, 900_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('factline installed from a git URL', () => {
  // @verifies adoption#PACKAGE-FROM-GIT-URL
  it('builds through prepare with no npm warning; the bin runs --version, init and a green check', async () => {
    expect(install.code, install.stderr).toBe(0);
    expect(install.stderr).not.toMatch(/npm warn/i);
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(existsSync(join(project, 'node_modules/factline/dist/cli-main.js'))).toBe(true);

    const version = await sh(project, 'npx', ['factline', '--version']);
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(`factline ${pkg.version}`);
    const init = await sh(project, 'npx', ['factline', 'init']);
    expect(init.code, init.stderr).toBe(0);
    const check = await sh(project, 'npx', ['factline', 'check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toMatch(/^OK .*0 gap\(s\); 0 error\(s\)/m);
    for (const r of [version, init, check]) expect(r.stderr).not.toMatch(/npm warn/i);
  });

  // @verifies adoption#PACKAGE-FROM-GIT-URL
  it('an install npm did not build (its prepare skipped) says what to allow, exit 2', async () => {
    const unbuilt = join(work, 'unbuilt');
    cpSync(join(project, 'node_modules/factline'), unbuilt, {
      recursive: true,
      filter: (from) => !from.includes(`${join('factline', 'dist')}`),
    });
    expect(existsSync(join(unbuilt, 'dist'))).toBe(false);
    const r = await sh(project, process.execPath, [join(unbuilt, 'bin/factline.js'), '--version']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain("npm pkg set 'allowScripts[THE-GIT-URL]=true' --json");
  });
});
