/** Fixture projects copied to temp dirs, and factline run in-process or as a real child process. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TraceResult } from '../../checks/model.ts';
import { runInProcess } from '../support/cli.ts';
import { tempCopy } from '../support/temp.ts';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const BIN = join(REPO, 'bin', 'factline.js');

/** A private copy, so pins, caches and edits never touch the repository; removed when the test ends. */
export function copyFixture(name: string): string {
  return tempCopy(join(FIXTURES, name), name);
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The real CLI entry in this process (fast); `tty` pretends stdout is a terminal. */
export const runIn = runInProcess;

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
