/**
 * The gate's content-hash caches in `.factline-cache/` (gitignored): scan
 * results per file and parsed spec documents. An unchanged input is hashed,
 * not re-scanned or re-parsed, so a re-check costs little more than reading
 * the tree. Each cache is also keyed by the sources of the code that filled
 * it, so upgrading factline throws old entries away.
 */
import { createHash, hash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScannedCitation } from '../checks/scan/index.ts';
import { scanFile } from '../checks/scan/index.ts';
import { parseSpec } from '../reader/index.ts';
import type { SpecDocument } from '../reader/model.ts';

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Content hash of a text (sha1, base64): the cache key of files and specs. */
function hashText(text: string): string {
  return hash('sha1', text, 'base64');
}

/**
 * What cached results depend on besides their input: the sources of the
 * code that produced them and the package's dependency pins.
 */
function sourceFingerprint(dir: string): string {
  const h = createHash('sha1');
  try {
    for (const name of readdirSync(dir).sort()) {
      h.update(name)
        .update('\0')
        .update(readFileSync(join(dir, name)))
        .update('\0');
    }
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

/** One JSON file of `key → [content hash, value]`; entries not used this run drop out on save. */
export class ContentCache<V> {
  private dirty = false;
  private readonly kept = new Map<string, [string, V]>();

  private constructor(
    private readonly file: string,
    private readonly fingerprint: string,
    private readonly entries: Map<string, [string, V]>,
  ) {}

  static open<V>(root: string, name: string, producerDir: string): ContentCache<V> {
    const file = join(root, '.factline-cache', `${name}.json`);
    const fingerprint = sourceFingerprint(producerDir);
    let entries = new Map<string, [string, V]>();
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as {
        fingerprint: string;
        entries: Record<string, [string, V]>;
      };
      if (raw.fingerprint === fingerprint) entries = new Map(Object.entries(raw.entries));
    } catch {
      // No cache yet, or a corrupt one: start empty.
    }
    return new ContentCache(file, fingerprint, entries);
  }

  /** The value stored for `key` when its content hash is still `contentHash`. */
  get(key: string, contentHash: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined || hit[0] !== contentHash) return undefined;
    this.kept.set(key, hit);
    return hit[1];
  }

  set(key: string, contentHash: string, value: V): void {
    this.kept.set(key, [contentHash, value]);
    this.dirty = true;
  }

  /** Atomic write (temp + rename); a cache that cannot be written only costs speed. */
  save(): void {
    if (!this.dirty && this.kept.size === this.entries.size) return;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(
        temp,
        JSON.stringify({ fingerprint: this.fingerprint, entries: Object.fromEntries(this.kept) }),
      );
      renameSync(temp, this.file);
    } catch {}
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

export type ScanCache = ContentCache<Row[]>;

export function openScanCache(root: string): ScanCache {
  return ContentCache.open<Row[]>(root, 'scan-v3', join(PACKAGE_ROOT, 'checks', 'scan'));
}

/** `scanFile`, answered from the cache when the file's text is unchanged. */
export function cachedScan(cache: ScanCache, file: string, text: string): ScannedCitation[] {
  const contentHash = hashText(text);
  const rows = cache.get(file, contentHash);
  if (rows !== undefined) {
    const out: ScannedCitation[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = decodeCitation(rows[i]!);
    return out;
  }
  const citations = scanFile(file, text);
  cache.set(file, contentHash, citations.map(encodeCitation));
  return citations;
}

export type SpecCache = ContentCache<{ doc: string; document: SpecDocument }>;

export function openSpecCache(root: string): SpecCache {
  return ContentCache.open(root, 'specs-v2', join(PACKAGE_ROOT, 'generator', 'spec'));
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
