/**
 * Stores the result of a whole `factline check` for engine/cache/result-hit.ts
 * to serve. What the run looked at is not listed by hand: while it runs,
 * Node's file system functions are wrapped, so every path the process
 * opens, stats, lists or resolves is recorded, whichever module asks (a new
 * input some later code reads is covered without a word here); the files
 * the gate hands to a helper thread are added by the gate's listing
 * (`noteInputFiles`). The environment is read through a proxy that records
 * each variable asked for.
 *
 * Each input is stored with its state (its stat) as the run saw it, and the
 * result only when every state had settled: last changed (modification and
 * change time) at least two seconds before the process started, the
 * racy-git rule (engine#RACY-CLEAN). Any stat the run took of an input
 * serves, before its read or after: an edit after the stat gives a state
 * the stored one does not match (the change time moves, and nothing sets it
 * back), so the next run misses; an edit before the stat leaves a change
 * time inside the run, which has not settled, so nothing is stored. A stat
 * the run took itself (on this thread, or noted by the thread that took it,
 * `noteInputStat`) is used as it is; a path it only read, listed, resolved
 * or found missing is looked at again when the run ends. A run that wrote
 * to stderr, failed otherwise than with findings, or whose stdout closed
 * early is not stored.
 */
import fs, { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from '../config/discover.ts';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { noSuchPath } from '../files/no-such-path.ts';
import { isInside } from '../files/symlink-policy.ts';
import { packageRoot } from '../package-root.ts';
import { RACY_WINDOW_MS } from './cache-file.ts';
import { userCacheHome } from './cache-home.ts';
import { CODE_CACHE_DIR_NAME } from './code-cache.ts';
import { projectCacheDir } from './location.ts';
import { pruneStoredResults } from './prune.ts';
import {
  encodeResult,
  invocationOf,
  type ProbeKind,
  probeState,
  resultFile,
  resultsFolder,
  type StatState,
  type StoredResult,
  safeEntry,
  stateOfKey,
  statState,
  storableInvocation,
} from './result-format.ts';
import { recordingPaused } from './unrecorded.ts';

type Env = Record<string, string | undefined>;
type AnyFunction = (...args: unknown[]) => unknown;
type Writable = { write(...args: unknown[]): boolean; isTTY?: boolean; destroyed?: boolean };

/** Files a listing handed over (noteInputFiles), and the state the run's own stat gave each. */
interface Listing {
  /** A resolved folder ending in a separator: each file's path is `base + file`. */
  base: string;
  files: string[];
  states: (string | undefined)[];
  /** Where the run's next stat, and its next other look, are expected in the listing's order. */
  next: { stat: number; read: number };
  /** Looks under `base` found neither where expected nor in `index`, before it is made. */
  misses: number;
  /** Each file's position, made once INDEX_AFTER_MISSES looks came out of order. */
  index?: Map<string, number>;
}

/**
 * Out-of-order looks under a listing's folder (files not listed, or listed
 * but looked at out of turn) kept as map entries before every file's position
 * is indexed instead: the index costs a map entry per listed file, once.
 */
const INDEX_AFTER_MISSES = 1_000;

/** What the run saw of one path, through one kind of look. */
interface Seen {
  present: boolean;
  absent: boolean;
  /** The first realpath the run was given (R only). */
  leadsTo?: string;
  /** The state of the first stat the run took of it (S and L only). */
  state?: string;
}

/** Functions taking a path first, by how they look at it. */
const FOLLOWING = ['readFile', 'open', 'stat', 'access', 'readdir', 'opendir', 'createReadStream'];
const NOT_FOLLOWING = ['lstat'];

let active: Recording | undefined;

/**
 * The files the gate judges, added to the recording (no-op when none runs):
 * a helper thread may stat them for the main thread, and a worker read them,
 * where the main thread's wrapped functions do not see it.
 */
// @implements engine#WHOLE-RESULT-KEY
export function noteInputFiles(root: string, files: Iterable<{ file: string }>): void {
  active?.listed(
    resolve(root) + sep,
    Array.from(files, ({ file }) => file),
  );
}

/**
 * A stat (links followed) another thread took of an input during the run,
 * `base + file` (base: a resolved folder ending in a separator), added to
 * the recording as the input's state (no-op when none runs), so the run
 * need not stat it again to store its result. `key` is its scan-cache key
 * when already made (engine/cache/cache-file.ts statKey).
 */
// @implements engine#WHOLE-RESULT-SETTLED-INPUTS
export function noteInputStat(base: string, file: string, st: StatState, key?: string): void {
  active?.statOfListed(base, file, st, key);
}

/** A whole-result recording of one `check` run; `finish` stores it, `stop` undoes the wrapping. */
export interface Recording {
  /** The environment to run with: it records each variable read (the outputs are copied where they are). */
  env: Env;
  /** One look at a path: whether it was there, where it led (realpath), the stat it gave (stat, lstat). */
  saw(
    kind: ProbeKind,
    path: string,
    present: boolean | undefined,
    leadsTo?: string,
    stat?: StatState,
    key?: string,
  ): void;
  /** Files listed under `base` (a resolved folder ending in a separator), each present. */
  listed(base: string, files: string[]): void;
  /** A stat of `base + file` another thread took (noteInputStat). */
  statOfListed(base: string, file: string, st: StatState, key?: string): void;
  /** Stores the result when every input is as the run saw it and settled; `root` is the project's. */
  finish(code: number, root: string): void;
  stop(): void;
}

/** The directory of the compiled CLI this module runs from, or undefined when it runs from the sources. */
function compiledDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  return basename(here) === 'dist' ? here : undefined;
}

/**
 * Starts recording when this invocation's result may be stored (see
 * result-format.ts `storableInvocation`) and the compiled CLI runs (from
 * the sources, bin/factline.js never asks for a stored result).
 */
export function startResultRecording(
  argv: readonly string[],
  io: { cwd: string; env: Env; stdout: Writable; stderr: Writable },
): Recording | undefined {
  if (active !== undefined || !storableInvocation(argv, io.env)) return undefined;
  const dist = compiledDir();
  const folder = resultsFolder(io.env);
  if (dist === undefined || folder === undefined) return undefined;
  return record(argv, io, dist, folder);
}

function record(
  argv: readonly string[],
  io: { cwd: string; env: Env; stdout: Writable; stderr: Writable },
  dist: string,
  folder: string,
): Recording {
  // By kind, then path: a key made of both would be a new string to hash for each of a large tree's files, twice over.
  const seen: Record<ProbeKind, Map<string, Seen>> = {
    S: new Map(),
    L: new Map(),
    R: new Map(),
    E: new Map(),
  };
  const envRead = new Set<string>();
  let envListed = false;
  const outputs = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  // Not inputs: the caches (a cached run prints what an uncached one does, engine#WARM-EQUALS-COLD),
  // the TypeScript code cache (V8 checks it) and the kernel's own files.
  const uid = process.getuid?.();
  const codeCache = join(tmpdir(), uid === undefined ? CODE_CACHE_DIR_NAME : `${CODE_CACHE_DIR_NAME}-${uid}`);
  const ignored = [userCacheHome(io.env), codeCache, '/proc/', '/sys/', '/dev/']
    .filter((p): p is string => p !== undefined)
    .map((p) => (p.endsWith(sep) ? p : p + sep));

  // A stat whose times are not older than this has not settled (the racy window before the process started).
  const settledBefore = performance.timeOrigin - RACY_WINDOW_MS;
  const unsettled = (st: StatState) => st.mtimeMs >= settledBefore || st.ctimeMs >= settledBefore;
  // Whether any stat kept as an input's state had not settled: then nothing is stored.
  let keptUnsettled = false;
  const stateOf = (st: StatState, key: string | undefined) => {
    if (unsettled(st)) keptUnsettled = true;
    return key === undefined ? statState(st) : stateOfKey(st.mode, st.dev, key);
  };

  // The listed files, kept by position apart from `seen`: a large tree then costs no map entry per file.
  // The run mostly looks at them in the listing's order, so the next one is found by one comparison.
  const listings: Listing[] = [];
  const keep = (listing: Listing, i: number, st: StatState, key: string | undefined) => {
    listing.states[i] ??= stateOf(st, key);
  };
  /**
   * A listed file's listing and position, or undefined. Stats and reads each
   * follow the listing's order (`order`: which of the two this look is), so
   * the next file is found by one comparison; out of order, by the index of
   * every file, made once enough looks missed (`search`: at once).
   */
  const listedAt = (path: string, order: 'stat' | 'read', search: boolean): [Listing, number] | undefined => {
    for (const listing of listings) {
      if (!path.startsWith(listing.base)) continue;
      const file = path.slice(listing.base.length);
      const { files } = listing;
      const next = listing.next[order];
      if (files[next] === file) {
        listing.next[order] = next + 1;
        return [listing, next];
      }
      if (next > 0 && files[next - 1] === file) return [listing, next - 1];
      if (listing.index === undefined && !search && ++listing.misses < INDEX_AFTER_MISSES) continue;
      listing.index ??= new Map(files.map((f, i) => [f, i]));
      const at = listing.index.get(file);
      if (at === undefined) continue;
      listing.next[order] = at + 1;
      return [listing, at];
    }
    return undefined;
  };

  const saw: Recording['saw'] = (kind, path, present, leadsTo, stat, statKey) => {
    if (recordingPaused() || ignored.some((p) => path.startsWith(p))) return;
    // A listed file, found present: its stat, when this look took one, is its state.
    if (kind === 'S' && present === true && listings.length > 0) {
      const at = listedAt(path, stat === undefined ? 'read' : 'stat', false);
      if (at !== undefined) {
        if (stat !== undefined) keep(at[0], at[1], stat, statKey);
        return;
      }
    }
    const ofKind = seen[kind];
    let entry = ofKind.get(path);
    if (entry === undefined) {
      entry = { present: false, absent: false };
      ofKind.set(path, entry);
    }
    if (present === true) entry.present = true;
    if (present === false) entry.absent = true;
    if (leadsTo !== undefined && entry.leadsTo === undefined) entry.leadsTo = leadsTo;
    if (stat !== undefined) entry.state ??= stateOf(stat, statKey);
  };
  const listed: Recording['listed'] = (base, files) => {
    if (recordingPaused()) return;
    // Files in a folder whose paths are not recorded (a cache home inside the project) stay out, as `saw` leaves them.
    const inside = ignored.filter((p) => p.startsWith(base));
    const kept =
      inside.length === 0 ? files : files.filter((f) => !inside.some((p) => (base + f).startsWith(p)));
    listings.push({
      base,
      files: kept,
      states: new Array(kept.length),
      next: { stat: 0, read: 0 },
      misses: 0,
    });
  };
  const statOfListed: Recording['statOfListed'] = (base, file, st, key) => {
    const path = base + file;
    const at = listedAt(path, 'stat', true);
    if (at !== undefined) keep(at[0], at[1], st, key);
    else saw('S', path, true, undefined, st, key);
  };

  const absolute = (path: unknown): string | undefined => {
    if (typeof path === 'string') return resolve(path);
    if (path instanceof URL) return path.protocol === 'file:' ? fileURLToPath(path) : undefined;
    if (Buffer.isBuffer(path)) return resolve(path.toString());
    return undefined;
  };
  // The wrapping: each function replaced on the module object (and its named exports synced), put back by stop().
  const undo: (() => void)[] = [];
  const replace = (
    owner: Record<string, unknown>,
    name: string,
    make: (original: AnyFunction) => AnyFunction,
  ) => {
    const original = owner[name];
    if (typeof original !== 'function') return;
    const wrapped = make(original as AnyFunction);
    for (const key of Object.keys(original))
      (wrapped as unknown as Record<string, unknown>)[key] = (original as unknown as Record<string, unknown>)[
        key
      ];
    owner[name] = wrapped;
    undo.push(() => {
      owner[name] = original;
    });
  };
  const fsObject = fs as unknown as Record<string, unknown>;
  const wrapSync = (kind: ProbeKind, name: string, owner = fsObject) =>
    replace(
      owner,
      name,
      (original) =>
        function (this: unknown, path: unknown, ...rest: unknown[]) {
          const at = absolute(path);
          if (at === undefined) return original.call(this, path, ...rest);
          let out: unknown;
          try {
            out = original.call(this, path, ...rest);
          } catch (error) {
            saw(kind, at, noSuchPath(error) ? false : undefined);
            throw error;
          }
          const present =
            name === 'existsSync' ? out === true : out !== undefined || !name.endsWith('statSync');
          saw(kind, at, present, kind === 'R' ? String(out) : undefined, statOf(name, out));
          return out;
        },
    );
  const wrapCallback = (kind: ProbeKind, name: string, owner = fsObject) =>
    replace(
      owner,
      name,
      (original) =>
        function (this: unknown, path: unknown, ...rest: unknown[]) {
          const at = absolute(path);
          const last = rest.length - 1;
          if (at !== undefined && typeof rest[last] === 'function') {
            const callback = rest[last] as (...args: unknown[]) => unknown;
            rest[last] = (error: unknown, value: unknown, ...more: unknown[]) => {
              if (name === 'exists') saw(kind, at, error === true);
              else
                saw(
                  kind,
                  at,
                  error ? (noSuchPath(error) ? false : undefined) : true,
                  kind === 'R' && !error ? String(value) : undefined,
                );
              return callback(error, value, ...more);
            };
          } else if (at !== undefined) saw(kind, at, undefined);
          return original.call(this, path, ...rest);
        },
    );
  const wrapPromise = (kind: ProbeKind, name: string, owner: Record<string, unknown>) =>
    replace(
      owner,
      name,
      (original) =>
        function (this: unknown, path: unknown, ...rest: unknown[]) {
          const at = absolute(path);
          const out = original.call(this, path, ...rest) as Promise<unknown>;
          if (at !== undefined)
            out.then(
              (value) => saw(kind, at, true, kind === 'R' ? String(value) : undefined),
              (error) => saw(kind, at, noSuchPath(error) ? false : undefined),
            );
          return out;
        },
    );
  const promises = fs.promises as unknown as Record<string, unknown>;
  for (const name of FOLLOWING) {
    wrapSync('S', `${name}Sync`);
    wrapCallback('S', name);
    wrapPromise('S', name, promises);
  }
  for (const name of NOT_FOLLOWING) {
    wrapSync('L', `${name}Sync`);
    wrapCallback('L', name);
    wrapPromise('L', name, promises);
  }
  wrapSync('E', 'existsSync');
  wrapCallback('E', 'exists');
  // realpath and its `.native` (a property of the function, wrapped after the function itself).
  wrapSync('R', 'realpathSync');
  wrapSync('R', 'native', fsObject.realpathSync as unknown as Record<string, unknown>);
  wrapCallback('R', 'realpath');
  wrapCallback('R', 'native', fsObject.realpath as unknown as Record<string, unknown>);
  wrapPromise('R', 'realpath', promises);
  syncBuiltinESMExports();

  // The environment, through a proxy that records each name asked for (and whether it was listed whole).
  const recordingReads = (target: Env): Env =>
    new Proxy(target, {
      get(into, name) {
        if (typeof name === 'string') envRead.add(name);
        return Reflect.get(into, name);
      },
      has(into, name) {
        if (typeof name === 'string') envRead.add(name);
        return Reflect.has(into, name);
      },
      ownKeys(into) {
        envListed = true;
        return Reflect.ownKeys(into);
      },
    });
  const realEnv = process.env;
  const env = recordingReads(realEnv);
  const ioEnv = io.env === realEnv ? env : recordingReads(io.env);
  process.env = env;
  undo.push(() => {
    process.env = realEnv;
  });

  // The outputs, copied as they are written.
  const copy = (stream: Writable, into: Buffer[]) => {
    const own = Object.hasOwn(stream, 'write');
    const original = stream.write;
    stream.write = function (this: unknown, chunk: unknown, ...rest: unknown[]) {
      into.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
      );
      return original.call(this, chunk, ...rest);
    };
    undo.push(() => {
      if (own) stream.write = original;
      else delete (stream as { write?: unknown }).write;
    });
  };
  copy(io.stdout, outputs.stdout);
  if (io.stderr !== io.stdout) copy(io.stderr, outputs.stderr);

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const step of undo.reverse()) step();
    syncBuiltinESMExports();
    active = undefined;
  };

  const recording: Recording = {
    env: ioEnv,
    saw,
    listed,
    statOfListed,
    stop,
    finish(code, root) {
      stop();
      try {
        const result = storable(code, root);
        if (result === undefined) return;
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        const stats = fs.lstatSync(folder);
        if (!stats.isDirectory() || !safeEntry(stats)) return;
        writeFileAtomic(resultFile(folder, io.cwd, argv), encodeResult(result), {
          durable: false,
          privateMode: 0o600,
        });
        pruneStoredResults(folder);
      } catch {
        // Not stored: the next run works it out again.
      }
    },
  };

  /** The result to store, or undefined when anything it rests on cannot be vouched for. */
  // @implements engine#WHOLE-RESULT-SETTLED-INPUTS
  const storable = (code: number, root: string): StoredResult | undefined => {
    const stderr = Buffer.concat(outputs.stderr);
    if ((code !== 0 && code !== 1) || stderr.length > 0 || io.stdout.destroyed) return undefined;
    // The project's own cache folder must be usable (a safe cache home outside the checkout), and the results folder outside it too.
    if (projectCacheDir(root, io.env) === undefined) return undefined;
    // A project inside a folder whose paths are not recorded would have inputs no key holds.
    if (ignored.some((p) => `${root}${sep}`.startsWith(p))) return undefined;
    const top = repositoryRoot(root);
    if (isInside(root, folder) || (top !== undefined && isInside(top, folder))) return undefined;
    identity(dist, saw);
    if (keptUnsettled) return undefined;
    const probes: StoredResult['probes'] = [];
    for (const [kind, ofKind] of Object.entries(seen) as [ProbeKind, Map<string, Seen>][])
      for (const [path, entry] of ofKind) {
        // Seen both ways, or a look whose outcome was neither (EACCES, ELOOP): not vouched for.
        if (entry.present === entry.absent) return undefined;
        if (entry.state !== undefined) {
          probes.push({ kind, path, state: entry.state });
          continue;
        }
        const { state, stats } = probeState(kind, path);
        const gone = state.startsWith('!');
        // Present then and gone now, or the reverse: not vouched for.
        if (entry.present && gone) return undefined;
        if (entry.absent && state !== '!ENOENT' && state !== '!ENOTDIR') return undefined;
        if (kind === 'R' && entry.leadsTo !== undefined && entry.leadsTo !== state) return undefined;
        if (stats !== undefined && unsettled(stats)) return undefined;
        probes.push({ kind, path, state });
      }
    // The listed files: each present when listed, stated by the run's own stat or, without one, looked at now.
    for (const listing of listings)
      for (let i = 0; i < listing.files.length; i++) {
        const path = listing.base + listing.files[i]!;
        let state = listing.states[i];
        if (state === undefined) {
          const now = probeState('S', path);
          if (now.stats === undefined || unsettled(now.stats)) return undefined;
          state = now.state;
        }
        probes.push({ kind: 'S', path, state });
      }
    const keyedEnv = envListed ? listedEnv(io.env) : envRead;
    return {
      invocation: invocationOf(argv, io.cwd, io.env, keyedEnv, {
        stdout: io.stdout.isTTY === true,
        stderr: io.stderr.isTTY === true,
      }),
      probes,
      code,
      stdout: Buffer.concat(outputs.stdout),
      stderr,
    };
  };

  active = recording;
  return recording;
}

/**
 * Every variable of an environment that some code listed whole (a worker
 * given a copy of it), but those a shell sets for itself and no program's
 * output may depend on: the last command run, the previous folder, the
 * nesting level and the working folder (whose real value, cwd, is keyed).
 */
function listedEnv(env: Env): string[] {
  const shell = new Set(['_', 'OLDPWD', 'SHLVL', 'PWD']);
  return Object.keys(env).filter((name) => !shell.has(name));
}

/**
 * factline's build as inputs: the compiled CLI's folder and every file in
 * it, the package.json, and each runtime dependency where Node finds it
 * (each folder looked in first, missing, and the package.json found), so an
 * install, upgrade, rebuild or edit of any of them is a new key.
 */
// @implements engine#WHOLE-RESULT-KEY
function identity(dist: string, saw: Recording['saw']): void {
  saw('S', dist, true);
  for (const name of readdirSync(dist)) saw('S', join(dist, name), true);
  const root = packageRoot();
  const manifest = join(root, 'package.json');
  saw('S', manifest, true);
  const dependencies = Object.keys(
    (JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ??
      {},
  );
  for (const name of dependencies) {
    for (let dir = root; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name, 'package.json');
      const found = probeState('S', candidate).stats !== undefined;
      saw('S', candidate, found);
      if (found || dirname(dir) === dir) break;
    }
  }
}

/** The stat a wrapped `statSync` or `lstatSync` returned, when it is one a probe's state can be made of (not bigint). */
function statOf(name: string, out: unknown): StatState | undefined {
  if (name !== 'statSync' && name !== 'lstatSync') return undefined;
  return out instanceof fs.Stats && typeof out.mtimeMs === 'number' ? out : undefined;
}

/** Removes every stored result of invocations in `cwd` (a benchmark dropping its temp tree). */
export function forgetStoredResults(cwd: string, env: Env = process.env): void {
  const folder = resultsFolder(env);
  if (folder === undefined) return;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const file = join(folder, name);
    try {
      const raw = readFileSync(file);
      const meta = raw.subarray(raw.indexOf(10) + 1, raw.indexOf(10, raw.indexOf(10) + 1)).toString('utf8');
      if ((JSON.parse(meta) as { cwd?: string }).cwd === cwd) fs.rmSync(file, { force: true });
    } catch {
      // Not a stored result, or gone: left alone.
    }
  }
}
