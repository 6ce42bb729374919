/**
 * One cache file in the project's cache folder (engine/cache/location.ts,
 * outside the checkout): a map of `key → [stat, content hash,
 * value text]` behind a format header and a checksum, keyed by the code that
 * filled it. Read once, validated cheaply (the checksum once, an entry when
 * it is used), and written only when this run changed something: the few
 * lines a run changed are appended, the whole file is written atomically.
 * What the stat, the hash and the value mean is the caller's business
 * (engine/cache/scan-cache.ts).
 */
import { createHash, hash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { appendOwnFile, readOwnFile } from '../files/private-dir.ts';
import { packageRoot } from '../package-root.ts';
import { projectCacheDir } from './location.ts';

/** Bumped whenever the file layout below changes. */
const CACHE_FORMAT = 7;

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
// @implements engine#CHEAP-CODE-FINGERPRINT
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
    h.update(readFileSync(join(packageRoot(), 'package.json')));
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
 * The file is one header line, `factline-cache FORMAT NAME LENGTH SHA256`,
 * and a body of LENGTH bytes. The sha256 (base64) is taken over the header's
 * other fields and the body, so a damaged byte anywhere, the format number
 * included, is caught before anything is decoded. The body is
 * one line of the code's fingerprints (`STAT-FINGERPRINT<TAB>CONTENT-FINGERPRINT`)
 * and one line per entry, `KEY<TAB>STAT<TAB>HASH<TAB>VALUE`: the key a JSON
 * string, the value the caller's one-line text. Opening splits lines and
 * nothing more; an entry is taken apart, and its value decoded, only when it
 * is used, and an unchanged entry is written back as the very line it was
 * read as. After the body come the segments later runs appended (see
 * `Segment`), each a header line and entry lines, a later line for a key
 * standing for it.
 */
// @implements engine#LAZY-CACHE-LINES
function encodeFile(name: string, body: string): string {
  const head = `factline-cache ${CACHE_FORMAT} ${name} ${Buffer.byteLength(body)}`;
  return `${head} ${sealOf(head, body)}\n${body}`;
}

/** The checksum of a header's first four fields and the body. */
function sealOf(head: string, body: string | Buffer): string {
  return createHash('sha256').update(`${head}\n`).update(body).digest('base64');
}

/** The head of an appended segment's header line: `factline-append LENGTH SHA256 CONTENT-FINGERPRINT`. */
const SEGMENT_HEAD = 'factline-append';

/**
 * Entry lines a run appended: their bytes (each line ends with a newline),
 * checked against the sha256 their header line carries, and the content
 * fingerprint of the code that wrote them, which must be the body's.
 */
interface Segment {
  lines: Buffer;
  code: string;
}

interface Decoded {
  body: Buffer;
  /** The whole segments after the body, in the order they were appended. */
  segments: Segment[];
  /** Bytes after the last whole segment: an append under way, or one a crash cut short. */
  cutShort: boolean;
  /** How many bytes the segments (and any cut tail) take. */
  appendedBytes: number;
}

const COUNT = /^\d+$/;

/** The appended lines the code of `code` (a content fingerprint) wrote: another build's are never used. */
function linesOfCode(decoded: Decoded, code: string | undefined): Buffer[] {
  return decoded.segments.filter((s) => s.code === code).map((s) => s.lines);
}

/** A whole file of another format, by its own seal: the file an older or newer build wrote, no damage. */
const ANOTHER_FORMAT = 'another cache format';

/**
 * The body and the appended segments of a cache file, or why it cannot be
 * trusted. Every checksum is taken over the bytes, before any decoding. A
 * file of another format that its own seal shows whole is an upgrade's
 * leftover (ANOTHER_FORMAT); since the seal covers the format number, a
 * damaged one never passes for it. A tail too short for the length its
 * header line gives is no damage (an append is one write, and a reader may
 * come in while it lands): it is left out. A segment that is all there but
 * fails its checksum, or a header line that is not one, is damage.
 */
// @implements engine#CACHE-EDIT-APPENDS
function decodeFile(name: string, raw: Buffer): Decoded | { problem: string } {
  const newline = raw.indexOf(10);
  const header = raw.toString('latin1', 0, newline === -1 ? raw.length : newline).split(' ');
  if (header[0] !== 'factline-cache') return { problem: 'no cache header' };
  if (header[2] !== name) return { problem: `the file of another cache (${header[2]})` };
  const start = newline + 1;
  const ours = header[1] === String(CACHE_FORMAT);
  // Before format 7 the header was `factline-cache FORMAT NAME SHA256`, over the rest of the file.
  if (header.length === 4 && !ours && COUNT.test(header[1] as string))
    return {
      problem:
        hash('sha256', raw.subarray(start), 'base64') === header[3] ? ANOTHER_FORMAT : 'a damaged header',
    };
  if (header.length !== 5 || !COUNT.test(header[1] as string) || !COUNT.test(header[3] as string))
    return { problem: 'no cache header' };
  const end = start + Number(header[3]);
  if (end > raw.length) return { problem: 'a body cut short' };
  const body = raw.subarray(start, end);
  if (sealOf(header.slice(0, 4).join(' '), body) !== header[4])
    return { problem: ours ? 'checksum mismatch' : 'a damaged header' };
  if (!ours) return { problem: ANOTHER_FORMAT };
  const segments: Segment[] = [];
  let at = end;
  while (at < raw.length) {
    const headEnd = raw.indexOf(10, at);
    if (headEnd === -1) break;
    const head = raw.toString('latin1', at, headEnd).split(' ');
    if (head.length !== 4 || head[0] !== SEGMENT_HEAD || !COUNT.test(head[1] as string))
      return { problem: 'an appended segment without its header' };
    const linesEnd = headEnd + 1 + Number(head[1]);
    if (linesEnd > raw.length) break;
    const lines = raw.subarray(headEnd + 1, linesEnd);
    if (hash('sha256', lines, 'base64') !== head[2])
      return { problem: 'checksum mismatch in an appended segment' };
    segments.push({ lines, code: head[3] as string });
    at = linesEnd;
  }
  return { body, segments, cutShort: at < raw.length, appendedBytes: raw.length - end };
}

/** Removes an older build's file of this cache (`scan-v5.json` beside `scan-v6.json`). */
// @implements engine#ONE-FILE-READ-ONCE
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

/** A stat that never matches: the entry must be read and hashed next time. */
export const NO_STAT = '';

/** A key as the first field of its line: a JSON string never holds a raw tab or newline. */
function encodeKey(key: string): string {
  return JSON.stringify(key);
}

/** The key at the head of a line (up to its first tab), or undefined when it is not a JSON string. */
function keyOf(line: string): string | undefined {
  const end = line.indexOf('\t');
  if (end < 2 || line.charCodeAt(0) !== 34 || line.charCodeAt(end - 1) !== 34) return undefined;
  const text = line.slice(1, end - 1);
  if (!text.includes('\\') && !text.includes('"')) return text;
  try {
    const key: unknown = JSON.parse(line.slice(0, end));
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** One entry taken apart: the stat and content hash it was stored under and its value's text. */
export interface Entry {
  stat: string;
  contentHash: string;
  text: string;
}

const TAB = 9;

/** A line's fields after its key, or undefined when it has not four of them. */
function fieldsOf(line: string): Entry | undefined {
  const a = line.indexOf('\t');
  const b = a === -1 ? -1 : line.indexOf('\t', a + 1);
  const c = b === -1 ? -1 : line.indexOf('\t', b + 1);
  if (c === -1) return undefined;
  return { stat: line.slice(a + 1, b), contentHash: line.slice(b + 1, c), text: line.slice(c + 1) };
}

/** How a run uses the cache. */
export interface CacheUse {
  /**
   * Read the cache, never write it: a partial run (`check --changed`) sees a
   * few files, and must neither forget the others' entries nor pay for
   * rewriting all of them.
   */
  readOnly?: boolean;
}

/** The entry lines of a cache file by key. */
interface EntryLines {
  get(key: string): string | undefined;
  delete(key: string): void;
  keys(): IterableIterator<string>;
  readonly size: number;
}

/**
 * Every entry line by its key, the lines split once (a full run uses nearly
 * all of them): the body's, then each appended segment's, whose line for a
 * key stands for the body's (in the body's place, so the keys stay in the
 * order the body wrote them).
 */
function linesByKey(text: string, appended: readonly Buffer[] = []): Map<string, string> {
  const entries = new Map<string, string>();
  for (const part of [text, ...appended.map((lines) => lines.toString('utf8'))]) {
    const lines = part.split('\n');
    // The text ends with a newline: its last "line" is empty.
    for (let i = 0; i < lines.length - 1; i++) {
      // A line without a key names no file: it can never be used, so it drops out.
      const key = keyOf(lines[i]!);
      if (key !== undefined) entries.set(key, lines[i]!);
    }
  }
  return entries;
}

/**
 * The entry lines of a read-only cache found one key at a time in the
 * file's bytes: a partial run (`check --changed`) asks for a few files, and
 * splitting and decoding the whole file would cost more than its few searches.
 * The last line with the key counts, as it does in `linesByKey`.
 */
// @implements engine#PARTIAL-RUN-KEEPS-CACHE
class LinesOnDemand implements EntryLines {
  private readonly found = new Map<string, string | undefined>();

  constructor(private readonly body: Buffer) {}

  get(key: string): string | undefined {
    if (this.found.has(key)) return this.found.get(key);
    const at = this.body.lastIndexOf(`\n${encodeKey(key)}\t`);
    const line = at === -1 ? undefined : this.body.toString('utf8', at + 1, this.body.indexOf(10, at + 1));
    this.found.set(key, line);
    return line;
  }

  delete(key: string): void {
    this.found.set(key, undefined);
  }

  keys(): IterableIterator<string> {
    return linesByKey(this.body.toString('utf8', this.body.indexOf(10) + 1)).keys();
  }

  /** Never compared: a read-only cache is never saved. */
  get size(): number {
    return this.found.size;
  }
}

/**
 * Entries not used this run drop out when the file is written whole; a run
 * that changed a few lines appends them instead (`save`). Nothing read is
 * trusted blindly: a file that fails its checksum is discarded whole, and
 * an entry that is malformed, or whose value its user rejects, is dropped;
 * either is said once on stderr and rebuilt by this run.
 */
// @implements engine#CACHE-NEVER-TRUSTED-BLINDLY
// @implements engine#ONE-FILE-READ-ONCE
export class CacheFile {
  private dirty = false;
  private warned = false;
  /** The lines to write: key → line, for every entry this run used or set. */
  private readonly kept = new Map<string, string>();
  /** The lines this run set that differ from the stored ones: what an append writes. */
  private readonly changed = new Map<string, string>();
  /** The file must be written whole: something read was left out or rejected, or its first line changes. */
  private whole = false;
  /** The body's bytes, and those appended after it: appending stops paying once the tail is a quarter of the body. */
  private bodyBytes = 0;
  private appendedBytes = 0;

  private constructor(
    private readonly file: string,
    private readonly name: string,
    private readonly fingerprint: string,
    /** The content fingerprint of the code, when it has been computed. */
    private code: string | undefined,
    private readonly producer: string,
    /** The lines read, by key, each taken apart only when used. */
    private readonly entries: EntryLines,
    private readonly warn: (line: string) => void,
    private readonly use: CacheUse,
  ) {}

  /**
   * `dir`: the project's cache folder (engine/cache/location.ts), never a folder of the checkout;
   * `producerDir`: the code whose results are cached (its fingerprint keys the file).
   */
  static open(
    dir: string,
    name: string,
    producerDir: string,
    warn: (line: string) => void = () => {},
    use: CacheUse = {},
  ): CacheFile {
    const file = join(dir, `${name}.json`);
    const producer = join(packageRoot(), producerDir);
    const fingerprint = codeFingerprint(producer);
    const empty = (code?: string) =>
      new CacheFile(file, name, fingerprint, code, producer, new Map<string, string>(), warn, use);
    // Only a regular file of this user's that nobody else may write (no link followed).
    // @implements engine#CACHE-OUTSIDE-THE-CHECKOUT
    const raw = readOwnFile(file);
    if (raw === undefined) {
      // No cache yet (or not ours): start empty; saving replaces it. After an
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
    // Another build's format is expected after an upgrade: replaced by this run's write without a word.
    if ('problem' in decoded) return decoded.problem === ANOTHER_FORMAT ? empty() : discard(decoded.problem);
    const { body } = decoded;
    const headEnd = body.indexOf(10);
    const head = body.toString('utf8', 0, headEnd === -1 ? body.length : headEnd).split('\t');
    if (head.length !== 2 || headEnd === -1 || body[body.length - 1] !== 10)
      return discard('no fingerprint line, or a last line cut short');
    const [stored, storedCode] = head as [string, string];
    let code: string | undefined;
    if (stored !== fingerprint) {
      // Code files rewritten since: the same code still counts (a restored CI cache), read to tell.
      code = codeFingerprint(producer, 'content');
      // Another build's cache is expected after an upgrade: replaced without a word.
      if (storedCode !== code) return empty(code);
    }
    // Lines another build appended (a run of it after this file was written) are not this code's.
    const appended = linesOfCode(decoded, storedCode);
    const entries = use.readOnly
      ? new LinesOnDemand(appended.length > 0 ? Buffer.concat([body, ...appended]) : body)
      : linesByKey(body.toString('utf8', headEnd + 1), appended);
    const cache = new CacheFile(file, name, fingerprint, storedCode, producer, entries, warn, use);
    cache.bodyBytes = body.length;
    cache.appendedBytes = decoded.appendedBytes;
    // Written whole, even by a run that changes nothing: what was left out goes, and when the stats of
    // the same code changed, the first line takes the new ones, so the next run needs no read.
    cache.whole = decoded.cutShort || appended.length < decoded.segments.length || code !== undefined;
    cache.dirty = cache.whole;
    return cache;
  }

  private discarded(why: string): void {
    if (!this.warned) this.warn(`factline: discarding the cache ${this.file} (${why}); rebuilding it\n`);
    this.warned = true;
    this.dirty = true;
    this.whole = true;
  }

  /** Whether a full run found nothing stored (no file yet, another build's, or a discarded one). */
  isEmpty(): boolean {
    return !this.use.readOnly && this.entries.size === 0;
  }

  /** The keys stored (whether or not their entries are sound). */
  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** The stored entry for `key`, taken apart now (the first time it is used); undefined when absent or malformed. */
  private entry(key: string): Entry | undefined {
    const line = this.entries.get(key);
    if (line === undefined) return undefined;
    // @implements engine#CHEAP-VALIDATION
    const fields = fieldsOf(line);
    if (fields !== undefined) return fields;
    this.entries.delete(key);
    this.discarded(`the entry for ${key} has not the four fields of an entry`);
    return undefined;
  }

  /**
   * The value's text stored for `key` when the file's stat is still `stat`
   * (never for NO_STAT). The stat is compared where it stands in the line,
   * so nothing is cut out of a line whose stat differs; a line that is
   * malformed is caught when `byHash` takes it apart.
   */
  byStat(key: string, stat: string): string | undefined {
    const line = this.entries.get(key);
    if (line === undefined || stat === NO_STAT) return undefined;
    const at = line.indexOf('\t') + 1;
    // indexOf from `at`, not startsWith: V8 runs it about twice as fast on these sliced lines.
    if (line.indexOf(stat, at) !== at || line.charCodeAt(at + stat.length) !== TAB) return undefined;
    const valueTab = line.indexOf('\t', at + stat.length + 1);
    if (valueTab === -1) return undefined;
    this.kept.set(key, line);
    return line.slice(valueTab + 1);
  }

  /** The value's text stored for `key` when its content hash is still `contentHash`. Call `set` to keep it. */
  byHash(key: string, contentHash: string): string | undefined {
    const hit = this.entry(key);
    return hit === undefined || hit.contentHash !== contentHash ? undefined : hit.text;
  }

  /** An entry that passed the file checks but not a closer look: dropped, said once, rebuilt. */
  reject(key: string, why = `the entry for ${key} does not match the file`): void {
    this.kept.delete(key);
    this.entries.delete(key);
    this.discarded(why);
  }

  /** Keeps the stored line of `key` as it is (a hit on its content hash, the stat unchanged): no copy to build and compare. */
  keep(key: string): void {
    const line = this.entries.get(key);
    if (line !== undefined) this.kept.set(key, line);
  }

  /**
   * The content hash of the entry this run used or set for `key` (a hit by
   * stat or by hash, or a new value); undefined when this run has none.
   */
  keptHash(key: string): string | undefined {
    const line = this.kept.get(key);
    return line === undefined ? undefined : fieldsOf(line)?.contentHash;
  }

  /** Keeps `text` (one line) for `key`; the file is rewritten only when this differs from what is stored. */
  set(key: string, stat: string, contentHash: string, text: string): void {
    const line = `${encodeKey(key)}\t${stat}\t${contentHash}\t${text}`;
    // The changed lines are kept apart only while they could be appended (a run filling an empty cache never).
    const appendable = this.bodyBytes > 0 && !this.whole;
    if (this.entries.get(key) !== line) {
      this.dirty = true;
      if (appendable) this.changed.set(key, line);
    } else if (appendable) this.changed.delete(key);
    this.kept.set(key, line);
  }

  /**
   * Skipped when nothing changed or the cache is read-only; else the changed
   * lines appended when that is cheaper (`append`), or the whole file
   * written atomically (temp + rename). A cache that cannot be written only
   * costs speed.
   */
  save(): void {
    if (this.use.readOnly) return;
    if (!this.dirty && this.kept.size === this.entries.size) return;
    if (!this.whole && this.append()) {
      this.dirty = false;
      return;
    }
    try {
      this.code ??= codeFingerprint(this.producer, 'content');
      // In key order, whatever order the run used them in: the next run lists the files in that
      // order, and its stat helper (engine/cache/stat-prefetch.ts) walks the keys expecting it.
      const lines = [`${this.fingerprint}\t${this.code}`, ...linesInKeyOrder(this.kept)];
      // The folder may have been removed since it was found (a person clearing the cache).
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
      writeFileAtomic(this.file, encodeFile(this.name, `${lines.join('\n')}\n`), {
        durable: false,
        privateMode: 0o600,
      });
    } catch {
      // Unwritable: the next run rebuilds what this one learned.
    }
    this.dirty = false;
  }

  /**
   * Appends the changed lines as one segment, in one write, when they are
   * few: a run after a one-file edit writes one line, not a line for every
   * file. False (write the file whole) when it would not pay or cannot be
   * done: no file yet, the appended tail would pass a quarter of the body,
   * a fifth of the entries went unused (deleted files: a whole write drops
   * them), or the file is not this user's own regular file.
   */
  // @implements engine#CACHE-EDIT-APPENDS
  private append(): boolean {
    if (this.code === undefined || this.bodyBytes === 0) return false;
    let added = 0;
    for (const key of this.changed.keys()) if (this.entries.get(key) === undefined) added++;
    const unused = this.entries.size - (this.kept.size - added);
    if (unused * 5 > this.entries.size) return false;
    // Only a few entries unused: they stay until the file is next written whole.
    if (this.changed.size === 0) return true;
    const lines = Buffer.from(`${linesInKeyOrder(this.changed).join('\n')}\n`);
    if ((this.appendedBytes + lines.length) * 4 > this.bodyBytes) return false;
    const head = `${SEGMENT_HEAD} ${lines.length} ${hash('sha256', lines, 'base64')} ${this.code}\n`;
    return appendOwnFile(this.file, Buffer.concat([Buffer.from(head, 'latin1'), lines]));
  }
}

/**
 * The lines of `kept` in key order. A run mostly uses its entries in the
 * order it listed the files, which is key order already: then one pass
 * tells so, and a million keys are not sorted again.
 */
export function linesInKeyOrder(kept: ReadonlyMap<string, string>): string[] {
  const lines: string[] = [];
  let previous: string | undefined;
  let ordered = true;
  for (const [key, line] of kept) {
    if (previous !== undefined && !(previous < key)) ordered = false;
    previous = key;
    lines.push(line);
  }
  if (ordered) return lines;
  return [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line);
}

/** An entry's value text parsed, or undefined (the entry rejected, said once) when it is not JSON. */
export function entryJson(cache: CacheFile, file: string, text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    cache.reject(file, `the entry for ${file} is not JSON`);
    return undefined;
  }
}

/**
 * The entries of a cache file as stored, key → stat, content hash and value
 * text; undefined when the file is absent or fails its checks. For tests and
 * tools that look inside a cache without using it.
 */
export function storedEntries(root: string, name: string): Map<string, Entry> | undefined {
  const dir = projectCacheDir(root);
  const raw = dir === undefined ? undefined : readOwnFile(join(dir, `${name}.json`));
  if (raw === undefined) return undefined;
  const decoded = decodeFile(name, raw);
  if ('problem' in decoded) return undefined;
  const text = decoded.body.toString('utf8');
  const appended = linesOfCode(decoded, text.slice(0, text.indexOf('\n')).split('\t')[1]);
  const out = new Map<string, Entry>();
  for (const [key, line] of linesByKey(text.slice(text.indexOf('\n') + 1), appended)) {
    const fields = fieldsOf(line);
    if (fields !== undefined) out.set(key, fields);
  }
  return out;
}
