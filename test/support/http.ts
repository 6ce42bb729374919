/**
 * Starts real HTTP server processes for the tests and waits for the address
 * they write to stderr.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface HttpProcess {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
}

/** Spawns `node ARGS` and resolves once it writes `http://…/mcp` to stderr. */
export function startHttp(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<HttpProcess> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      const m = /(http:\/\/\S+\/mcp)/.exec(err);
      if (m) {
        resolve({
          url: m[1] as string,
          child,
          stderr: () => err,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    child.stdout.resume();
    void exited.then((code) => reject(new Error(`server exited ${code} before listening: ${err}`)));
  });
}
