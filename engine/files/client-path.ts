/**
 * The one policy for a file that an MCP client names in a tool argument. A
 * client is not the user at the terminal: what it names is read only when it
 * is a regular file inside the project root once every link is resolved, no
 * bigger than a bound, and read within a time limit. FIFOs, devices,
 * directories and sockets are refused before a byte is read, so no name can
 * block the server (a FIFO nobody writes), fill its memory (`/dev/zero`) or
 * make it echo a file from elsewhere.
 */
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../errors.ts';
import { isInside } from './symlink-policy.ts';

export interface ClientFileLimits {
  /** Bytes a named file may hold. */
  maxBytes: number;
  /** Milliseconds the whole read may take. */
  timeoutMs: number;
}

/** Big enough for the results of a large test suite, small enough that no name can exhaust memory. */
export const CLIENT_FILE_LIMITS: ClientFileLimits = { maxBytes: 64 * 1024 * 1024, timeoutMs: 10_000 };

/** A named file the policy refuses: the message says which argument, why, and what to name instead. */
export class ClientPathError extends UsageError {}

const refuse = (what: string, name: string, why: string, fix: string): ClientPathError =>
  new ClientPathError(`${what} ${JSON.stringify(name)}: ${why}; ${fix}`);

/**
 * Reads the file `name` (relative to `root`, or absolute) as UTF-8 text
 * under the policy; `what` names the argument in errors (`results[0]`).
 */
// @implements serve#CLIENT-NAMED-FILES-STAY-IN-THE-PROJECT
export async function readClientFile(
  root: string,
  name: string,
  what: string,
  limits: ClientFileLimits = CLIENT_FILE_LIMITS,
): Promise<string> {
  const inside = 'name a file inside the project, relative to its root';
  if (name === '' || name.includes('\0')) throw refuse(what, name, 'not a file name', inside);
  const realRoot = await realpath(root);
  let real: string;
  try {
    real = await realpath(resolve(realRoot, name));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw refuse(what, name, code === 'ENOENT' ? 'no such file' : `cannot be resolved (${code})`, inside);
  }
  if (!isInside(realRoot, real)) {
    throw refuse(what, name, 'outside the project root once links are resolved', inside);
  }
  // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the
  // resolved name must not have become a link since it was resolved.
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    throw refuse(what, name, `cannot be opened (${(error as NodeJS.ErrnoException).code})`, inside);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) {
      throw refuse(what, name, 'not a regular file (a FIFO, device, socket or folder)', inside);
    }
    if (stat.size > limits.maxBytes) {
      throw refuse(what, name, `${stat.size} bytes, more than the ${limits.maxBytes} a tool reads`, inside);
    }
    return await readBounded(handle, name, what, limits);
  } finally {
    await handle.close();
  }
}

/** Reads at most `maxBytes` (a file may grow after its stat) before the deadline. */
async function readBounded(
  handle: Awaited<ReturnType<typeof open>>,
  name: string,
  what: string,
  limits: ClientFileLimits,
): Promise<string> {
  const deadline = Date.now() + limits.timeoutMs;
  const buffer = Buffer.alloc(Math.min(limits.maxBytes + 1, 1024 * 1024));
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    if (Date.now() > deadline) {
      throw refuse(what, name, `not read within ${limits.timeoutMs} ms`, 'name a file on a local disk');
    }
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) break;
    total += bytesRead;
    if (total > limits.maxBytes) {
      throw refuse(what, name, `grew past the ${limits.maxBytes} bytes a tool reads`, 'name a smaller file');
    }
    chunks.push(Buffer.from(buffer.subarray(0, bytesRead)));
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
