/** Runs the real executable (bin/factline.js) as a child process, the way a user does. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/factline.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Colour off so output can be matched; extra variables override. */
function cliEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...process.env, NO_COLOR: '1', ...env };
}

export function runFactlineSync(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: cliEnv(env) });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
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
