/**
 * The per-user cache home stays bounded (engine/cache/prune.ts), through the
 * real CLI on real files: stored results past the count or byte budget go
 * least recently used first, project folders go once their project is gone,
 * and nothing that is not factline's own entry is ever removed or followed.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../../support/cli.ts';
import { tempDir, writeFiles } from '../../support/temp.ts';

/** A little longer than the racy window: the project's files are then old enough for a result to be stored. */
const settle = () => new Promise((r) => setTimeout(r, 2_300));

const DAY_MS = 24 * 60 * 60 * 1000;

function project(): string {
  const dir = tempDir('prune-project');
  writeFiles(dir, {
    'factline.config.json': JSON.stringify({ specs: ['specs/*.md'], sources: ['src/**/*.ts'], tests: [] }),
    'specs/app.md': '# App\n\n@fact:ONE The one thing. @status:impl/done @requires:implementation\n',
    'src/one.ts': '// @implements app#ONE\nexport const one = 1;\n',
  });
  return dir;
}

function check(dir: string, cacheHome: string, args: string[] = []) {
  const run = spawnSync(process.execPath, [BIN, 'check', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cacheHome },
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

/** A file named as a stored result is named, with the given age and (sparse) size. */
function fakeResult(folder: string, n: number, ageMs: number, size = 100): string {
  const path = join(folder, `${n.toString(16).padStart(40, '0')}.txt`);
  writeFileSync(path, 'not a result');
  truncateSync(path, size);
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
  return path;
}

const hexKey = (name: string, n: number) => `${name}-${n.toString(16).padStart(24, '0')}`;

describe('the cache home stays bounded', () => {
  // @verifies engine#CACHE-RESULTS-BOUNDED
  it('keeps the 64 results last stored or served, drops the rest oldest first, and touches nothing else', async () => {
    const cacheHome = tempDir('prune-home');
    const results = join(cacheHome, 'factline', 'results');
    mkdirSync(results, { recursive: true, mode: 0o700 });
    // 70 older results (minutes apart), a user's note, a link named as a result, a killed writer's temp file.
    const fakes = Array.from({ length: 70 }, (_, i) => fakeResult(results, i + 1, (i + 1) * 60_000));
    writeFileSync(join(results, 'notes.txt'), 'mine');
    const outside = join(tempDir('prune-outside'), 'target.txt');
    writeFileSync(outside, 'keep me');
    const link = join(results, `${'f'.repeat(40)}.txt`);
    symlinkSync(outside, link);
    utimesSync(outside, new Date(0), new Date(0));
    const temp = join(results, '.factline-gen-4194300-ab12.tmp');
    writeFileSync(temp, 'half written');
    const dir = project();
    await settle();

    const first = check(dir, cacheHome);
    const names = readdirSync(results);
    const stored = names.filter((n) => /^[0-9a-f]{40}\.txt$/.test(n) && !fakes.includes(join(results, n)));
    // The run stored its result (link excluded, it is not a result), and 64 results remain in all.
    expect(stored.filter((n) => join(results, n) !== link)).toHaveLength(1);
    const kept = fakes.filter((f) => existsSync(f));
    expect(kept).toEqual(fakes.slice(0, 63));
    expect(readFileSync(outside, 'utf8')).toBe('keep me');
    expect(existsSync(link)).toBe(true);
    expect(existsSync(join(results, 'notes.txt'))).toBe(true);
    expect(existsSync(temp)).toBe(false);

    // Serving a result refreshes its time: made the oldest, it survives the next prune.
    const mine = join(results, stored.find((n) => join(results, n) !== link)!);
    const old = new Date(Date.now() - 365 * DAY_MS);
    utimesSync(mine, old, old);
    const inode = statSync(mine).ino;
    expect(check(dir, cacheHome)).toBe(first);
    // Served, not stored again (a store writes a new file).
    expect(statSync(mine).ino).toBe(inode);
    expect(statSync(mine).mtimeMs).toBeGreaterThan(Date.now() - 60_000);

    // The byte budget: three 100 MiB results newer than the rest leave room for two beside the new one.
    const big = [1, 2, 3].map((i) => fakeResult(results, 1000 + i, i * 1_000, 100 * 1024 * 1024));
    utimesSync(mine, old, old);
    check(dir, cacheHome, ['--json']);
    expect(big.map((f) => existsSync(f))).toEqual([true, true, false]);
    // Past the budget, everything older went too, the result served earlier included.
    expect(fakes.filter((f) => existsSync(f))).toEqual([]);
    expect(existsSync(mine)).toBe(false);
    expect(existsSync(link)).toBe(true);
  });

  // @verifies engine#CACHE-PROJECTS-PRUNED
  it("a new project's first run removes the folders of projects that are gone, and only those", async () => {
    const cacheHome = tempDir('prune-home');
    const home = join(cacheHome, 'factline');
    const folder = (name: string, record?: string, ageDays = 0) => {
      const path = join(home, name);
      mkdirSync(path, { recursive: true, mode: 0o700 });
      writeFileSync(join(path, 'scan-v6.json'), '{}');
      if (record !== undefined) writeFileSync(join(path, 'project'), record);
      const at = new Date(Date.now() - ageDays * DAY_MS);
      utimesSync(path, at, at);
      return path;
    };
    const live = tempDir('prune-live');
    const gone = join(tempDir('prune-gone'), 'removed-project');
    const cases = {
      gone: folder(hexKey('gone', 1), gone),
      live: folder(hexKey('live', 2), live),
      unrecordedOld: folder(hexKey('old', 3), undefined, 40),
      unrecordedRecent: folder(hexKey('recent', 4), undefined, 3),
      notAProjectName: folder('my-notes', gone),
    };
    // A record that is a folder, not a file: unreadable, so kept.
    const odd = folder(hexKey('odd', 5));
    mkdirSync(join(odd, 'project'));
    // A link named as a project folder, to a folder whose record is gone: neither followed nor removed.
    const elsewhere = join(tempDir('prune-elsewhere'), hexKey('target', 6));
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'project'), gone);
    const link = join(home, hexKey('link', 7));
    symlinkSync(elsewhere, link);

    const dir = project();
    check(dir, cacheHome);
    const real = realpathSync(dir);
    const mine = readdirSync(home).filter((n) => {
      const record = join(home, n, 'project');
      return existsSync(record) && statSync(record).isFile() && readFileSync(record, 'utf8') === real;
    });
    expect(mine).toHaveLength(1);
    expect(existsSync(cases.gone)).toBe(false);
    expect(existsSync(cases.unrecordedOld)).toBe(false);
    expect(existsSync(cases.live)).toBe(true);
    expect(existsSync(cases.unrecordedRecent)).toBe(true);
    expect(existsSync(cases.notAProjectName)).toBe(true);
    expect(existsSync(odd)).toBe(true);
    expect(existsSync(link)).toBe(true);
    expect(existsSync(join(elsewhere, 'project'))).toBe(true);

    // A second run of a known project prunes nothing, even with another project gone since.
    const later = folder(hexKey('later', 8), join(gone, 'also-gone'));
    check(dir, cacheHome);
    expect(existsSync(later)).toBe(true);
  });
});
