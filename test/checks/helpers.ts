/** Fixture projects copied to temp dirs, and factline run in-process or as a real child process. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { TraceResult } from '../../checks/model.ts';
import { runCli } from '../../cli/main.ts';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const BIN = join(REPO, 'bin', 'factline.js');

/** A private copy, so pins, caches and edits never touch the repository. */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `factline-${name}-`));
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function sink(isTTY = false): PassThrough & { text: () => string; isTTY?: boolean } {
  const stream = new PassThrough() as PassThrough & { text: () => string; isTTY?: boolean };
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.text = () => Buffer.concat(chunks).toString('utf8');
  stream.isTTY = isTTY;
  return stream;
}

/** The real CLI entry in this process (fast); `tty` pretends stdout is a terminal. */
export async function runIn(
  cwd: string,
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; tty?: boolean } = {},
): Promise<Run> {
  const stdout = sink(options.tty);
  const stderr = sink();
  const code = await runCli(argv, { cwd, env: options.env ?? {}, stdout, stderr });
  await new Promise((r) => setImmediate(r));
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** `node bin/factline.js …` as a child process. */
export function runBin(cwd: string, argv: string[], env: NodeJS.ProcessEnv = {}): Run {
  const r = spawnSync(process.execPath, [BIN, ...argv], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export async function checkJson(
  cwd: string,
  extra: string[] = [],
): Promise<{ code: number; result: TraceResult }> {
  const r = await runIn(cwd, ['check', '--json', '--no-cache', ...extra]);
  if (r.code === 2) throw new Error(`check exited 2: ${r.stderr}`);
  return { code: r.code, result: JSON.parse(r.stdout) as TraceResult };
}

/** Findings as `file:line:col rule fact` strings, for exact comparisons. */
export function brief(result: TraceResult): string[] {
  return result.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.rule} ${f.fact ?? '-'}`);
}
