/**
 * The language tools the generator's tests run: python3 is on every machine
 * of this kind and required in CI; rustc and gofmt may be absent, and their
 * tests then skip with a note.
 */
import { spawnSync } from 'node:child_process';
import { tempDir, writeFiles } from './temp.ts';

export function hasTool(command: string, args = ['--version']): boolean {
  const run = spawnSync(command, args, { encoding: 'utf8' });
  return run.error === undefined && run.status === 0;
}

export const PYTHON = hasTool('python3');
export const RUSTC = hasTool('rustc');

if (!PYTHON) {
  if (process.env.CI) throw new Error('python3 is required in CI for the generator tests');
  console.warn('note: python3 is not installed: the Python output tests skip');
}
if (!RUSTC) console.warn('note: rustc is not installed: the Rust output tests skip');

/** The environment the CLI runs in for these tests: the PATH its language tools are found on. */
export const TOOLS = { env: { PATH: process.env.PATH ?? '' } };

/** Runs a command; its stdout, or throws with its stderr. */
export function run(command: string, args: string[], cwd: string): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** A temp project generating `generated/` from `specs/doc.md` and the given templates. */
export function genProject(prefix: string, spec: string, files: Record<string, string>): string {
  const dir = tempDir(prefix);
  writeFiles(dir, {
    'factline.config.json': JSON.stringify({
      specs: ['specs/**/*.md'],
      sources: ['generated/**/*'],
      tests: ['test/**/*'],
      generate: { spec: 'specs/doc.md', templates: 'templates', out: 'generated' },
    }),
    'specs/doc.md': spec,
    ...files,
  });
  return dir;
}
