/**
 * How `check` writes its report: `--json` in pieces with the exact bytes of
 * the one-string form, on every fixture and through a real process whose
 * report is several megabytes; the console report in one write.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceResult } from '../../../checks/model.ts';
import { jsonPieces, jsonReport } from '../../../checks/reporters/json.ts';
import { runCli } from '../../../cli/main.ts';
import { loadConfig } from '../../../engine/config/load.ts';
import { Project } from '../../../engine/project.ts';
import { REPO, runFactline, runInProcess } from '../../support/cli.ts';

const FIXTURES = join(REPO, 'test', 'fixtures', 'gate');

/** What `--json` printed before it was streamed: one JSON.stringify of the whole report. */
function oneString(result: TraceResult): string {
  return `${JSON.stringify(jsonReport(result), null, 2)}\n`;
}

async function gateOf(root: string): Promise<TraceResult> {
  const sink = new Writable({ write: (_c, _e, done) => done() });
  const io = { cwd: root, env: {}, stdout: sink, stderr: sink };
  return (await new Project(io, loadConfig(root)).check({ cache: false })).result;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project whose `--json` report runs to megabytes: `files` files of five citations each. */
function bigTree(files: number): string {
  const root = mkdtempSync(join(tmpdir(), 'factline-output-'));
  dirs.push(root);
  mkdirSync(join(root, 'specs'));
  mkdirSync(join(root, 'src'));
  const facts = Array.from(
    { length: 50 },
    (_, n) => `@fact:F${n} Fact ${n} — «${n}» holds. @status:impl/done\n`,
  );
  writeFileSync(join(root, 'specs', 'app.md'), `# App\n\n${facts.join('\n')}`);
  for (let i = 0; i < files; i++) {
    const cites = Array.from(
      { length: 5 },
      (_, c) => `// @implements app#F${(i + c) % 50}\nexport const v${c} = ${c};\n`,
    );
    writeFileSync(join(root, 'src', `f${i}.ts`), cites.join(''));
  }
  writeFileSync(
    join(root, 'factline.config.json'),
    JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'], tests: ['test/**/*.ts'] }),
  );
  return root;
}

describe('check --json, streamed', () => {
  // @verifies cli#JSON-STREAMED
  it('is byte for byte the one-string JSON on every fixture, for any piece size', async () => {
    const fixtures = readdirSync(FIXTURES).filter((name) =>
      existsSync(join(FIXTURES, name, 'factline.config.json')),
    );
    expect(fixtures.length).toBeGreaterThan(10);
    for (const name of fixtures) {
      const root = join(FIXTURES, name);
      const result = await gateOf(root);
      const expected = oneString(result);
      for (const batch of [1, 2, 3, 500])
        expect([...jsonPieces(result, batch)].join(''), name).toBe(expected);
      const printed = await runInProcess(root, ['check', '--json', '--no-cache']);
      expect(printed.stdout, name).toBe(expected);
    }
  }, 60_000);

  // @verifies cli#JSON-STREAMED
  it('a real process writes a multi-megabyte report whole, the same bytes as one string, warm or cold', async () => {
    const root = bigTree(1500);
    const cold = await runFactline(['check', '--json', '--no-cache'], root);
    expect(cold.stderr).toBe('');
    expect(cold.stdout.length).toBeGreaterThan(2 << 20); // several writes of a megabyte
    expect(JSON.parse(cold.stdout).citations).toHaveLength(7500);
    expect(cold.stdout).toBe(oneString(await gateOf(root)));
    await runFactline(['check', '--json'], root); // fill the cache
    const warm = await runFactline(['check', '--json'], root);
    expect(warm.stdout).toBe(cold.stdout);
    expect(warm.code).toBe(cold.code);
  }, 120_000);
});

/** A stdout that keeps each write apart, and a stderr that drops everything. */
function recordingStreams() {
  const writes: string[] = [];
  const stdout = new Writable({
    write(chunk, _encoding, done) {
      writes.push(String(chunk));
      done();
    },
  });
  const stderr = new Writable({ write: (_c, _e, done) => done() });
  return { writes, stdout, stderr };
}

describe('check --json, in small writes', () => {
  // @verifies cli#JSON-SMALL-PIECES
  it('writes a multi-megabyte report in writes each below the size V8 keeps as a large object', async () => {
    const root = bigTree(1500);
    const { writes, stdout, stderr } = recordingStreams();
    await runCli(['check', '--json', '--no-cache'], { cwd: root, env: {}, stdout, stderr });
    expect(writes.join('')).toBe(oneString(await gateOf(root)));
    expect(writes.length).toBeGreaterThan(20);
    expect(Math.max(...writes.map((w) => w.length))).toBeLessThan(128 << 10);
  }, 60_000);
});

describe('the console report', () => {
  // @verifies cli#CONSOLE-ONE-WRITE
  it('reaches stdout in one write, GitHub annotations included', async () => {
    const { writes, stdout, stderr } = recordingStreams();
    const root = join(FIXTURES, 'unknown-fact');
    const code = await runCli(['check', '--no-cache'], {
      cwd: root,
      env: { GITHUB_ACTIONS: 'true' },
      stdout,
      stderr,
    });
    expect(code).toBe(1);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('FAIL');
    expect(writes[0]).toContain('::error ');
  });
});
