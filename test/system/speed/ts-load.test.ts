/**
 * Loading the scanner's TypeScript: the compiler alone, through a per-user
 * V8 code cache that can make a run faster and never different. Real
 * `factline check` processes on a one-file project, each with its own temp
 * folder (TMPDIR), so the cache they find is the one the test laid out.
 */
import { spawnSync } from 'node:child_process';
import { hash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type TypeScript from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { typeScriptCompilerFile } from '../../../checks/scan/typescript-compiler.ts';
import {
  CODE_CACHE_DIR_NAME,
  codeCacheFile,
  requireWithCodeCache,
} from '../../../engine/cache/code-cache.ts';
import { REPO } from '../../support/cli.ts';

const BIN = join(REPO, 'bin', 'factline.js');
const COMPILER = typeScriptCompilerFile();
const uid = process.getuid?.();

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A project with one TS file citing a fact (in a class, so the scanner's
 * symbol binding is exercised) whose tokens need TypeScript's parser (a `/`
 * right after a block's `}`, before the citations), and a temp folder of its own.
 */
function project(): { root: string; temp: string; cacheDir: string; cacheFile: string } {
  const root = mkdtempSync(join(tmpdir(), 'factline-tsload-'));
  dirs.push(root);
  mkdirSync(join(root, 'specs'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'tmp'));
  writeFileSync(join(root, 'specs', 'app.md'), '# App\n\n@fact:PING Ping answers. @status:impl/done\n');
  writeFileSync(
    join(root, 'src', 'ping.ts'),
    [
      // After an object literal's `}` only TypeScript's parser tells a division from a regular expression.
      'export const half = {}',
      "  / 'ping'.length;",
      '// @implements app#PING',
      'export class Ping {',
      '  /** @implements app#PONG */',
      '  answer(x: number) { return x / 2 / `$' + '{x}//@implements app#NOT`.length; }',
      '}',
      '',
    ].join('\n'),
  );
  writeFileSync(join(root, 'factline.config.json'), JSON.stringify({ sources: ['src/**/*.ts'] }));
  const temp = join(root, 'tmp');
  const cacheDir = join(temp, uid === undefined ? CODE_CACHE_DIR_NAME : `${CODE_CACHE_DIR_NAME}-${uid}`);
  return { root, temp, cacheDir, cacheFile: codeCacheFile(cacheDir, COMPILER) };
}

/** `factline check --no-cache --json` (the scan cache off: every run scans the file). */
function check(root: string, temp: string): string {
  const run = spawnSync(process.execPath, [BIN, 'check', '--no-cache', '--json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TMPDIR: temp },
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(1); // PONG is unknown, PING unverified
  return run.stdout;
}

/** The cache file's identity and a digest of its bytes, to tell whether a run rewrote it. */
function snapshot(file: string): { ino: number; sha1: string } {
  return { ino: statSync(file).ino, sha1: hash('sha1', readFileSync(file)) };
}

/** Whether the next run accepts the cache file as it is (V8 took it: not rewritten). */
function expectAccepted(root: string, temp: string, file: string, output: string): void {
  const before = snapshot(file);
  expect(check(root, temp)).toBe(output);
  expect(snapshot(file)).toEqual(before);
}

/** A cache file with a header that matches the source and this data, but data V8 cannot use. */
function rejectedByV8(): Buffer {
  const source = readFileSync(COMPILER);
  const data = Buffer.from('not bytecode at all, but with an honest header'.repeat(20));
  const header = `factline-code-cache 1 ${process.version} ${process.arch} source=${crc32(source)}:${source.length} data=${crc32(data)}:${data.length}\n`;
  return Buffer.concat([Buffer.from(header, 'latin1'), data]);
}

describe('the code cache of the scanner’s TypeScript', () => {
  // @verifies scanner#CODE-CACHE
  // @verifies scanner#CODE-CACHE-NEVER-WRONG
  it('is written by the first run, used by the next, replaced when corrupt or rejected, and never changes the output', () => {
    const { root, temp, cacheDir, cacheFile } = project();
    const first = check(root, temp);
    const cites = JSON.parse(first).citations.map((c: { id: string; line: number }) => [c.id, c.line]);
    expect(cites).toEqual([
      ['PING', 3],
      ['PONG', 5],
    ]);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(cacheFile, 'latin1').startsWith('factline-code-cache 1 ')).toBe(true);

    expectAccepted(root, temp, cacheFile, first);

    const written = readFileSync(cacheFile);
    const broken = [
      Buffer.from('garbage\n\x00\x01'),
      written.subarray(0, written.length - 100), // truncated: the header's length no longer matches
      Buffer.concat([written.subarray(0, -1), Buffer.from([written.at(-1)! ^ 1])]), // one bit off
      rejectedByV8(),
    ];
    for (const bytes of broken) {
      writeFileSync(cacheFile, bytes);
      expect(check(root, temp)).toBe(first);
      expect(readFileSync(cacheFile).equals(bytes)).toBe(false); // replaced ...
      expectAccepted(root, temp, cacheFile, first); // ... by a usable one
    }

    // No usable temp folder at all: a plain require, the same answer.
    expect(check(root, join(temp, 'missing', 'folder'))).toBe(first);
  }, 120_000);

  // @verifies scanner#CODE-CACHE-PRIVATE
  it.skipIf(uid === undefined)(
    'is not read from, nor written to, a folder open to others or a link; a file others may write is replaced',
    () => {
      const { root, temp, cacheDir, cacheFile } = project();
      const first = check(root, temp);
      const valid = readFileSync(cacheFile);

      // A planted file V8 would reject: had the run read it, it would have rewritten it.
      writeFileSync(cacheFile, rejectedByV8());
      const planted = snapshot(cacheFile);
      for (const mode of [0o755, 0o770, 0o707]) {
        chmodSync(cacheDir, mode);
        expect(check(root, temp)).toBe(first);
        expect(snapshot(cacheFile)).toEqual(planted);
        expect(readdirSync(cacheDir)).toEqual([cacheFile.slice(cacheDir.length + 1)]);
      }

      // The folder's name as a link to a private folder elsewhere: not followed.
      const elsewhere = join(root, 'elsewhere');
      mkdirSync(elsewhere, { mode: 0o700 });
      writeFileSync(join(elsewhere, cacheFile.slice(cacheDir.length + 1)), rejectedByV8());
      rmSync(cacheDir, { recursive: true });
      symlinkSync(elsewhere, cacheDir);
      expect(check(root, temp)).toBe(first);
      expect(readFileSync(join(elsewhere, cacheFile.slice(cacheDir.length + 1)))).toEqual(rejectedByV8());
      rmSync(cacheDir);

      // A valid cache that others may write is not trusted: the run writes its own.
      mkdirSync(cacheDir, { mode: 0o700 });
      writeFileSync(cacheFile, valid, { mode: 0o666 });
      chmodSync(cacheFile, 0o666);
      const shared = snapshot(cacheFile);
      expect(check(root, temp)).toBe(first);
      expect(snapshot(cacheFile).ino).not.toBe(shared.ino);
      expect(statSync(cacheFile).mode & 0o777).toBe(0o600);
    },
    120_000,
  );

  // @verifies scanner#CODE-CACHE-PRIVATE
  it.skipIf(uid !== 0)(
    'ignores a cache file owned by another user, even a valid one',
    () => {
      const { root, temp, cacheFile } = project();
      const first = check(root, temp);
      chownSync(cacheFile, 65534, 65534); // root can hand the file to `nobody`
      const foreign = snapshot(cacheFile);
      expect(check(root, temp)).toBe(first);
      expect(statSync(cacheFile).uid).toBe(0); // replaced by this user's own
      expect(snapshot(cacheFile).ino).not.toBe(foreign.ino);
    },
    120_000,
  );
});

describe('one TypeScript per process', () => {
  // @verifies scanner#ONE-TYPESCRIPT-PER-PROCESS
  it('the generator’s TypeScript, imported after the scanner’s compiler, is that same copy', async () => {
    const require = createRequire(COMPILER);
    expect(require.cache[COMPILER]).toBeUndefined(); // nothing in this test file loaded it yet
    const temp = mkdtempSync(join(tmpdir(), 'factline-tsload-'));
    dirs.push(temp);
    const compiler = requireWithCodeCache(COMPILER, temp) as typeof TypeScript;
    expect(compiler.version).toMatch(/^\d+\.\d+/);
    // The generator imports the package as an ES module (generator/render/syntax.ts): Node hands it the loaded copy.
    const { default: ts } = (await import('typescript')) as { default: typeof compiler };
    expect(ts).toBe(compiler);
    expect(requireWithCodeCache(COMPILER, temp)).toBe(compiler);
  });
});
