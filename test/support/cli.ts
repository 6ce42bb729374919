/**
 * factline's CLI under test: in this process through `runCli` with an
 * in-memory CliIO (fast: most tests), or the real executable
 * (bin/factline.js) as a child process, the way a user runs it (the few
 * smoke tests that prove the bin wrapper, exit codes and signals).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CliIO } from '../../cli/io.ts';
import { runCli } from '../../cli/main.ts';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/factline.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
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

/** Colour off so output can be matched; extra variables override. */
function cliEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...process.env, NO_COLOR: '1', ...env };
}

export function runFactline(args: string[], cwd = REPO_ROOT, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return collectOutput(
    spawn(process.execPath, [BIN, ...args], { cwd, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] }),
  );
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
