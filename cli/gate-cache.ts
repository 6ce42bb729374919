/**
 * The gate's content-hash caches in `.factline-cache/` (gitignored): scan
 * results per file and parsed spec documents. An unchanged input is hashed,
 * not re-scanned or re-parsed, so a re-check costs little more than reading
 * the tree. Each cache is also keyed by the sources of the code that filled
 * it, so upgrading factline throws old entries away.
 */
import { createHash, hash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanFileWhenLoaded } from '../checks/scan/dispatch.ts';
import type { ScannedCitation } from '../checks/scan/types.ts';
import { parseSpec } from '../reader/index.ts';
import type { SpecDocument } from '../reader/model.ts';
import { SCAN_ROW, SPEC_ENTRY } from './cache-shapes.ts';
import { checkShape, S, type Shape } from './shape.ts';

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Content hash of a text (sha1, base64): the cache key of files and specs. */
function hashText(text: string): string {
  return hash('sha1', text, 'base64');
}

/**
 * What cached results depend on besides their input: the sources of the
 * code that produced them (every file beneath `dir`) and the package's
 * dependency pins.
 */
function sourceFingerprint(dir: string): string {
  const h = createHash('sha1');
  const visit = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(d, entry.name);
      h.update(entry.name).update('\0');
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) h.update(readFileSync(path)).update('\0');
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

/** Bumped whenever the file layout below changes. */
const CACHE_FORMAT = 4;

/**
 * The file is one header line, `factline-cache FORMAT NAME SHA256`, and a
 * JSON body `{fingerprint, entries}` whose sha256 (base64) the header
 * carries, so a damaged byte anywhere is caught before anything is decoded.
 */
function encodeFile(name: string, body: string): string {
  return `factline-cache ${CACHE_FORMAT} ${name} ${hash('sha256', body, 'base64')}\n${body}`;
}

/** The body of a cache file, or why it cannot be trusted. */
function decodeFile(name: string, raw: string): { body: unknown } | { problem: string } {
  const newline = raw.indexOf('\n');
  const header = (newline === -1 ? raw : raw.slice(0, newline)).split(' ');
  if (header.length !== 4 || header[0] !== 'factline-cache') return { problem: 'no cache header' };
  if (header[1] !== String(CACHE_FORMAT) || header[2] !== name) return { problem: 'another cache format' };
  const body = raw.slice(newline + 1);
  if (hash('sha256', body, 'base64') !== header[3]) return { problem: 'checksum mismatch' };
  try {
    return { body: JSON.parse(body) };
  } catch {
    return { problem: 'not JSON' };
  }
}

/**
 * One cache file of `key → [content hash, value]`; entries not used this run
 * drop out on save. Nothing read is trusted blindly: a file that fails its
 * checksum or whose entries do not have the expected shape is discarded
 * whole, said once on stderr, and rebuilt by this run.
 */
// @implements trust#CACHE-NEVER-TRUSTED-BLINDLY
export class ContentCache<V> {
  private dirty = false;
  private warned = false;
  private readonly kept = new Map<string, [string, V]>();

  private constructor(
    private readonly file: string,
    private readonly name: string,
    private readonly fingerprint: string,
    private readonly entries: Map<string, [string, V]>,
    private readonly warn: (line: string) => void,
  ) {}

  static open<V>(
    root: string,
    name: string,
    producerDir: string,
    valueShape: Shape,
    warn: (line: string) => void = () => {},
  ): ContentCache<V> {
    const file = join(root, '.factline-cache', `${name}.json`);
    const fingerprint = sourceFingerprint(producerDir);
    const empty = () => new ContentCache<V>(file, name, fingerprint, new Map(), warn);
    let raw: string;
    try {
      raw = readFileSync(file, 'utf8');
    } catch {
      return empty(); // No cache yet (or unreadable): start empty; saving may still work.
    }
    const discard = (why: string) => {
      warn(`factline: discarding the cache .factline-cache/${name}.json (${why}); rebuilding it\n`);
      rmSync(file, { force: true });
      const cache = empty();
      cache.dirty = true;
      cache.warned = true;
      return cache;
    };
    const decoded = decodeFile(name, raw);
    if ('problem' in decoded) return discard(decoded.problem);
    const problem = checkShape(
      decoded.body,
      S.object({ fingerprint: S.string(), entries: S.record(S.any()) }),
    );
    if (problem) return discard(`\`${problem.path}\` ${problem.message}`);
    const body = decoded.body as { fingerprint: string; entries: Record<string, unknown> };
    // Another build's cache is expected after an upgrade: replaced without a word.
    if (body.fingerprint !== fingerprint) return empty();
    const entryShape = S.tuple([S.string(true), valueShape]);
    for (const [key, entry] of Object.entries(body.entries)) {
      const wrong = checkShape(entry, entryShape, `entries[${JSON.stringify(key)}]`);
      if (wrong) return discard(`${wrong.path} ${wrong.message}`);
    }
    return new ContentCache(
      file,
      name,
      fingerprint,
      new Map(Object.entries(body.entries) as [string, [string, V]][]),
      warn,
    );
  }

  /** The value stored for `key` when its content hash is still `contentHash`. */
  get(key: string, contentHash: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined || hit[0] !== contentHash) return undefined;
    this.kept.set(key, hit);
    return hit[1];
  }

  /** An entry that passed the file checks but not a closer look: dropped, said once, rebuilt. */
  reject(key: string): void {
    if (!this.warned)
      this.warn(
        `factline: discarding the cache .factline-cache/${this.name}.json (the entry for ${key} does not match the file); rebuilding it\n`,
      );
    this.warned = true;
    this.kept.delete(key);
    this.dirty = true;
  }

  set(key: string, contentHash: string, value: V): void {
    this.kept.set(key, [contentHash, value]);
    this.dirty = true;
  }

  /** Atomic write (temp + rename); a cache that cannot be written only costs speed. */
  save(): void {
    if (!this.dirty && this.kept.size === this.entries.size) return;
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      const body = JSON.stringify({ fingerprint: this.fingerprint, entries: Object.fromEntries(this.kept) });
      writeFileSync(temp, encodeFile(this.name, body));
      renameSync(temp, this.file);
    } catch {
      rmSync(temp, { force: true });
    }
  }
}

/**
 * One citation as a JSON row: [verb, ref, id, doc, pin, offset, line,
 * column, symbol, testName, reason, malformed, uri, inTest (1), covers], 0
 * for an absent field (and
 * for a ref that is just doc#id~pin), trailing zeros dropped. Keys repeated
 * 100,000 times made the file as large as the tree it describes, and its
 * parse the largest part of a warm check.
 */
type Row = (string | number)[];

const VERBS: ScannedCitation['verb'][] = ['implements', 'verifies', 'deviates', 'scope'];

function plainRef(c: ScannedCitation): string {
  const doc = c.doc === undefined ? '' : `${c.doc}#`;
  return c.pin === undefined ? `${doc}${c.id}` : `${doc}${c.id}~${c.pin}`;
}

function encodeCitation(c: ScannedCitation): Row {
  const row: Row = [
    VERBS.indexOf(c.verb),
    c.ref === plainRef(c) ? 0 : c.ref,
    c.id,
    c.doc ?? 0,
    c.pin ?? 0,
    c.offset,
    c.line,
    c.column,
    c.symbol ?? 0,
    c.testName ?? 0,
    c.reason ?? 0,
    c.malformed ?? 0,
    c.uri ?? 0,
    c.inTest ? 1 : 0,
    c.covers ? c.covers.join('\n') : 0,
  ];
  while (row[row.length - 1] === 0) row.pop();
  return row;
}

function decodeCitation(row: Row): ScannedCitation {
  const field = (i: number): string | undefined => {
    const v = row[i];
    return typeof v === 'string' ? v : undefined;
  };
  const cite: ScannedCitation = {
    verb: VERBS[row[0] as number]!,
    ref: '',
    id: row[2] as string,
    offset: row[5] as number,
    line: row[6] as number,
    column: row[7] as number,
  };
  const doc = field(3);
  const pin = field(4);
  const symbol = field(8);
  const testName = field(9);
  const reason = field(10);
  const malformed = field(11);
  if (doc !== undefined) cite.doc = doc;
  if (pin !== undefined) cite.pin = pin;
  if (reason !== undefined) cite.reason = reason;
  if (malformed !== undefined) cite.malformed = malformed;
  if (symbol !== undefined) cite.symbol = symbol;
  if (testName !== undefined) cite.testName = testName;
  const uri = field(12);
  const covers = field(14);
  if (uri !== undefined) cite.uri = uri;
  if (row[13] === 1) cite.inTest = true;
  if (covers !== undefined) cite.covers = covers === '' ? [] : covers.split('\n');
  cite.ref = typeof row[1] === 'string' ? row[1] : plainRef(cite);
  return cite;
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

export type ScanCache = ContentCache<Row[]>;

export function openScanCache(root: string, warn?: (line: string) => void): ScanCache {
  return ContentCache.open<Row[]>(
    root,
    'scan-v4',
    join(PACKAGE_ROOT, 'checks', 'scan'),
    S.array(SCAN_ROW),
    warn,
  );
}

/** `scanFile`, answered from the cache when the file's text is unchanged. */
export function cachedScan(cache: ScanCache, file: string, text: string): ScannedCitation[] {
  const contentHash = hashText(text);
  const rows = cache.get(file, contentHash);
  if (rows !== undefined) {
    const out: ScannedCitation[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = decodeCitation(rows[i]!);
    if (out.every((c) => fitsText(c, text))) return out;
    cache.reject(file);
  }
  const citations = scanFileWhenLoaded(file, text);
  cache.set(file, contentHash, citations.map(encodeCitation));
  return citations;
}

export type SpecCache = ContentCache<{ doc: string; document: SpecDocument }>;

export function openSpecCache(root: string, warn?: (line: string) => void): SpecCache {
  return ContentCache.open(root, 'specs-v3', join(PACKAGE_ROOT, 'reader'), SPEC_ENTRY, warn);
}

/** A drop-in for `parseSpec` that reads an unchanged spec (same text, file and doc name) back from the cache. */
export function cachedParser(cache: SpecCache): typeof parseSpec {
  return (source, options) => {
    const contentHash = hashText(source);
    const hit = cache.get(options.file, contentHash);
    if (hit !== undefined && hit.doc === options.doc) return hit.document;
    const document = parseSpec(source, options);
    cache.set(options.file, contentHash, { doc: options.doc, document });
    return document;
  };
}
