/**
 * factline at another ref of this repository, built apart, for a bench's
 * before/after rows: the same inputs timed with both builds in turns.
 */
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';

const REPO = join(import.meta.dirname, '..');

/** factline at `ref` of this repository, taken out into `dir` and built there; its bin/factline.js. */
export function buildBefore(ref: string, dir: string): string {
  const archive = spawnSync('git', ['-C', REPO, 'archive', '--format=tar', ref], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${ref}: ${archive.stderr}`);
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  // The page's script first (a generated module the CLI bundle imports), then the CLI.
  for (const step of ['support/build-page.ts', 'support/build-cli.ts']) {
    const build = spawnSync(process.execPath, ['--import', 'tsx', step], { cwd: dir });
    if (build.status !== 0) throw new Error(`building ${ref} (${step}): ${build.stderr}`);
  }
  return join(dir, 'bin', 'factline.js');
}
