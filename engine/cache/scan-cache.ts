/**
 * The scan cache in the project's cache folder (engine/cache/location.ts,
 * outside the checkout): each file's citations.
 * It works like git's index: a file whose stat is unchanged is served
 * without being read; a changed stat costs a read and a hash, and only a
 * changed hash a scan.
 */
import { statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { FileScanner } from '../../checks/scan/dispatch.ts';
import { isNotRun, type ScannedCitation } from '../../checks/scan/types.ts';
import { checkShape, shapes } from '../config/shape.ts';
import type { FileRecord } from '../parallel/pool.ts';
import { CacheFile, type CacheUse, entryJson, NO_STAT, RACY_WINDOW_MS, statKey } from './cache-file.ts';
import { encodeCitations, hashText, plainRef, VERBS } from './citation-rows.ts';
import { SCAN_ROW } from './entry-shapes.ts';
import { noteInputStat } from './result-record.ts';
import { prefetchStats, type StatHelperMode, type StatParts, statHelperWanted } from './stat-prefetch.ts';

const isText = (v: unknown): v is string => typeof v === 'string';
const isAbsentOrText = (v: unknown): boolean => v === undefined || v === 0 || typeof v === 'string';
const isCount = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;

/**
 * A row back into a citation, or undefined when it is not a row of SCAN_ROW's
 * shape: the shape check and the decoding are one pass, so a warm run checks
 * every cached citation it uses for the price of reading it.
 */
// @implements engine#CHEAP-VALIDATION
export function decodeRow(row: unknown): ScannedCitation | undefined {
  if (!Array.isArray(row) || row.length < 8 || row.length > 16) return undefined;
  const verb = row[0];
  if (verb !== 0 && verb !== 1 && verb !== 2 && verb !== 3) return undefined;
  if (!isAbsentOrText(row[1]) || !isText(row[2]) || !isCount(row[5], 0) || !isCount(row[6], 1))
    return undefined;
  if (!isCount(row[7], 1) || (row[13] !== undefined && row[13] !== 0 && row[13] !== 1)) return undefined;
  if (row[15] !== undefined && row[15] !== 0 && !isNotRun(row[15])) return undefined;
  for (const i of TEXT_FIELDS) if (!isAbsentOrText(row[i])) return undefined;
  // Every field, in one order, so all decoded citations share one object shape (see checks/scan/types.ts placed).
  const cite: ScannedCitation = {
    verb: VERBS[verb]!,
    ref: '',
    id: row[2],
    offset: row[5],
    line: row[6],
    column: row[7],
    doc: isText(row[3]) ? row[3] : undefined,
    pin: isText(row[4]) ? row[4] : undefined,
    uri: isText(row[12]) ? row[12] : undefined,
    reason: isText(row[10]) ? row[10] : undefined,
    malformed: isText(row[11]) ? row[11] : undefined,
    symbol: isText(row[8]) ? row[8] : undefined,
    testName: isText(row[9]) ? row[9] : undefined,
    inTest: row[13] === 1 ? true : undefined,
    covers: isText(row[14]) ? (row[14] === '' ? [] : row[14].split('\n')) : undefined,
    notRun: isNotRun(row[15]) ? row[15] : undefined,
  };
  cite.ref = isText(row[1]) ? row[1] : plainRef(cite);
  return cite;
}

/** The optional text fields of a row: doc, pin, symbol, testName, reason, malformed, uri, covers. */
const TEXT_FIELDS = [3, 4, 8, 9, 10, 11, 12, 14];

/** Every row of an entry decoded, or undefined when one does not have the row shape. */
function decodeRows(rows: unknown): ScannedCitation[] | undefined {
  if (!Array.isArray(rows)) return undefined;
  const out: ScannedCitation[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const cite = decodeRow(rows[i]);
    if (cite === undefined) return undefined;
    out[i] = cite;
  }
  return out;
}

/**
 * A cached citation must still describe its file: its place is a real line
 * start plus column, and the carrier is there. A comment tag stands at its
 * offset with its reference on the same line; the other carriers (Rust
 * attributes, scope!, JSDoc @spec, JSON Type Definition metadata) name the
 * fact id shortly after the offset. Cheap next to a scan, and it catches rows
 * that are well formed but not this file's.
 */
function fitsText(c: ScannedCitation, text: string): boolean {
  const lineStart = c.offset - c.column + 1;
  if (c.offset >= text.length || lineStart < 0 || (lineStart > 0 && text[lineStart - 1] !== '\n'))
    return false;
  if (text[c.offset] === '@' && text.startsWith(c.verb, c.offset + 1)) {
    if (c.ref === '') return true;
    const lineEnd = text.indexOf('\n', c.offset);
    const at = text.indexOf(c.ref, c.offset);
    return at !== -1 && (lineEnd === -1 || at < lineEnd);
  }
  if (c.id === '') return true;
  const at = text.indexOf(c.id, c.offset);
  return at !== -1 && at - c.offset < CARRIER_SPAN;
}

/** How far after its offset a non-comment carrier may name its fact (a multi-line attribute). */
const CARRIER_SPAN = 4096;

/**
 * The stat to store for a file read in a run that started at `startMs`
 * (wall clock): its key when the file last changed safely before the run,
 * else NO_STAT, so the next run reads and hashes it again (git's racy-clean
 * rule).
 */
// @implements engine#RACY-CLEAN
export function settledStat(st: StatParts, startMs: number): string {
  const settledBefore = startMs - RACY_WINDOW_MS;
  return st.mtimeMs < settledBefore && st.ctimeMs < settledBefore ? statKey(st) : NO_STAT;
}

/** The scan cache of one run: `byStat` answers from stats alone, `scan` from a content hash or the scanner. */
export interface ScanCache {
  /** The citations of a file whose stat matches its entry; undefined: read it and call `scan`. */
  byStat(file: string): ScannedCitation[] | undefined;
  scan(file: string, text: string, scanner: FileScanner): ScannedCitation[];
  /**
   * The content hash of a file whose citations this run took from the cache
   * or stored in it: the hash of what was read, or the stored one its
   * unchanged stat vouches for. Undefined for a file this run has no entry of.
   */
  contentHash(file: string): string | undefined;
  /** Whether nothing was stored: every file will be read, as in an uncached run. */
  readonly empty: boolean;
  /** Takes the stat of a file about to be read without `byStat` (a run that fills an empty cache). */
  statBeforeRead(file: string): void;
  /**
   * Stores what another thread learned of a file it read: the stat it took
   * before the read, vouching for the content only when the file had settled
   * before `since`, a wall-clock time taken before that thread read anything.
   */
  fill(file: string, record: FileRecord, since: number): void;
  save(): void;
}

export interface ScanCacheUse extends CacheUse {
  /** Whether to stat last run's files on a helper thread (a full run): `auto` when there are enough of them. */
  statHelper?: StatHelperMode;
}

// @implements engine#STAT-KEYED-SCAN-CACHE
// @implements engine#NEVER-STALE
export function openScanCache(
  root: string,
  cacheDir: string,
  warn?: (line: string) => void,
  use: ScanCacheUse = {},
): ScanCache {
  const cache = CacheFile.open(cacheDir, 'scan-v6', 'checks/scan', warn, use);
  // Taken before any file is statted or read: whatever changes later is newer than this.
  const startMs = Date.now();
  const stats = new Map<string, StatParts>();
  // Listed files are relative to the root: joined by hand, as path.resolve per file is measurable at 20,000.
  const base = resolve(root) + sep;
  // Last run's files statted on another thread while this one loads the specs and lists the tree.
  const mode = use.statHelper ?? 'off';
  const keys = mode === 'off' ? [] : [...cache.keys()];
  const prefetched = statHelperWanted(mode, keys.length) ? prefetchStats(base, keys) : undefined;
  /** The citations of a stored value, or undefined (the entry rejected, said once) when it is not rows of SCAN_ROW's shape. */
  const decodeText = (file: string, text: string): ScannedCitation[] | undefined => {
    const stored = entryJson(cache, file, text);
    if (stored === undefined) return undefined;
    const rows = stored.value;
    const citations = decodeRows(rows);
    if (citations === undefined) cache.reject(file, rowProblem(file, rows));
    return citations;
  };
  return {
    byStat(file) {
      // A stat taken by the helper is as good as one taken here: after startMs, before any read.
      const helped = prefetched?.take(file);
      let key: string;
      let st: StatParts;
      if (helped !== undefined) {
        ({ key, parts: st } = helped);
        // The helper's stat is this run's look at the file, for a stored whole result too (a stat taken here is recorded as taken).
        noteInputStat(base, file, st, key);
      } else {
        const taken = statSync(base + file, { throwIfNoEntry: false });
        if (taken === undefined) return undefined;
        st = taken;
        key = statKey(st);
      }
      const text = cache.byStat(file, key);
      const citations = text === undefined ? undefined : decodeText(file, text);
      // Kept only for a file that will be read: its stat goes with the hash of what is read.
      if (citations === undefined) stats.set(file, st);
      return citations;
    },
    // @implements engine#HASH-ONLY-WHEN-STAT-CHANGES
    scan(file, text, scanner) {
      // The stat taken before the read, or none: a stat taken after it could vouch for an edit never read.
      const st = stats.get(file);
      const stat = st === undefined ? NO_STAT : settledStat(st, startMs);
      const contentHash = hashText(text);
      const stored = cache.byHash(file, contentHash);
      if (stored !== undefined) {
        const out = decodeText(file, stored);
        if (out?.every((c) => fitsText(c, text))) {
          cache.set(file, stat, contentHash, stored);
          return out;
        }
        if (out !== undefined) cache.reject(file);
      }
      const citations = scanner.scanWhenLoaded(file, text);
      cache.set(file, stat, contentHash, encodeCitations(citations));
      return citations;
    },
    contentHash: (file) => cache.keptHash(file),
    empty: cache.isEmpty(),
    statBeforeRead(file) {
      const st = statSync(base + file, { throwIfNoEntry: false });
      if (st !== undefined) stats.set(file, st);
    },
    // @implements engine#FIRST-RUN-FILLS-THE-CACHE-FROM-BOTH-THREADS
    fill(file, record, since) {
      if (record.stat !== undefined) noteInputStat(base, file, record.stat);
      const stat = record.stat === undefined ? NO_STAT : settledStat(record.stat, Math.min(since, startMs));
      cache.set(file, stat, record.contentHash, record.value);
    },
    save: () => cache.save(),
  };
}

/** What is wrong with an entry's rows, said the way a config error is (the key path and the rule). */
function rowProblem(file: string, rows: unknown): string {
  const wrong = checkShape(rows, shapes.array(SCAN_ROW), `entries[${JSON.stringify(file)}][2]`);
  return wrong ? `${wrong.path} ${wrong.message}` : `the entry for ${file} is damaged`;
}
