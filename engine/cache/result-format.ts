/**
 * The stored result of a whole `factline check` (engine/cache/result-hit.ts
 * serves it, engine/cache/result-record.ts stores it): which invocations may
 * have one, where it lives, and its file layout. Only Node's built-ins and
 * two small modules are imported here: the hit path loads this before, and
 * instead of, the rest of factline.
 *
 * The file is one header line, `factline-result FORMAT SHA256`, and a body
 * whose sha256 (base64) the header carries. The body is one JSON line (the
 * invocation: argv, cwd, environment, terminals, Node; the exit code and the
 * lengths of the two outputs), one line per input, `KIND<TAB>PATH<TAB>STATE`,
 * an empty line, then the bytes of stdout and of stderr.
 */
import { hash } from 'node:crypto';
import { existsSync, lstatSync, realpathSync, type Stats, statSync } from 'node:fs';
import { isAbsolute, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownedByMe, readOwnFile } from '../files/private-dir.ts';
import { userCacheHome } from './cache-home.ts';

type Env = Record<string, string | undefined>;

/** Bumped whenever the layout below, or what a key covers, changes. */
export const RESULT_FORMAT = 4;

/**
 * The options of `check` whose run depends on nothing but files it can stat
 * and prints nothing but its stdout, stderr and exit code. Anything else
 * (`--results` named on the command line aside, every option reading git or
 * writing a file: `--base`, `--changed`, `--staged`, `--sarif`, `--watch`,
 * `--no-cache`, `--config`, ...) leaves the run to the engine, unstored.
 */
const STORABLE_OPTIONS = new Set(['--json', '--quiet', '--strict']);

/**
 * Whether this invocation may be answered from, and stored as, a whole
 * result: `check` with only the options above, and `FACTLINE_RESULT_CACHE`
 * not `off`.
 */
// @implements engine#WHOLE-RESULT-ONLY-FOR-STATTABLE-RUNS
export function storableInvocation(argv: readonly string[], env: Env): boolean {
  if (argv[0] !== 'check' || env.FACTLINE_RESULT_CACHE === 'off') return false;
  for (let i = 1; i < argv.length; i++) if (!STORABLE_OPTIONS.has(argv[i]!)) return false;
  return true;
}

/** The folder of stored results: `results/` in the per-user cache home, never in a checkout. */
export function resultsFolder(env: Env): string | undefined {
  const home = userCacheHome(env);
  return home === undefined ? undefined : join(home, 'results');
}

/** The file of one invocation: one per working directory and argv (the rest of the key is inside). */
export function resultFile(folder: string, cwd: string, argv: readonly string[]): string {
  return join(folder, `${hash('sha256', JSON.stringify([cwd, argv]), 'hex').slice(0, 40)}.txt`);
}

/** A folder or file of this user's that nobody else may write (the cache home's own rule). */
export function safeEntry(stats: Stats): boolean {
  return ownedByMe(stats, 0o022);
}

/** What an input was when the result was stored, and how to look at it again. */
export type ProbeKind =
  /** stat (links followed): a file's content or a folder's listing, by its stat. */
  | 'S'
  /** lstat: the entry itself (a link is not followed). */
  | 'L'
  /** realpath: where the path leads. */
  | 'R'
  /** exists: whether anything is there (all `existsSync` tells; a repository's `.git` is looked at so). */
  | 'E';

/**
 * The parts of a stat that move when a file's content or a folder's entries
 * may have: type and mode, device, inode, size, modification and change
 * time. The change time cannot be set from user space, so a copy, a checkout
 * or a `touch -d` back to the old time gives a state no stored key holds.
 */
export function statState(st: StatState): string {
  return stateOfKey(st.mode, st.dev, `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`);
}

/** The parts of a stat an input's state is made of. */
export interface StatState {
  mode: number;
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/**
 * The state of a stat whose scan-cache key (engine/cache/cache-file.ts
 * statKey: size, times, inode) is already made: the key is reused whole,
 * so a run that keyed a file for its cache states it for a stored result
 * without turning its numbers into text again.
 */
export function stateOfKey(mode: number, dev: number, key: string): string {
  return `${mode}:${dev}:${key}`;
}

/** An input's state now: its stat, where it leads, or `!CODE` when looking at it fails (absent: `!ENOENT`). */
export function probeState(kind: ProbeKind, path: string): { state: string; stats?: Stats } {
  try {
    if (kind === 'R') return { state: realpathSync.native(path) };
    if (kind === 'E') return { state: existsSync(path) ? 'present' : '!ENOENT' };
    const stats = kind === 'S' ? statSync(path) : lstatSync(path);
    return { state: statState(stats), stats };
  } catch (error) {
    return { state: `!${(error as NodeJS.ErrnoException).code ?? 'ERROR'}` };
  }
}

/**
 * The folder of the running build (the compiled CLI's, where this module is
 * bundled, for the storing run and the serving one alike): a result is
 * served only by the build that stored it. The storing run's look at that
 * build's files is among its inputs, so an edit or reinstall of it misses
 * too; another build on the same machine (a global install beside the
 * project's, a checkout beside its installed copy) never serves it.
 */
const RUNNING_BUILD = fileURLToPath(new URL('.', import.meta.url));

/** The invocation part of the key: everything but the inputs. */
export interface Invocation {
  format: number;
  /** The folder of the build that stored it (RUNNING_BUILD). */
  build: string;
  argv: readonly string[];
  cwd: string;
  /** Every environment variable the key covers, by name (absent: null). */
  env: Record<string, string | null>;
  stdoutTTY: boolean;
  stderrTTY: boolean;
  node: string;
  execPath: string;
  execArgv: readonly string[];
}

export interface StoredResult {
  invocation: Invocation;
  probes: { kind: ProbeKind; path: string; state: string }[];
  code: number;
  stdout: Buffer;
  stderr: Buffer;
}

/** Environment variables always in the key, read or not: colour, locale, CI, where caches live. */
export const ALWAYS_KEYED_ENV = [
  'NO_COLOR',
  'FORCE_COLOR',
  'TERM',
  'CI',
  'GITHUB_ACTIONS',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_COLLATE',
  'LC_CTYPE',
  'LC_MESSAGES',
  'TZ',
  'HOME',
  'XDG_CACHE_HOME',
  'NODE_OPTIONS',
];

/** The invocation as this process sees it, with the environment variables named in `keyed`. */
export function invocationOf(
  argv: readonly string[],
  cwd: string,
  env: Env,
  keyed: Iterable<string>,
  tty: { stdout: boolean; stderr: boolean },
): Invocation {
  const names = new Set(keyed);
  for (const name of ALWAYS_KEYED_ENV) names.add(name);
  // Every FACTLINE_ variable, read or not: a new one is a new key.
  for (const name of Object.keys(env)) if (name.startsWith('FACTLINE_')) names.add(name);
  const picked: Record<string, string | null> = {};
  for (const name of [...names].sort()) picked[name] = env[name] ?? null;
  return {
    format: RESULT_FORMAT,
    build: RUNNING_BUILD,
    argv,
    cwd,
    env: picked,
    stdoutTTY: tty.stdout,
    stderrTTY: tty.stderr,
    node: process.version,
    execPath: process.execPath,
    execArgv: process.execArgv,
  };
}

/** Whether the stored invocation is this one: same argv, cwd, terminals, Node, and every keyed variable. */
export function sameInvocation(
  stored: Invocation,
  argv: readonly string[],
  cwd: string,
  env: Env,
  tty: { stdout: boolean; stderr: boolean },
): boolean {
  if (stored.format !== RESULT_FORMAT || stored.build !== RUNNING_BUILD || stored.cwd !== cwd) return false;
  if (JSON.stringify(stored.argv) !== JSON.stringify(argv)) return false;
  if (stored.stdoutTTY !== tty.stdout || stored.stderrTTY !== tty.stderr) return false;
  if (stored.node !== process.version || stored.execPath !== process.execPath) return false;
  if (JSON.stringify(stored.execArgv) !== JSON.stringify(process.execArgv)) return false;
  for (const name of Object.keys(env))
    if (name.startsWith('FACTLINE_') && !(name in stored.env)) return false;
  for (const [name, value] of Object.entries(stored.env)) if ((env[name] ?? null) !== value) return false;
  return true;
}

const HEADER = 'factline-result';

/** A path as one field: relative to the working directory when inside it, JSON when it holds a tab, a newline, a quote or a backslash. */
function encodePath(path: string, cwd: string): string {
  // The directory itself is the empty path, which no other path can be.
  const inside = path.startsWith(cwd + sep) && !isAbsolute(path.slice(cwd.length + 1));
  const short = path === cwd ? '' : inside ? path.slice(cwd.length + 1) : path;
  return /[\t\n\r"\\]/.test(short) ? JSON.stringify(short) : short;
}

function decodePath(field: string): string {
  return field.charCodeAt(0) === 34 ? (JSON.parse(field) as string) : field;
}

// @implements engine#WHOLE-RESULT-NEVER-TRUSTED-BLINDLY
export function encodeResult(result: StoredResult): Buffer {
  const meta = JSON.stringify({
    ...result.invocation,
    code: result.code,
    stdoutBytes: result.stdout.length,
    stderrBytes: result.stderr.length,
  });
  const cwd = result.invocation.cwd;
  const lines = result.probes.map((p) => `${p.kind}\t${encodePath(p.path, cwd)}\t${p.state}\n`).join('');
  const body = Buffer.concat([Buffer.from(`${meta}\n${lines}\n`), result.stdout, result.stderr]);
  return Buffer.concat([Buffer.from(`${HEADER} ${RESULT_FORMAT} ${hash('sha256', body, 'base64')}\n`), body]);
}

/** A stored result opened: its invocation, code and outputs, its inputs' lines left as text until walked. */
export interface OpenedResult {
  invocation: Invocation;
  code: number;
  stdout: Buffer;
  stderr: Buffer;
  /** `KIND<TAB>PATH<TAB>STATE` lines, the path relative to the working directory when inside it (empty: the directory). */
  inputs: string;
}

/** The stored result's parts once its header and checksum hold, or undefined (damaged, cut short, another format). */
export function openResult(raw: Buffer): OpenedResult | undefined {
  try {
    const newline = raw.indexOf(10);
    if (newline === -1) return undefined;
    const header = raw.toString('latin1', 0, newline).split(' ');
    if (header.length !== 3 || header[0] !== HEADER || header[1] !== String(RESULT_FORMAT)) return undefined;
    const body = raw.subarray(newline + 1);
    if (hash('sha256', body, 'base64') !== header[2]) return undefined;
    const metaEnd = body.indexOf(10);
    const meta = JSON.parse(body.toString('utf8', 0, metaEnd)) as Invocation & {
      code: number;
      stdoutBytes: number;
      stderrBytes: number;
    };
    const outputs = meta.stdoutBytes + meta.stderrBytes;
    const inputsEnd = body.length - outputs - 1;
    if (!Number.isInteger(outputs) || inputsEnd < metaEnd || body[inputsEnd] !== 10) return undefined;
    const { code, stdoutBytes, stderrBytes, ...invocation } = meta;
    return {
      invocation,
      code,
      stdout: body.subarray(inputsEnd + 1, inputsEnd + 1 + stdoutBytes),
      stderr: body.subarray(inputsEnd + 1 + stdoutBytes, inputsEnd + 1 + stdoutBytes + stderrBytes),
      inputs: body.toString('utf8', metaEnd + 1, inputsEnd),
    };
  } catch {
    return undefined;
  }
}

/**
 * Calls `visit` with each input as stored (its path relative to the
 * working directory when inside it) until it returns false; false when a
 * line is malformed or `visit` said no, true when every input was visited.
 */
export function everyInput(
  inputs: string,
  visit: (kind: ProbeKind, path: string, state: string) => boolean,
): boolean {
  let at = 0;
  while (at < inputs.length) {
    const end = inputs.indexOf('\n', at);
    const a = inputs.indexOf('\t', at);
    const b = a === -1 ? -1 : inputs.indexOf('\t', a + 1);
    if (end === -1 || b === -1 || b > end || a !== at + 1) return false;
    const kind = inputs[at] as ProbeKind;
    if (kind !== 'S' && kind !== 'L' && kind !== 'R' && kind !== 'E') return false;
    if (!visit(kind, decodePath(inputs.slice(a + 1, b)), inputs.slice(b + 1, end))) return false;
    at = end + 1;
  }
  return true;
}

/** The stored result with every input's absolute path, or undefined when damaged (for tests and tools that look inside). */
export function decodeResult(raw: Buffer): StoredResult | undefined {
  const opened = openResult(raw);
  if (opened === undefined) return undefined;
  const { cwd } = opened.invocation;
  const probes: StoredResult['probes'] = [];
  const whole = everyInput(opened.inputs, (kind, path, state) => {
    probes.push({ kind, path: isAbsolute(path) ? path : path === '' ? cwd : `${cwd}${sep}${path}`, state });
    return true;
  });
  if (!whole) return undefined;
  return {
    invocation: opened.invocation,
    probes,
    code: opened.code,
    stdout: opened.stdout,
    stderr: opened.stderr,
  };
}

/** The stored result's file read when it and its folder are this user's and nobody else's to write. */
export function readStoredResult(file: string, folder: string): Buffer | undefined {
  try {
    const stats = lstatSync(folder);
    if (!stats.isDirectory() || !safeEntry(stats)) return undefined;
  } catch {
    return undefined;
  }
  return readOwnFile(file);
}
