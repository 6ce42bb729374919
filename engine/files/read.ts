/**
 * Reading the gate's inputs from disk: one listed file (shared by the main
 * thread and the scan pool's worker, so a failure reads the same from either)
 * and a results or vectors file a run names.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../errors.ts';

/**
 * How the gate reads a file that results name (`what`: `results` or `vectors`):
 * from disk for the CLI (readUnderRoot), under the client path policy for an MCP tool.
 */
export type InputReader = (file: string, what: 'results' | 'vectors') => Promise<string>;

/** The CLI's InputReader: a path as given, relative to `root`; a failure is the caller's to word. */
export const readUnderRoot =
  (root: string): InputReader =>
  async (file) =>
    readFileSync(resolve(root, file), 'utf8');

/** Reads a listed file under `root`; undefined when it vanished since the listing. */
export function readGateFile(root: string, file: string): string | undefined {
  try {
    return readFileSync(resolve(root, file), 'utf8');
  } catch (error) {
    // Vanished between glob and read: nothing left to cite. Anything else
    // (no permission, a directory, an I/O error) would hide its citations
    // and let the gate pass a gap, so it stops the run.
    // A name that is not valid UTF-8 reads back with U+FFFD in it and opens nothing: that is not a vanished file.
    // @implements engine#UNREADABLE-FILES-ARE-NOT-SILENT
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && file.includes('\uFFFD')) {
      throw new UsageError(
        `cannot read ${JSON.stringify(file)}: its name is not valid UTF-8, so it cannot be opened by name (U+FFFD marks the bytes); rename it, or add it to \`ignore\` in the config`,
      );
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(
      `cannot read ${file}: ${(error as Error).message}; make it readable, or add it to \`ignore\` in the config`,
    );
  }
}
