/**
 * One cache file in `.factline-cache/`: a map of `key → [stat, content hash,
 * value]` behind a format header and a checksum, keyed by the code that
 * filled it. Read once, validated cheaply (the checksum once, an entry's
 * shape when the entry is used), written atomically and only when this run
 * changed something. What the stat and the hash mean is the caller's
 * business (cli/gate-cache.ts).
 */
import { createHash, hash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkShape, fitsShape, S, type Shape } from './shape.ts';

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Bumped whenever the file layout below changes. */
const CACHE_FORMAT = 5;

/**
 * What cached results depend on besides their input: the code that produced
 * them (every file beneath `dir`) and the package's version and dependency
 * pins (package.json). `by: 'stat'` identifies each code file by its name
 * and stat, not its bytes: an install, upgrade, checkout or edit rewrites
 * the file, and a rewrite gives it a new change time (which no tool can set
 * back), so a few dozen stats stand in for reading the sources on every
 * run. `by: 'content'` reads them: asked only when the stats differ (a CI
 * job that restored node_modules and the cache), so such a cache is still
 * used when the code is the same.
 */
// @implements speed-cache#CHEAP-CODE-FINGERPRINT
export function codeFingerprint(dir: string, by: 'stat' | 'content' = 'stat'): string {
  const h = createHash('sha1');
  // Code changed within the racy window could change again without a new stat: no stat matches it.
  const settledBefore = Date.now() - RACY_WINDOW_MS;
  const visit = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(d, entry.name);
      h.update(entry.name).update('\0');
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && by === 'content') h.update(readFileSync(path)).update('\0');
      else if (entry.isFile()) {
        const st = statSync(path);
        h.update(st.ctimeMs < settledBefore ? statKey(st) : String(Math.random())).update('\0');
      }
    }
  };
  try {
    visit(dir);
    h.update(readFileSync(join(PACKAGE_ROOT, 'package.json')));
  } catch {
    try {
      // Sources not beside us (a bundled build): the running module is the code.
      h.update(readFileSync(fileURLToPath(import.meta.url)));
    } catch {
      // Cannot see any code: a fingerprint no stored cache can match.
      h.update(String(Math.random()));
    }
  }
  return h.digest('base64');
}

/**
 * How long before a run's start a file must last have changed for its stat
 * to vouch for its content. File times come from a coarse kernel clock and
 * some file systems keep whole (FAT: even) seconds, so an edit just after a
 * run read a file can leave its size and times as they were; two seconds
 * covers every such tick.
 */
export const RACY_WINDOW_MS = 2_000;

/**
 * The parts of a stat that change when a file's content may have: size,
 * modification and change time, inode. Times are node's milliseconds with
 * their fraction (a double: a quarter of a microsecond at today's dates),
 * which is finer than it needs to be: an entry keeps its stat only when the
 * file had not changed for two seconds before the run, so any later change
 * moves a time by more than that.
 */
export function statKey(st: { size: number; mtimeMs: number; ctimeMs: number; ino: number }): string {
  return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
}

/**
 * The file is one header line, `factline-cache FORMAT NAME SHA256`, and a
 * JSON body `{fingerprint, code, entries}` (the code's stat and content
 * fingerprints) whose sha256 (base64) the header
 * carries, so a damaged byte anywhere is caught before anything is decoded.
 */
function encodeFile(name: string, body: string): string {
  return `factline-cache ${CACHE_FORMAT} ${name} ${hash('sha256', body, 'base64')}\n${body}`;
}

/** The body of a cache file, or why it cannot be trusted. The checksum is taken over the bytes, before any decoding. */
function decodeFile(name: string, raw: Buffer): { body: unknown } | { problem: string } {
  const newline = raw.indexOf(10);
  const header = raw.toString('latin1', 0, newline === -1 ? raw.length : newline).split(' ');
  if (header.length !== 4 || header[0] !== 'factline-cache') return { problem: 'no cache header' };
  if (header[1] !== String(CACHE_FORMAT) || header[2] !== name) return { problem: 'another cache format' };
  const body = raw.subarray(newline + 1);
  if (hash('sha256', body, 'base64') !== header[3]) return { problem: 'checksum mismatch' };
  try {
    return { body: JSON.parse(body.toString('utf8')) };
  } catch {
    return { problem: 'not JSON' };
  }
}

/** Removes an older build's file of this cache (`scan-v4.json` beside `scan-v5.json`). */
// @implements speed-cache#ONE-FILE-READ-ONCE
function removeOlderFormats(file: string, name: string): void {
  const base = name.replace(/-v\d+$/, '');
  try {
    for (const other of readdirSync(dirname(file))) {
      const older = other.startsWith(`${base}-v`) && /^-v\d+\.json$/.test(other.slice(base.length));
      if (older && other !== `${name}.json`) rmSync(join(dirname(file), other), { force: true });
    }
  } catch {
    // No cache folder yet: nothing to remove.
  }
}

const BODY = S.object({ fingerprint: S.string(), code: S.string(), entries: S.record(S.any()) });

/** A stat that never matches: the entry must be read and hashed next time. */
export const NO_STAT = '';

type Entry<V> = [stat: string, contentHash: string, value: V];

/**
 * Entries not used this run drop out on save. Nothing read is trusted
 * blindly: a file that fails its checksum is discarded whole, and an entry
 * whose shape is wrong when it is used is dropped; either is said once on
 * stderr and rebuilt by this run.
 */
// @implements trust#CACHE-NEVER-TRUSTED-BLINDLY
// @implements speed-cache#ONE-FILE-READ-ONCE
export class CacheFile<V> {
  private dirty = false;
  private warned = false;
  private readonly kept = new Map<string, Entry<V>>();

  private constructor(
    private readonly file: string,
    private readonly name: string,
    private readonly fingerprint: string,
    /** The content fingerprint of the code, when it has been computed. */
    private code: string | undefined,
    private readonly producer: string,
    private readonly entries: Map<string, unknown>,
    private readonly entryShape: Shape,
    private readonly warn: (line: string) => void,
  ) {}

  /** `producerDir`: the code whose results are cached (its fingerprint keys the file). */
  static open<V>(
    root: string,
    name: string,
    producerDir: string,
    valueShape: Shape,
    warn: (line: string) => void = () => {},
  ): CacheFile<V> {
    const file = join(root, '.factline-cache', `${name}.json`);
    const producer = join(PACKAGE_ROOT, producerDir);
    const fingerprint = codeFingerprint(producer);
    const entryShape = S.tuple([S.string(), S.string(true), valueShape]);
    const empty = (code?: string) =>
      new CacheFile<V>(file, name, fingerprint, code, producer, new Map(), entryShape, warn);
    let raw: Buffer;
    try {
      raw = readFileSync(file);
    } catch {
      // No cache yet (or unreadable): start empty; saving may still work. After an
      // upgrade an older format's file may be there, never to be read again: it goes.
      removeOlderFormats(file, name);
      return empty();
    }
    const discard = (why: string) => {
      const cache = empty(undefined);
      cache.discarded(why);
      rmSync(file, { force: true });
      return cache;
    };
    const decoded = decodeFile(name, raw);
    if ('problem' in decoded) return discard(decoded.problem);
    const problem = checkShape(decoded.body, BODY);
    if (problem) return discard(`\`${problem.path}\` ${problem.message}`);
    const body = decoded.body as { fingerprint: string; code: string; entries: Record<string, unknown> };
    let code: string | undefined;
    if (body.fingerprint !== fingerprint) {
      // Code files rewritten since: the same code still counts (a restored CI cache), read to tell.
      code = codeFingerprint(producer, 'content');
      // Another build's cache is expected after an upgrade: replaced without a word.
      if (body.code !== code) return empty(code);
    }
    const entries = new Map<string, unknown>();
    for (const key in body.entries) entries.set(key, body.entries[key]);
    const cache = new CacheFile<V>(
      file,
      name,
      fingerprint,
      code ?? body.code,
      producer,
      entries,
      entryShape,
      warn,
    );
    // The stats of the same code changed: store the new ones, so the next run needs no read.
    if (code !== undefined) cache.dirty = true;
    return cache;
  }

  private discarded(why: string): void {
    if (!this.warned)
      this.warn(`factline: discarding the cache .factline-cache/${this.name}.json (${why}); rebuilding it\n`);
    this.warned = true;
    this.dirty = true;
  }

  /** The stored entry for `key`, its shape checked now (the first time it is used); undefined when absent or wrong. */
  private entry(key: string): Entry<V> | undefined {
    const raw = this.entries.get(key);
    if (raw === undefined) return undefined;
    // @implements speed-cache#CHEAP-VALIDATION
    if (fitsShape(raw, this.entryShape)) return raw as Entry<V>;
    const wrong = checkShape(raw, this.entryShape, `entries[${JSON.stringify(key)}]`);
    this.entries.delete(key);
    this.discarded(wrong ? `${wrong.path} ${wrong.message}` : `the entry for ${key} is damaged`);
    return undefined;
  }

  /** The value stored for `key` when the file's stat is still `stat` (never for NO_STAT). */
  byStat(key: string, stat: string): V | undefined {
    const hit = this.entry(key);
    if (hit === undefined || stat === NO_STAT || hit[0] !== stat) return undefined;
    this.kept.set(key, hit);
    return hit[2];
  }

  /** The value stored for `key` when its content hash is still `contentHash`. Call `set` to keep it. */
  byHash(key: string, contentHash: string): V | undefined {
    const hit = this.entry(key);
    return hit === undefined || hit[1] !== contentHash ? undefined : hit[2];
  }

  /** An entry that passed the file checks but not a closer look: dropped, said once, rebuilt. */
  reject(key: string, why = `the entry for ${key} does not match the file`): void {
    this.kept.delete(key);
    this.entries.delete(key);
    this.discarded(why);
  }

  /** Keeps `value` for `key`; the file is rewritten only when this differs from what is stored. */
  set(key: string, stat: string, contentHash: string, value: V): void {
    const prior = this.entries.get(key) as Entry<V> | undefined;
    if (prior === undefined || prior[0] !== stat || prior[1] !== contentHash || prior[2] !== value)
      this.dirty = true;
    this.kept.set(key, [stat, contentHash, value]);
  }

  /** Atomic write (temp + rename), skipped when nothing changed; a cache that cannot be written only costs speed. */
  save(): void {
    if (!this.dirty && this.kept.size === this.entries.size) return;
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      this.code ??= codeFingerprint(this.producer, 'content');
      const body = JSON.stringify({
        fingerprint: this.fingerprint,
        code: this.code,
        entries: Object.fromEntries(this.kept),
      });
      writeFileSync(temp, encodeFile(this.name, body));
      renameSync(temp, this.file);
    } catch {
      rmSync(temp, { force: true });
    }
    this.dirty = false;
  }
}
