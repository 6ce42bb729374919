/**
 * How a chunk of scan results crosses from the scan worker to the main
 * thread: not as cloned objects (both threads would spell every property of
 * every citation, the main thread in one burst right before the trace) but
 * as one string table and one Int32Array of fixed-width rows, from which the
 * main thread rebuilds citations that all share one shape. Strings that
 * repeat within a chunk (verbs, documents, symbols, reasons) are in the table
 * once each; ids, references, pins and test names are added as they come.
 */
import { isNotRun, type ScannedCitation } from '../../checks/scan/types.ts';

/** The packed form of one chunk: what the worker posts. */
export interface PackedChunk {
  /** Per file: its number of citations, or -1 when it vanished. */
  counts: Int32Array;
  strings: string[];
  /** ROW integers per citation: string fields as table indexes (-1 absent), numbers as they are. */
  rows: Int32Array;
  /** The `covers` lists of `scope` markers, by the index a row names. */
  covers: string[][];
  /** Per file, when the run fills the scan cache: what its entry needs (engine/parallel/pool.ts FileRecord). */
  records?: FileRecords;
}

/**
 * What a cached run stores for the files of a chunk, made by the thread that
 * read them: per file the stat taken before the read (size, mtime, ctime,
 * inode, mode, device: STAT_FIELDS numbers, NaN when there was none), the
 * content hash, and the entry's value text ('' for a file that vanished).
 */
export const STAT_FIELDS = 6;

export interface FileRecords {
  stats: Float64Array;
  hashes: string[];
  values: string[];
}

// A row's columns. The string fields come first, as indexes into the chunk's table (-1: absent).
const VERB = 0;
const REF = 1;
const ID = 2;
const DOC = 3;
const PIN = 4;
const URI = 5;
const REASON = 6;
const MALFORMED = 7;
const SYMBOL = 8;
const TEST_NAME = 9;
const OFFSET = 10;
const LINE = 11;
const COLUMN = 12;
/** -1 absent, 0 false, 1 true. */
const IN_TEST = 13;
/** -1 absent, else an index into `covers`. */
const COVERS = 14;
/** -1 absent, else an index into the strings (test-runs.ts's NotRun). */
const NOT_RUN = 15;
const ROW = 16;

// @implements engine#COMPACT-TRANSFER
export function packChunk(found: readonly (ScannedCitation[] | null)[], records?: FileRecords): PackedChunk {
  const counts = new Int32Array(found.length);
  let total = 0;
  for (let f = 0; f < found.length; f++) {
    const list = found[f];
    counts[f] = list === null || list === undefined ? -1 : list.length;
    total += list?.length ?? 0;
  }
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const intern = (value: string | undefined): number => {
    if (value === undefined) return -1;
    let at = indexOf.get(value);
    if (at === undefined) {
      at = strings.length;
      strings.push(value);
      indexOf.set(value, at);
    }
    return at;
  };
  // Fields that rarely repeat within a chunk (a fact is cited in few of its 64 files) are added as
  // they come: looking each one up cost the worker more than sending the odd repeat twice.
  const add = (value: string | undefined): number => (value === undefined ? -1 : strings.push(value) - 1);
  const rows = new Int32Array(total * ROW);
  const covers: string[][] = [];
  let r = 0;
  for (const list of found) {
    if (!list) continue;
    for (const cite of list) {
      // Named reads (a keyed read per field costs more).
      rows[r + VERB] = intern(cite.verb);
      rows[r + REF] = add(cite.ref);
      rows[r + ID] = add(cite.id);
      rows[r + DOC] = intern(cite.doc);
      rows[r + PIN] = add(cite.pin);
      rows[r + URI] = intern(cite.uri);
      rows[r + REASON] = intern(cite.reason);
      rows[r + MALFORMED] = intern(cite.malformed);
      rows[r + SYMBOL] = intern(cite.symbol);
      rows[r + TEST_NAME] = add(cite.testName);
      rows[r + OFFSET] = cite.offset;
      rows[r + LINE] = cite.line;
      rows[r + COLUMN] = cite.column;
      rows[r + IN_TEST] = cite.inTest === undefined ? -1 : cite.inTest ? 1 : 0;
      if (cite.covers === undefined) rows[r + COVERS] = -1;
      else {
        rows[r + COVERS] = covers.length;
        covers.push(cite.covers);
      }
      rows[r + NOT_RUN] = intern(cite.notRun);
      r += ROW;
    }
  }
  return records ? { counts, strings, rows, covers, records } : { counts, strings, rows, covers };
}

/** The chunk's scan results again: per file its citations, or null when it vanished. */
export function unpackChunk(chunk: PackedChunk): (ScannedCitation[] | null)[] {
  const { counts, strings, rows, covers } = chunk;
  const out: (ScannedCitation[] | null)[] = [];
  let r = 0;
  const text = (at: number): string | undefined => (at < 0 ? undefined : strings[at]);
  for (const count of counts) {
    if (count < 0) {
      out.push(null);
      continue;
    }
    const list: ScannedCitation[] = [];
    for (let c = 0; c < count; c++, r += ROW) {
      const cite: ScannedCitation = {
        verb: strings[rows[r + VERB]!] as ScannedCitation['verb'],
        ref: strings[rows[r + REF]!]!,
        id: strings[rows[r + ID]!]!,
        offset: rows[r + OFFSET]!,
        line: rows[r + LINE]!,
        column: rows[r + COLUMN]!,
      };
      // Only the fields the scanner set.
      const doc = text(rows[r + DOC]!);
      if (doc !== undefined) cite.doc = doc;
      const pin = text(rows[r + PIN]!);
      if (pin !== undefined) cite.pin = pin;
      const uri = text(rows[r + URI]!);
      if (uri !== undefined) cite.uri = uri;
      const reason = text(rows[r + REASON]!);
      if (reason !== undefined) cite.reason = reason;
      const malformed = text(rows[r + MALFORMED]!);
      if (malformed !== undefined) cite.malformed = malformed;
      const symbol = text(rows[r + SYMBOL]!);
      if (symbol !== undefined) cite.symbol = symbol;
      const testName = text(rows[r + TEST_NAME]!);
      if (testName !== undefined) cite.testName = testName;
      const inTest = rows[r + IN_TEST]!;
      if (inTest >= 0) cite.inTest = inTest === 1;
      const cover = rows[r + COVERS]!;
      if (cover >= 0) cite.covers = covers[cover]!;
      const notRun = text(rows[r + NOT_RUN]!);
      if (isNotRun(notRun)) cite.notRun = notRun;
      list.push(cite);
    }
    out.push(list);
  }
  return out;
}
