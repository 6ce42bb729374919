/**
 * Starts real HTTP server processes for the tests and waits for the address
 * they write to stderr.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The HTTP fixture server (test/fixtures/http-server.ts): a consumer's server on the generated core. */
export const HTTP_FIXTURE = fileURLToPath(new URL('../fixtures/http-server.ts', import.meta.url));

/**
 * A temp project `factline serve --http` can serve: one spec with one fact,
 * implemented and not verified, so its gate has one finding. The caller removes it.
 */
export function demoProject(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [file, body] of Object.entries({
    'factline.config.json': JSON.stringify({ specs: ['specs/**/*.md'], sources: ['src/**/*.ts'] }),
    'specs/demo.md':
      '# Demo {#root}\n\n@status:impl/done\n\n@fact:DEMO-PING The demo answers `ping`. @status:impl/done\n',
    'src/ping.ts': '// @implements demo#DEMO-PING\nexport const ping = () => ({});\n',
  })) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), body);
  }
  return dir;
}

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
