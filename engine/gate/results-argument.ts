/** `--results FILE…` as typed: relative to where the command runs, turned into paths from the project root. */
import { isAbsolute, relative, resolve } from 'node:path';

// @implements results#RESULTS-ON-EVERY-VERDICT
export function resultsFromArguments(cwd: string, root: string, files: readonly string[]): string[] {
  return files.map((file) => {
    const fromRoot = relative(root, resolve(cwd, file));
    return fromRoot === '' || isAbsolute(fromRoot) ? resolve(cwd, file) : fromRoot.split('\\').join('/');
  });
}
