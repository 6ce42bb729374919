/**
 * Nothing a repository commits is read as a cache. Each forgery below is
 * first shown to work where factline does keep its caches (the user's own
 * cache folder: the forged bytes there turn the red verdict green), then
 * committed into the repository, and a fresh clone's verdict, cached and
 * with `--no-cache`, is the honest one. Through the real CLI (spawned).
 */
import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectCacheDir, projectKey } from '../../../engine/cache/location.ts';
import { sealCacheBody } from '../../support/cache-seal.ts';
import { runFactline } from '../../support/cli.ts';
import { commitAll, git, gitProject } from '../../support/git-project.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

const SPEC_A = '# Demo\n\n@status:impl/done\n\n@fact:A A holds.\n';
const SPEC_AB = `${SPEC_A}\n@fact:B B holds.\n`;
const SOURCE = '// @implements demo#A\n// @implements demo#B\nexport const a = 1;\n';
/** B's only "test" is text inside a template literal: B has no verifying test. */
const TEST =
  "it('a', () => {\n  // @verifies demo#A\n  const s = `\n  // @verifies demo#B\n  `;\n  void s;\n});\n";
const CONFIG = '{"sources": ["src/**/*.ts"], "tests": ["test/**/*.ts"]}\n';

const check = (root: string, home: string, ...args: string[]) =>
  runFactline(['check', ...args], root, { XDG_CACHE_HOME: home });

/** A cache file's header, fingerprint line and entry lines; `seal` gives back a file with a valid checksum. */
function openCacheFile(path: string) {
  const raw = readFileSync(path, 'utf8');
  const lines = raw.slice(raw.indexOf('\n') + 1).split('\n');
  return {
    lines,
    seal: (): string => sealCacheBody(raw, lines.join('\n')),
  };
}

/** The scan cache with a row that makes the template literal's text a verification of B. */
function forgeScanRows(file: string, text: string): string {
  const cache = openCacheFile(file);
  const i = cache.lines.findIndex((l) => l.startsWith('"test/a.test.ts"\t'));
  const fields = cache.lines[i]!.split('\t');
  const rows = JSON.parse(fields[3]!) as unknown[][];
  const offset = text.indexOf('@verifies demo#B');
  const line = text.slice(0, offset).split('\n').length;
  const column = offset - text.lastIndexOf('\n', offset - 1);
  rows.push(Object.assign([...rows[0]!], { 2: 'B', 5: offset, 6: line, 7: column }));
  fields[3] = JSON.stringify(rows);
  cache.lines[i] = fields.join('\t');
  return cache.seal();
}

/** The spec cache with B moved to plan: a fact not yet due needs no test. */
function forgeSpecStatus(file: string): string {
  const cache = openCacheFile(file);
  const i = cache.lines.findIndex((l) => l.startsWith('"specs/demo.md"\t'));
  const fields = cache.lines[i]!.split('\t');
  const entry = JSON.parse(fields[3]!) as { document: { facts: { id: string; status: object }[] } };
  for (const fact of entry.document.facts)
    if (fact.id === 'B') fact.status = { stage: 'impl', state: 'plan', origin: 'own' };
  fields[3] = JSON.stringify(entry);
  cache.lines[i] = fields.join('\t');
  return cache.seal();
}

/** A fresh clone of `root`'s repository at `path` (CI's checkout), its branch checked out. */
function clone(root: string, path: string): string {
  git(root, 'clone', '-q', root, path);
  return path;
}

describe('caches committed to the repository are never read', () => {
  // @verifies engine#CACHE-OUTSIDE-THE-CHECKOUT
  // @verifies engine#NO-CACHE-READS-NO-CACHE
  it('forged scan rows, spec entries and old-format files change no verdict of a fresh clone', async () => {
    const root = gitProject({
      'factline.config.json': CONFIG,
      'specs/demo.md': SPEC_AB,
      'src/a.ts': SOURCE,
      'test/a.test.ts': TEST,
    });
    const home = tempDir('cache-home');
    const honest = await check(root, home, '--json', '--no-cache');
    expect(honest.code).toBe(1);
    expect(honest.stdout).toContain('"rule": "missing-verification"');
    expect((await check(root, home, '--json')).stdout).toBe(honest.stdout);
    const dir = projectCacheDir(root, { XDG_CACHE_HOME: home })!;
    const forged: Record<string, string> = {
      'scan-v6.json': forgeScanRows(join(dir, 'scan-v6.json'), TEST),
      'specs-v5.json': forgeSpecStatus(join(dir, 'specs-v5.json')),
    };
    // Each forgery works where caches are kept: in the user's own folder it turns the verdict green.
    for (const [name, bytes] of Object.entries(forged)) {
      const genuine = readFileSync(join(dir, name));
      writeFileSync(join(dir, name), bytes);
      expect((await check(root, home)).code, `${name} is a working forgery`).toBe(0);
      writeFileSync(join(dir, name), genuine);
    }
    // Committed into the repository, under every name an old or current build used.
    const committed: Record<string, string> = {};
    for (const [name, bytes] of Object.entries(forged)) {
      committed[`.factline-cache/${name}`] = bytes;
      committed[`.factline-cache/${name.replace(/-v\d+/, '-v5')}`] = bytes;
    }
    writeFiles(root, committed);
    commitAll(root, 'a pull request carrying caches');
    const ci = clone(root, join(tempDir('ci'), 'checkout'));
    const ciHome = tempDir('ci-cache-home');
    for (const args of [['--json'], ['--json'], ['--json', '--no-cache']]) {
      const run = await check(ci, ciHome, ...args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stdout, args.join(' ')).toBe(honest.stdout);
    }
    // A cache home inside the repository (a home folder under git) is not used: the run goes uncached.
    const at = join(realpathSync(tempDir('ci-home')), 'checkout');
    const inside = join('.cache', 'factline', projectKey(at));
    writeFiles(root, Object.fromEntries(Object.entries(forged).map(([n, b]) => [join(inside, n), b])));
    commitAll(root, 'caches where the cache home would be');
    const dotfiles = clone(root, at);
    for (const args of [['--json'], ['--json']]) {
      const run = await check(dotfiles, join(dotfiles, '.cache'), ...args);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe(honest.stdout);
    }
    expect(readFileSync(join(dotfiles, inside, 'scan-v6.json'), 'utf8')).toBe(forged['scan-v6.json']);
  }, 120_000);

  // @verifies engine#CACHE-OUTSIDE-THE-CHECKOUT
  // @verifies engine#NO-CACHE-READS-NO-CACHE
  it('a base side forged from the head’s own findings does not make a pull request green', async () => {
    const root = gitProject({
      'factline.config.json': CONFIG,
      'specs/demo.md': SPEC_A,
      'src/a.ts': SOURCE.replace('// @implements demo#B\n', ''),
      'test/a.test.ts': TEST,
    });
    git(root, 'checkout', '-q', '-b', 'pr');
    writeFiles(root, { 'specs/demo.md': SPEC_AB, 'src/a.ts': SOURCE });
    commitAll(root, 'B, without a test');
    const home = tempDir('cache-home');
    const honest = await check(root, home, '--base', 'main');
    expect(honest.code).toBe(1);
    expect(honest.stdout).toContain('new since main: 1');
    const head = JSON.parse((await check(root, home, '--json')).stdout) as {
      findings: unknown;
      summary: unknown;
    };
    const dir = projectCacheDir(root, { XDG_CACHE_HOME: home })!;
    const name = readdirSync(dir).find((f) => f.startsWith('base-'))!;
    const forged = `${JSON.stringify({ findings: head.findings, summary: head.summary, outcomes: false })}\n`;
    // Where caches are kept, the forged base side is read: the new gap looks old.
    const genuine = readFileSync(join(dir, name));
    writeFileSync(join(dir, name), forged);
    const fooled = await check(root, home, '--base', 'main');
    expect(fooled.code).toBe(0);
    expect(fooled.stdout).toContain('OK no new error since main');
    writeFileSync(join(dir, name), genuine);
    // Committed by the pull request, it is never read.
    mkdirSync(join(root, '.factline-cache'), { recursive: true });
    writeFiles(root, { [`.factline-cache/${name}`]: forged });
    commitAll(root, 'the base side I want');
    const ci = clone(root, join(tempDir('ci'), 'checkout'));
    const ciHome = tempDir('ci-cache-home');
    for (const args of [[], [], ['--no-cache']]) {
      const run = await check(ci, ciHome, '--base', 'origin/main', ...args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stdout, args.join(' ')).toContain('new since origin/main: 1');
    }
  }, 120_000);
});
