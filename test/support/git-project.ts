/** Temp git repositories for the tests that run the real CLI as a team does: files, commits, branches. */
import { execFileSync } from 'node:child_process';
import { tempDir, writeFiles } from './temp.ts';

/** `git ARGS…` in `root`, with an identity and no user config; its stdout. */
export function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A git repository on branch `main` holding `files` in its first commit; removed when the test ends. */
export function gitProject(files: Record<string, string>): string {
  const root = tempDir('git');
  git(root, 'init', '-q', '-b', 'main');
  writeFiles(root, files);
  commitAll(root, 'first');
  return root;
}

export function commitAll(root: string, message: string): void {
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '--allow-empty', '-m', message);
}
