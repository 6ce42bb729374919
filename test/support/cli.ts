/**
 * factline under test: in this process through `runCli` with an in-memory
 * io (most tests), or the real executable (bin/factline.js) as a child
 * process, the way a user runs it (the system tests of the bin, exit codes
 * and signals); fixture projects copied to temp folders for either.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { TraceResult } from '../../checks/model.ts';
import type { CliIO } from '../../cli/io.ts';
import { runCli } from '../../cli/main.ts';
import { projectKey, userCacheHome } from '../../engine/cache/location.ts';
import { tempCopy } from './temp.ts';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(REPO, 'bin', 'factline.js');
/** The gate's fixture projects, one per rule or situation. */
export const FIXTURES = fileURLToPath(new URL('../fixtures/gate/', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A private copy of a fixture project, so pins, caches and edits never touch the repository; removed when the test ends. */
export function copyFixture(name: string): string {
  return tempCopy(join(FIXTURES, name), name);
}

/** A stream that keeps what is written to it; `isTTY` makes the CLI believe it is a terminal. */
function memoryStream(isTTY: boolean): PassThrough & { text: () => string; isTTY: boolean } {
  const chunks: Buffer[] = [];
  const stream = Object.assign(new PassThrough(), {
    isTTY,
    text: () => Buffer.concat(chunks).toString('utf8'),
  });
  stream.on('data', (c: Buffer) => chunks.push(c));
  return stream;
}

export interface InProcessOptions {
  /** The command's whole environment (the test process's own is not inherited). */
  env?: NodeJS.ProcessEnv;
  /** Pretend stdout is a terminal. */
  tty?: boolean;
  /** The io's interrupt hook: the test keeps `stop` and calls it as Ctrl-C would. */
  onInterrupt?: CliIO['onInterrupt'];
}

/** `factline ARGS…` in this process, in `cwd`; stdout and stderr collected in memory. */
export async function runInProcess(
  cwd: string,
  args: string[],
  options: InProcessOptions = {},
): Promise<CliRun & { code: number }> {
  const stdout = memoryStream(options.tty ?? false);
  const stderr = memoryStream(false);
  const code = await runCli(args, {
    cwd,
    env: options.env ?? {},
    stdout,
    stderr,
    ...(options.onInterrupt ? { onInterrupt: options.onInterrupt } : {}),
  });
  // PassThrough delivers 'data' on the next tick: let the last writes land.
  await new Promise((r) => setImmediate(r));
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** `factline ARGS…` as a child process, with the test's environment, colour off and `env` on top. */
export function runFactline(args: string[], cwd = REPO, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return collectOutput(
    spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** `factline ARGS…` as a child process, waited for, with only PATH and HOME of the test's environment besides `env`. */
export function runFactlineSync(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): CliRun & { code: number } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Everything a child writes on stdout and stderr, and its exit code, once it has closed. */
export function collectOutput(child: ChildProcess): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `check --json --no-cache` in this process; an exit 2 is an error naming stderr. */
export async function checkJson(
  cwd: string,
  extra: string[] = [],
): Promise<{ code: number; result: TraceResult }> {
  const r = await runInProcess(cwd, ['check', '--json', '--no-cache', ...extra]);
  if (r.code === 2) throw new Error(`check exited 2: ${r.stderr}`);
  return { code: r.code, result: JSON.parse(r.stdout) as TraceResult };
}

/** Findings as `file:line:col rule fact` strings, for exact comparisons. */
export function brief(result: TraceResult): string[] {
  return result.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.rule} ${f.fact ?? '-'}`);
}

/** The project's cache folder, where `check` keeps its caches (engine/cache/location.ts), outside the project. */
export { projectCacheDir as cacheDirOf } from '../../engine/cache/location.ts';

/** Where the project's cache folder is, without making it (as cacheDirOf does). */
export function cacheFolderPathOf(dir: string): string {
  const home = userCacheHome();
  if (home === undefined) throw new Error('no user cache home in this environment');
  return join(home, projectKey(realpathSync(dir)));
}
