/**
 * The capture guard, and the only code of the core that touches raw file
 * descriptors. While a tool runs, its output descriptors (1 and 2) lead to a
 * temporary file and its input (0) to /dev/null, so neither the tool nor any child it starts can write
 * into the protocol stream or read a frame meant for the loop.
 */
// @implements mcp-core#CAPTURE-CELL-IS-THE-AUDITED-HOME-OF-UNSAFETY~af8e5706
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  fstatSync,
  openSync,
  readSync,
  unlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import { constants, devNull, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { isatty, ReadStream, WriteStream } from 'node:tty';
import { McpCoreError } from './errors.ts';

interface Libc {
  /** A duplicate of `fd` that children do not inherit, or -1 when `fd` is not open. */
  dupPrivate(fd: number): number;
  /** Points `target` at what `source` points at. */
  dup2(source: number, target: number): void;
  close(fd: number): void;
  /** Empties a file. */
  truncate(fd: number): void;
  /** A file's size, from its end offset. */
  size(fd: number): number;
  /** Whether the other end of `fd` is gone (POLLERR, POLLHUP or POLLNVAL), asked without waiting. */
  hungUp(fd: number): boolean;
}

// fcntl's F_DUPFD_CLOEXEC: a duplicate that is closed across exec, so a child
// can never hold the protocol channel open or write into it.
const F_DUPFD_CLOEXEC: Record<string, number> = { linux: 1030, darwin: 67 };
const LIBC: Record<string, string> = { linux: 'libc.so.6', darwin: 'libc.dylib' };

let bound: Libc | undefined;

const POLLERR = 0x8;
const POLLHUP = 0x10;
const POLLNVAL = 0x20;

// @implements mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT~ddb7a341
function libc(): Libc {
  if (bound) return bound;
  const command = F_DUPFD_CLOEXEC[process.platform];
  const library = LIBC[process.platform];
  if (command === undefined || library === undefined) {
    throw new McpCoreError(
      'capture-unavailable',
      `the capture guard redirects descriptors with dup2, which ${process.platform} does not have (SetStdHandle is not implemented)`,
    );
  }
  // Loaded on first use: a program that only replays scripted transports never needs FFI.
  let koffi: typeof import('koffi');
  try {
    koffi = createRequire(import.meta.url)('koffi');
  } catch (error) {
    throw new McpCoreError('capture-unavailable', `cannot load koffi: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const lib = koffi.load(library);
  // fcntl is variadic, and koffi prepares a variadic call anew each time (about
  // 1 µs). Where the C ABI passes a variadic int exactly like a fixed one
  // (Linux on x86-64 and arm64) a fixed prototype is safe and several times
  // cheaper; elsewhere (Apple arm64 puts variadic arguments on the stack) keep it variadic.
  const fixed = process.platform === 'linux' && (process.arch === 'x64' || process.arch === 'arm64');
  const fcntlFixed = fixed ? lib.func('int fcntl(int fd, int cmd, int arg)') : undefined;
  const fcntlVariadic = fixed ? undefined : lib.func('int fcntl(int fd, int cmd, ...)');
  const fcntl = (fd: number, cmd: number, arg: number): number =>
    fcntlFixed ? (fcntlFixed(fd, cmd, arg) as number) : (fcntlVariadic!(fd, cmd, 'int', arg) as number);
  const dup2 = lib.func('int dup2(int oldfd, int newfd)');
  const close = lib.func('int close(int fd)');
  const ftruncate = lib.func('int ftruncate(int fd, int64_t length)');
  const lseek = lib.func('int64_t lseek(int fd, int64_t offset, int whence)');
  koffi.struct('mcp_core_pollfd', { fd: 'int', events: 'short', revents: 'short' });
  const poll = lib.func('int poll(_Inout_ mcp_core_pollfd *fds, unsigned long nfds, int timeout)');
  const errno = (): string => {
    const code = koffi.errno();
    const name = Object.entries(constants.errno).find(([, n]) => n === code)?.[0];
    return name ?? `errno ${code}`;
  };
  bound = {
    dupPrivate(fd) {
      const copy = fcntl(fd, command, 3);
      if (copy >= 0) return copy;
      if (koffi.errno() === constants.errno.EBADF) return -1;
      throw new McpCoreError('capture-syscall', `fcntl(${fd}, F_DUPFD_CLOEXEC) failed: ${errno()}`);
    },
    dup2(source, target) {
      if ((dup2(source, target) as number) < 0) {
        throw new McpCoreError('capture-syscall', `dup2(${source}, ${target}) failed: ${errno()}`);
      }
    },
    close(fd) {
      close(fd);
    },
    truncate(fd) {
      if ((ftruncate(fd, 0) as number) < 0) {
        throw new McpCoreError('capture-syscall', `ftruncate(${fd}) failed: ${errno()}`);
      }
    },
    hungUp(fd) {
      // No events asked for: poll still reports an error, a hang-up or a closed descriptor.
      const entry = { fd, events: 0, revents: 0 };
      return (poll(entry, 1, 0) as number) > 0 && (entry.revents & (POLLERR | POLLHUP | POLLNVAL)) !== 0;
    },
    size(fd) {
      const end = lseek(fd, 0, 2) as number;
      if (end < 0) throw new McpCoreError('capture-syscall', `lseek(${fd}, SEEK_END) failed: ${errno()}`);
      return end;
    },
  };
  return bound;
}

/** The protocol's own ends of stdin and stdout, private to the transport. */
export interface StdioChannel {
  input: Readable;
  output: Writable;
  /** The descriptor `output` writes to, watched for a reader that went away. */
  outputFd: number;
  /** Points fd 0 and fd 1 back at the protocol channel (call before closing the streams). */
  release(): void;
}

/**
 * The channel to serve on: the private one `claimStdio` makes when tool runs
 * are captured, else the process's own stdin and stdout. Where the guard
 * cannot work the default degrades to the plain channel with one line on
 * stderr, instead of refusing to start; `captured` says which it got.
 */
// @implements mcp-lifecycle#NO-DUP2-STILL-SERVES
export function openChannel(capture: boolean): { channel: StdioChannel; captured: boolean } {
  const plain: StdioChannel = {
    input: process.stdin,
    output: process.stdout,
    outputFd: 1,
    release: () => undefined,
  };
  if (!capture) return { channel: plain, captured: false };
  try {
    return { channel: claimStdio(), captured: true };
  } catch (error) {
    if (!(error instanceof McpCoreError) || error.kind !== 'capture-unavailable') throw error;
    // One line: the first of the reason, without the require stack koffi's loader appends.
    const reason = (error.message.split('\n')[0] ?? '').split(' [')[0];
    process.stderr.write(`mcp core: serving without the capture guard: ${reason}\n`);
    return { channel: plain, captured: false };
  }
}

/**
 * Takes the protocol channel away from the rest of the process: the transport
 * gets private duplicates of fd 0 and fd 1, then fd 0 reads /dev/null and fd 1
 * follows fd 2. From then on a stray `console.log` anywhere in the server lands
 * in the host's log, and nothing but the transport can read a frame.
 */
// @implements serve#CORE-STDIO-CHANNEL-IS-PRIVATE
export function claimStdio(): StdioChannel {
  const c = libc();
  const input = c.dupPrivate(0);
  const output = c.dupPrivate(1);
  if (input < 0 || output < 0) {
    throw new McpCoreError('input-failed', 'stdin or stdout is not open, so there is no channel to serve on');
  }
  // The streams own (and close) `input` and `output`; these copies put fd 0 and 1 back.
  const original = [c.dupPrivate(0), c.dupPrivate(1)];
  // @implements mcp-core#NO-INTERACTIVE-CHANNEL-TOOLS-MUST-NOT-PROMPT~2fbd53d9
  pointAtDevNull(c, 0);
  if (isOpen(2)) c.dup2(2, 1);
  else pointAtDevNull(c, 1);
  return {
    input: readableFromFd(input),
    output: writableFromFd(output),
    outputFd: output,
    release() {
      for (const [target, copy] of original.entries()) {
        if (copy < 0) continue;
        original[target] = -1;
        // Best effort: the process is on its way out, and a failure here has nowhere to be reported.
        try {
          c.dup2(copy, target);
        } catch {}
        closeSync(copy);
      }
    },
  };
}

/**
 * Calls `onHangUp` once the reader of `fd` goes away, found within
 * `everyMs` by asking poll(2) without waiting (no write needed, no thread
 * held). Returns the function that stops watching; where poll cannot be
 * reached (no koffi, no libc) nothing is watched and a write finds out instead.
 */
// @implements mcp-host#CLOSED-OUTPUT-IS-NOTICED-AT-ONCE
export function watchHangUp(fd: number, onHangUp: () => void, everyMs = 100): () => void {
  let c: Libc;
  try {
    c = libc();
  } catch {
    return () => undefined;
  }
  const timer = setInterval(() => {
    let gone: boolean;
    try {
      gone = c.hungUp(fd);
    } catch {
      gone = false;
    }
    if (!gone) return;
    clearInterval(timer);
    onHangUp();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

function isOpen(fd: number): boolean {
  try {
    fstatSync(fd);
    return true;
  } catch {
    return false;
  }
}

function pointAtDevNull(c: Libc, target: number): void {
  const nul = openSync(devNull, target === 0 ? 'r' : 'w');
  try {
    c.dup2(nul, target);
  } finally {
    closeSync(nul);
  }
}

function readableFromFd(fd: number): Readable {
  if (isatty(fd)) return new ReadStream(fd);
  try {
    // Pipes and sockets: libuv drives them without blocking a thread.
    return new Socket({ fd, readable: true, writable: false });
  } catch {
    return createReadStream('', { fd });
  }
}

function writableFromFd(fd: number): Writable {
  if (isatty(fd)) return new WriteStream(fd);
  try {
    // A pipe is non-blocking here: a socket writes it fully, where a bare
    // writeSync on the shared description could write short or fail with EAGAIN.
    return new Socket({ fd, readable: false, writable: true });
  } catch {
    return createWriteStream('', { fd });
  }
}

/** How a captured run went: its value or what it threw, and everything it wrote. */
export interface Captured<T> {
  outcome: { ok: true; value: T } | { ok: false; error: unknown };
  /** Bytes written to fd 1 and fd 2 during the run, by the process and its children. */
  bytes: number;
  /** What was written (only the last `keepBytes` of it when that is smaller). */
  output: Buffer;
}

export interface CaptureOptions {
  /** Keep at most this many trailing bytes of the output in memory (default: all). */
  keepBytes?: number;
}

let active = false;
/** Whether a held redirect is in place between two runs (see `captureHeld`). */
let held = false;
/** The descriptors a held redirect saved, put back by `releaseCapture`. */
let heldSaved: number[] = [];
/** Where in the capture file the last held run's output ends. */
let heldEnd = 0;

/** Runs under a shared redirect that have not settled yet (see `captureShared`). */
let sharing = 0;
/** The redirect being put in place for a shared run, once stdout and stderr have drained. */
let opening: Promise<void> | undefined;

/** Whether a capture is running now, or held between runs (the guard is process-wide). */
export function capturing(): boolean {
  return active || held;
}

function refuseNested(): McpCoreError {
  return new McpCoreError(
    'capture-nested',
    'a capture is already active in this process and descriptors are process-wide, so a second one is refused',
  );
}

/**
 * Runs `run` with fd 1 and fd 2 redirected into a temporary file and fd 0 on
 * /dev/null, and restores all three whatever happens.
 */
export async function captureRun<T>(
  run: () => T | Promise<T>,
  options: CaptureOptions = {},
): Promise<Captured<T>> {
  // @implements mcp-core#LAWS-CAPTURES-MUST-NOT-NEST-OR-RUN-CONCURRENTLY~c56634da
  if (active || sharing > 0) throw refuseNested();
  // A held redirect belongs to the loop's last run: put the descriptors back
  // first, so this capture saves and restores the real ones.
  if (held) await releaseCapture();
  if (active) throw refuseNested();
  active = true;
  try {
    // Writes queued before the run belong where they were headed, not in the capture.
    const before = drainStdio();
    if (before) await before;
    const c = libc();
    const saved = redirect(c);
    let outcome: Captured<T>['outcome'];
    // @implements mcp-core#RESTORATION-RIDES-DROP~ca96cf91
    try {
      try {
        outcome = { ok: true, value: await run() };
      } catch (error) {
        outcome = { ok: false, error };
      }
      // What the run queued must land in the file, not on the restored descriptors.
      const after = drainStdio();
      if (after) await after;
    } finally {
      restore(c, saved);
    }
    const { bytes, output } = collect(c, options.keepBytes ?? Number.POSITIVE_INFINITY);
    return { outcome, bytes, output };
  } finally {
    active = false;
  }
}

/**
 * `captureRun` for a loop with more runs queued: the run is captured the same
 * way, but the redirect stays in place after it, so the next `captureHeld`
 * reuses it instead of paying a dozen descriptor calls again. The caller MUST
 * call `releaseCapture` (in a `finally`) before anything but another held run
 * happens, and before it waits for input. Output written between two held
 * runs (a child a tool left running) is counted with the next run, as a
 * leftover child's output is with `captureRun`. Answers synchronously when
 * the run does and nothing is queued on stdout or stderr.
 */
// @implements serve#CORE-CAPTURE-HOLDS-ACROSS-A-BURST
export function captureHeld<T>(
  run: () => T | Promise<T>,
  options: CaptureOptions = {},
): Captured<T> | Promise<Captured<T>> {
  // @implements mcp-core#LAWS-CAPTURES-MUST-NOT-NEST-OR-RUN-CONCURRENTLY~c56634da
  if (active || sharing > 0) throw refuseNested();
  const keep = options.keepBytes ?? Number.POSITIVE_INFINITY;
  if (held) return heldRun(run, keep);
  active = true;
  // Writes queued before the first run belong where they were headed.
  const before = drainStdio();
  if (before) {
    return before.then(() => {
      active = false;
      return captureHeld(run, options);
    });
  }
  try {
    heldSaved = redirect(libc());
    held = true;
    heldEnd = 0;
  } finally {
    active = false;
  }
  return heldRun(run, keep);
}

/**
 * A run under the held redirect that runs beside others: tool calls that
 * overlap share one redirect, since descriptors are process-wide. What they
 * write lands in one file, replayed in order by `releaseCapture({ replayAll })`
 * once none runs; `bytes` and `output` stay empty, for no run can tell its
 * own bytes from the others'. The redirect is put in place by the first and
 * stays until released. Refused while a `captureRun` or `captureHeld` run is active.
 */
// @implements mcp-host#CAPTURE-IS-SHARED-BY-OVERLAPPING-RUNS
export function captureShared<T>(run: () => T | Promise<T>): Captured<T> | Promise<Captured<T>> {
  if (active) throw refuseNested();
  if (!held) {
    if (opening === undefined) {
      // Writes queued before the first run belong where they were headed.
      const before = drainStdio();
      if (before === undefined) {
        heldSaved = redirect(libc());
        held = true;
        heldEnd = 0;
      } else {
        opening = before.then(() => {
          opening = undefined;
          if (!held && !active) {
            heldSaved = redirect(libc());
            held = true;
            heldEnd = 0;
          }
        });
      }
    }
    if (opening !== undefined) {
      // Counted now, so no release slips in before the redirect is up.
      sharing++;
      return opening.then(
        () => {
          sharing--;
          return captureShared(run);
        },
        (error: unknown) => {
          sharing--;
          throw error;
        },
      );
    }
  }
  sharing++;
  const settle = (outcome: Captured<T>['outcome']): Captured<T> => {
    sharing--;
    return { outcome, bytes: 0, output: EMPTY };
  };
  let value: T | Promise<T>;
  try {
    value = run();
  } catch (error) {
    return settle({ ok: false, error });
  }
  if (isThenable(value)) {
    return Promise.resolve(value).then(
      (v: T) => settle({ ok: true, value: v }),
      (error: unknown) => settle({ ok: false, error }),
    );
  }
  return settle({ ok: true, value });
}

/** Bytes the held redirect has collected so far; 0 when none is held. */
export function heldBytes(): number {
  return held ? libc().size(captureFile) : 0;
}

function heldRun<T>(run: () => T | Promise<T>, keep: number): Captured<T> | Promise<Captured<T>> {
  active = true;
  let value: T | Promise<T>;
  try {
    value = run();
  } catch (error) {
    return settleHeld<T>({ ok: false, error }, keep);
  }
  if (isThenable(value)) {
    return Promise.resolve(value).then(
      (v: T) => settleHeld<T>({ ok: true, value: v }, keep),
      (error: unknown) => settleHeld<T>({ ok: false, error }, keep),
    );
  }
  return settleHeld({ ok: true, value }, keep);
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function settleHeld<T>(outcome: Captured<T>['outcome'], keep: number): Captured<T> | Promise<Captured<T>> {
  // What the run queued must land in the file before its size is read.
  const after = drainStdio();
  if (after) return after.then(() => collectHeld(outcome, keep));
  return collectHeld(outcome, keep);
}

function collectHeld<T>(outcome: Captured<T>['outcome'], keep: number): Captured<T> {
  try {
    const start = heldEnd;
    const end = libc().size(captureFile);
    heldEnd = end;
    collectedEnd = end;
    const bytes = end - start;
    // keepBytes 0 (the loop's bursts) leaves late output in front of the file's for the release to replay.
    if (keep === 0) return { outcome, bytes: bytes + late.length, output: EMPTY };
    const output = withLate(bytes === 0 ? EMPTY : readRange(end - Math.min(bytes, keep), end), keep);
    return { outcome, bytes: bytes + output.late, output: output.bytes };
  } finally {
    active = false;
  }
}

/**
 * Puts back the descriptors a held redirect saved, then writes to stderr
 * whatever landed in the file after the last held run, or with `replayAll`
 * everything the held runs wrote, in order (what `replayOnStderr` after each
 * run would have written). Undefined when that is done; a promise when stdout
 * or stderr still had writes queued.
 */
// @implements mcp-core#RESTORATION-RIDES-DROP~ca96cf91
export function releaseCapture(options: { replayAll?: boolean } = {}): Promise<void> | undefined {
  if (!held || active || sharing > 0) return undefined;
  const queued = drainStdio();
  if (queued) return queued.then(() => releaseCapture(options));
  const c = libc();
  let end = heldEnd;
  try {
    end = c.size(captureFile);
  } finally {
    held = false;
    dirty = true;
    const saved = heldSaved;
    heldSaved = [];
    restore(c, saved);
  }
  dirty = end > 0;
  collectedEnd = end;
  const from = options.replayAll ? 0 : heldEnd;
  if (options.replayAll && late.length > 0) {
    process.stderr.write(late);
    late = EMPTY;
  }
  if (end > from) process.stderr.write(readRange(from, end));
  return undefined;
}

// Opened once per process and reused, emptied at the start of each capture:
// creating a file per tool call would cost more than the call itself. A child
// a tool left running may still write into it; that lands in the next capture.
let captureFile = -1;
let nullInput = -1;
/** Whether the last capture left bytes in the file (an emptying is a slow syscall on some filesystems). */
let dirty = false;
/** Where the output already handed on ends: bytes past it came from a child after its run was over. */
let collectedEnd = 0;
/**
 * What such a child wrote between two captures, kept when the file was
 * emptied for the next one and handed on at the front of its output, so it
 * is late instead of lost. Only its last `LATE_KEEP` bytes are kept.
 */
let late: Buffer = Buffer.alloc(0);
const LATE_KEEP = 1 << 20;

/** Points fd 0 at /dev/null and fd 1, fd 2 at the capture file; returns the saved originals. */
// @implements serve#CORE-CAPTURE-COVERS-STDOUT-AND-STDIN
function redirect(c: Libc): number[] {
  if (captureFile < 0) captureFile = openTempFile();
  if (nullInput < 0) nullInput = openSync(devNull, 'r');
  const saved: number[] = [];
  try {
    for (let fd = 0; fd <= 2; fd++) saved.push(c.dupPrivate(fd));
    // @implements mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT
    const size = c.size(captureFile);
    if (size > collectedEnd)
      late = Buffer.concat([late, readRange(Math.max(collectedEnd, size - LATE_KEEP), size)]);
    if (late.length > LATE_KEEP) late = late.subarray(late.length - LATE_KEEP);
    if (dirty || size > 0) c.truncate(captureFile);
    collectedEnd = 0;
    // @implements mcp-core#NO-INTERACTIVE-CHANNEL-TOOLS-MUST-NOT-PROMPT~2fbd53d9
    c.dup2(nullInput, 0);
    // @implements mcp-core#CAPTURE-IS-A-PROCESS-LEVEL-REDIRECT~ddb7a341
    c.dup2(captureFile, 1);
    c.dup2(captureFile, 2);
  } catch (error) {
    restore(c, saved);
    throw error;
  }
  return saved;
}

/** Puts every saved descriptor back and closes the copies; tries all three before throwing. */
function restore(c: Libc, saved: number[]): void {
  let failure: unknown;
  for (let target = 0; target < saved.length; target++) {
    const copy = saved[target] as number;
    try {
      if (copy >= 0) c.dup2(copy, target);
      else c.close(target); // it was closed before the run: close it again
    } catch (error) {
      failure ??= error;
    }
    if (copy >= 0) c.close(copy);
  }
  if (failure !== undefined) throw failure;
}

/** What the run wrote: its size, and its last `keepBytes` bytes. */
function collect(c: Libc, keepBytes: number): { bytes: number; output: Buffer } {
  const size = c.size(captureFile);
  dirty = size > 0;
  collectedEnd = size;
  const output = withLate(size === 0 ? EMPTY : readRange(size - Math.min(size, keepBytes), size), keepBytes);
  return { bytes: size + output.late, output: output.bytes };
}

/** `output` with what a child wrote late in front of it (counted, within `keepBytes`); empties `late`. */
function withLate(output: Buffer, keepBytes: number): { bytes: Buffer; late: number } {
  if (late.length === 0) return { bytes: output, late: 0 };
  const before = late;
  late = EMPTY;
  const joined = Buffer.concat([before, output]);
  return {
    bytes: joined.length > keepBytes ? joined.subarray(joined.length - keepBytes) : joined,
    late: before.length,
  };
}

/** The capture file's bytes from `start` to `end`. */
function readRange(start: number, end: number): Buffer {
  const length = end - start;
  const output = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = readSync(captureFile, output, done, length - done, start + done);
    if (n === 0) break;
    done += n;
  }
  return done === length ? output : output.subarray(0, done);
}

const EMPTY = Buffer.alloc(0);

/**
 * A fresh temp file, already unlinked: only its descriptor keeps it alive, so
 * it is gone on every path, a crash included. Append mode: after an emptying,
 * writers through fd 1 and fd 2 start again at offset 0.
 */
// @implements serve#CORE-CAPTURE-FILE-NEVER-LINGERS
function openTempFile(): number {
  const path = join(tmpdir(), `mcp-capture-${process.pid}-${randomBytes(6).toString('hex')}`);
  const fd = openSync(path, 'ax+', 0o600);
  try {
    unlinkSync(path);
  } catch (error) {
    closeSync(fd);
    throw new McpCoreError(
      'capture-syscall',
      `cannot remove the capture file ${path}: ${(error as Error).message}`,
    );
  }
  return fd;
}

/** The loop's default for captured output: the host's log, once the run is over. */
// @implements serve#CORE-CAPTURE-COVERS-STDOUT-AND-STDIN
export function replayOnStderr(captured: { output: Buffer }): void {
  process.stderr.write(captured.output);
}

/** Resolves once stdout and stderr have flushed; undefined when they already have. */
function drainStdio(): Promise<unknown> | undefined {
  const out = drained(process.stdout);
  const err = drained(process.stderr);
  return out || err ? Promise.all([out, err]) : undefined;
}

function drained(stream: NodeJS.WriteStream): Promise<void> | undefined {
  if (stream.writableLength === 0 || stream.destroyed) return undefined;
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
