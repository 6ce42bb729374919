/**
 * What a warm run does not do: read the sources whose stat is unchanged, or
 * read factline's own code to decide whether the cache is still its own.
 * Every `readFileSync` of the modules under test is recorded (the real one
 * still runs).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeFingerprint } from '../../engine/cache/cache-file.ts';
import { runInProcess } from '../support/cli.ts';
import { tempDir } from '../support/temp.ts';

const reads = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  const readFileSync = ((path: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    reads.paths.push(String(path));
    return (real.readFileSync as (...a: unknown[]) => unknown)(path, ...rest);
  }) as typeof real.readFileSync;
  return { ...real, readFileSync, default: { ...real, readFileSync } };
});

afterEach(() => {
  reads.paths.length = 0;
});

/** 40 source files of five citations each, written a minute ago. */
function tree(): string {
  const dir = tempDir('stat-cache');
  const past = Date.now() / 1000 - 60;
  const write = (path: string, text: string) => {
    fs.mkdirSync(join(dir, path, '..'), { recursive: true });
    fs.writeFileSync(join(dir, path), text);
    fs.utimesSync(join(dir, path), past, past);
  };
  write(
    'factline.config.json',
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.py'], tests: ['test/**/*.py'] }),
  );
  write('specs/app.md', '# App\n\n@status:impl/done\n\n@fact:A A holds.\n\n@fact:B B holds.\n');
  for (let i = 0; i < 40; i++)
    write(`src/m${i}.py`, `# @implements app#A\n# @implements app#B\nx = ${i}\n`.repeat(3));
  return dir;
}

const settle = () => new Promise((r) => setTimeout(r, 2_300));
const sourcesRead = (dir: string) => reads.paths.filter((p) => p.startsWith(resolve(dir, 'src')));

describe('a warm run stats instead of reading', () => {
  // @verifies engine#STAT-KEYED-SCAN-CACHE
  it('reads no source file whose stat matches its entry, and reads exactly the one that was touched', async () => {
    const dir = tree();
    await settle();
    const cold = await runInProcess(dir, ['check', '--json', '--no-cache']);
    expect(sourcesRead(dir)).toHaveLength(40);
    await runInProcess(dir, ['check', '--json']);
    reads.paths.length = 0;
    const warm = await runInProcess(dir, ['check', '--json']);
    expect(warm.stdout).toBe(cold.stdout);
    expect(sourcesRead(dir)).toEqual([]);
    fs.utimesSync(join(dir, 'src/m7.py'), new Date(), new Date());
    const touched = await runInProcess(dir, ['check', '--json']);
    expect(touched.stdout).toBe(cold.stdout);
    expect(sourcesRead(dir)).toEqual([resolve(dir, 'src/m7.py')]);
  }, 60_000);
});

describe('a partial run stats instead of reading too', () => {
  // @verifies engine#PARTIAL-RUN-KEEPS-CACHE
  it('check --changed reads none of the unchanged files a changed fact pulls in, and prints what an uncached run prints', async () => {
    const dir = tree();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        cwd: dir,
        stdio: 'ignore',
      });
    fs.writeFileSync(join(dir, '.gitignore'), '.factline-cache/\n');
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'start');
    await settle();
    await runInProcess(dir, ['check', '--json']); // fills the cache
    fs.writeFileSync(
      join(dir, 'specs/app.md'),
      '# App\n\n@status:impl/done\n\n@fact:A A holds, now said otherwise.\n\n@fact:B B holds.\n',
    );
    reads.paths.length = 0;
    const partial = await runInProcess(dir, ['check', '--json', '--changed']);
    expect(JSON.parse(partial.stdout).partial.scanned).toHaveLength(40);
    expect(sourcesRead(dir)).toEqual([]);
    const uncached = await runInProcess(dir, ['check', '--json', '--changed', '--no-cache']);
    expect(partial.stdout).toBe(uncached.stdout);
    expect(sourcesRead(dir)).toHaveLength(40);
  }, 60_000);
});

describe('the code fingerprint', () => {
  // @verifies engine#CHEAP-CODE-FINGERPRINT
  it('reads none of the code files, and changes when one is rewritten, even with the same bytes; the content fingerprint behind it does not', async () => {
    const code = tempDir('fingerprint');
    for (const name of ['a.ts', 'b.ts']) fs.writeFileSync(join(code, name), `export const ${name[0]} = 1;\n`);
    fs.mkdirSync(join(code, 'sub'));
    fs.writeFileSync(join(code, 'sub', 'c.ts'), 'export const c = 1;\n');
    // Code changed within the last two seconds matches no cache: its stat cannot vouch for it yet.
    expect(codeFingerprint(code)).not.toBe(codeFingerprint(code));
    await settle();
    const first = codeFingerprint(code);
    const content = codeFingerprint(code, 'content');
    reads.paths.length = 0;
    codeFingerprint(code);
    expect(reads.paths.filter((p) => p.startsWith(code))).toEqual([]);
    expect(codeFingerprint(code)).toBe(first);
    // An install or checkout writes the file anew: same bytes, new change time.
    const again = fs.readFileSync(join(code, 'sub', 'c.ts'));
    fs.rmSync(join(code, 'sub', 'c.ts'));
    fs.writeFileSync(join(code, 'sub', 'c.ts'), again);
    await settle();
    const rewritten = codeFingerprint(code);
    expect(rewritten).not.toBe(first);
    expect(codeFingerprint(code)).toBe(rewritten);
    // Read only then: the same bytes are the same code, so a restored cache is still used.
    expect(codeFingerprint(code, 'content')).toBe(content);
    fs.writeFileSync(join(code, 'sub', 'c.ts'), 'export const c = 2;\n');
    expect(codeFingerprint(code, 'content')).not.toBe(content);
  }, 30_000);
});
