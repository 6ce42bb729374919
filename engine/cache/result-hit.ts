/**
 * The stored result of a whole `factline check`, served before the rest of
 * factline loads (bin/factline.js imports this, as its own small entry of
 * the compiled CLI, ahead of the CLI itself). The result is printed only
 * when every part of its key is as it was: the invocation (argv, cwd, the
 * keyed environment, which outputs are terminals, Node and factline's
 * build) and the state of every input the storing run looked at (each
 * file's and folder's stat, each missing path still missing, each realpath
 * still leading where it led). Anything else, a damaged or foreign file
 * included, is a miss: the engine runs as if nothing was stored.
 */
import { utimesSync } from 'node:fs';
import {
  everyInput,
  openResult,
  probeState,
  readStoredResult,
  resultFile,
  resultsFolder,
  sameInvocation,
  storableInvocation,
} from './result-format.ts';

export interface ServedResult {
  code: number;
  stdout: Buffer;
  stderr: Buffer;
}

interface ProcessView {
  cwd(): string;
  env: Record<string, string | undefined>;
  stdout: { isTTY?: boolean };
  stderr: { isTTY?: boolean };
}

/** The stored result of this invocation when its whole key still holds, else undefined. */
// @implements engine#WHOLE-RESULT-KEY
export function storedResultFor(argv: readonly string[], proc: ProcessView): ServedResult | undefined {
  if (!storableInvocation(argv, proc.env)) return undefined;
  const folder = resultsFolder(proc.env);
  if (folder === undefined) return undefined;
  const cwd = proc.cwd();
  const file = resultFile(folder, cwd, argv);
  const raw = readStoredResult(file, folder);
  const stored = raw === undefined ? undefined : openResult(raw);
  if (stored === undefined) return undefined;
  const tty = { stdout: proc.stdout.isTTY === true, stderr: proc.stderr.isTTY === true };
  if (!sameInvocation(stored.invocation, argv, cwd, proc.env, tty)) return undefined;
  // A path inside the working directory is stored relative to it, which is this process's too
  // (sameInvocation): the system resolves it, and no absolute path is built per input.
  const holds = everyInput(
    stored.inputs,
    (kind, path, state) => probeState(kind, path === '' ? '.' : path).state === state,
  );
  if (!holds) return undefined;
  markServed(file);
  return { code: stored.code, stdout: stored.stdout, stderr: stored.stderr };
}

/** A served result counts as recently used: the results folder's prune drops the least recently stored or served first. */
// @implements engine#CACHE-RESULTS-BOUNDED
function markServed(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // A read-only cache home: the result is still served, only its place in the prune order is stale.
  }
}
