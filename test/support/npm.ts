/** Runs npm and npx as a user in a project of their own: no `npm_*` variables of this repository's npm run. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `cmd args…` in `cwd`; never throws, so a test can assert on the exit code. */
export async function sh(
  cwd: string,
  cmd: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  // The project must find factline in its own node_modules, not through this repo's npm run.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  try {
    const r = await run(cmd, args, { cwd, env: { ...env, NO_COLOR: '1' }, maxBuffer: 1 << 24 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
