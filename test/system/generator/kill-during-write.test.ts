/**
 * `gen` and `pin` killed with SIGKILL at random moments: every file is whole
 * (its old bytes or its new ones), and the next run leaves no temp file.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../../support/cli.ts';

const RUNS = process.env.CI ? 10 : 2;
const FILES = 20;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-kill-'));
  dirs.push(dir);
  for (const d of ['specs', 'templates', 'src', 'test']) mkdirSync(join(dir, d));
  writeFileSync(join(dir, 'specs', 'doc.md'), '# Doc\n\n@fact:ONE One holds. @status:impl/done\n');
  writeFileSync(
    join(dir, 'factline.config.json'),
    '{"generate": {"spec": "specs/doc.md", "templates": "templates", "out": "generated"}, "sources": ["src/**/*"], "tests": ["test/**/*"]}',
  );
  return dir;
}

/** Writes every template (or source) in version `v`, large enough that writing takes a while. */
function templates(dir: string, v: number): void {
  for (let i = 0; i < FILES; i++) {
    const body = `export const v${i} = ${v};\n`.repeat(300);
    writeFileSync(join(dir, 'templates', `t${i}.ts.hbs`), body);
  }
}
function sources(dir: string): void {
  for (let i = 0; i < FILES; i++) {
    writeFileSync(
      join(dir, 'src', `s${i}.ts`),
      `// @implements doc#ONE~00000000\n${'export const x = 1;\n'.repeat(500)}`,
    );
  }
}

function runToEnd(dir: string, command: string): number | null {
  return spawnSync(process.execPath, [BIN, command], { cwd: dir, stdio: 'ignore' }).status;
}

/**
 * The killed runs' own temp folder: a run killed while `gen` checks its
 * outputs leaves that check's folder behind (nothing outlives SIGKILL's
 * cleanup), so it goes where this file's cleanup removes it.
 */
let killedTemp: string | undefined;

function runAndKill(dir: string, command: string, afterMs: number): Promise<void> {
  if (killedTemp === undefined) {
    killedTemp = mkdtempSync(join(tmpdir(), 'factline-kill-tmp-'));
    dirs.push(killedTemp);
  }
  const child = spawn(process.execPath, [BIN, command], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, TMPDIR: killedTemp },
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), afterMs);
  return new Promise((resolve) =>
    child.on('close', () => {
      clearTimeout(timer);
      resolve();
    }),
  );
}

function temps(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.factline-gen-.*\.tmp$/.test(f));
}

function timed(f: () => void): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

describe('kill during write', () => {
  // @verifies engine#WRITERS-ATOMIC-OR-NOTHING
  // @verifies engine#WRITERS-CLEAN-STALE-TEMP
  it(`gen killed ${RUNS} times at random moments: 0 torn files, 0 temp files after the next run`, async () => {
    const dir = project();
    const versions = new Map<number, Set<string>>();
    for (const v of [1, 2]) {
      templates(dir, v);
      expect(runToEnd(dir, 'gen')).toBe(0);
      versions.set(
        v,
        new Set(
          readdirSync(join(dir, 'generated')).map((f) => readFileSync(join(dir, 'generated', f), 'utf8')),
        ),
      );
    }
    const whole = new Set([...versions.get(1)!, ...versions.get(2)!]);
    const full = timed(() => {
      templates(dir, 1);
      runToEnd(dir, 'gen');
    });
    let torn = 0;
    for (let run = 0; run < RUNS; run++) {
      const v = run % 2 === 0 ? 2 : 1;
      templates(dir, v);
      await runAndKill(dir, 'gen', full * (0.4 + 0.7 * Math.random()));
      for (const f of readdirSync(join(dir, 'generated'))) {
        if (f.endsWith('.tmp')) continue;
        if (!whole.has(readFileSync(join(dir, 'generated', f), 'utf8'))) torn++;
      }
      expect(runToEnd(dir, 'gen')).toBe(0);
      expect(temps(join(dir, 'generated'))).toEqual([]);
    }
    expect(torn).toBe(0);
  }, 300_000);

  // @verifies engine#WRITERS-ATOMIC-OR-NOTHING
  // @verifies engine#WRITERS-CLEAN-STALE-TEMP
  it(`pin killed ${RUNS} times at random moments: 0 torn files, 0 temp files after the next run`, async () => {
    const dir = project();
    writeFileSync(join(dir, 'test', 'a.test.ts'), "it('a', () => {\n  // @verifies doc#ONE\n});\n");
    const full = timed(() => {
      sources(dir);
      runToEnd(dir, 'pin');
    });
    const pinned = readFileSync(join(dir, 'src', 's0.ts'), 'utf8');
    const fresh = pinned.replace(/~[0-9a-f]{8}/, '~00000000');
    let torn = 0;
    for (let run = 0; run < RUNS; run++) {
      sources(dir);
      await runAndKill(dir, 'pin', full * (0.4 + 0.7 * Math.random()));
      for (let i = 0; i < FILES; i++) {
        const text = readFileSync(join(dir, 'src', `s${i}.ts`), 'utf8');
        if (text !== pinned && text !== fresh) torn++;
      }
      expect(runToEnd(dir, 'pin')).toBe(0);
      expect(temps(join(dir, 'src'))).toEqual([]);
    }
    expect(torn).toBe(0);
  }, 300_000);
});
