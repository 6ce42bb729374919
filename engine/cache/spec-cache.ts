/**
 * The spec cache in the project's cache folder (engine/cache/location.ts): parsed spec documents keyed by
 * content (their text is read anyway), so the Markdown parser loads only
 * when a spec must be parsed.
 */

import type { SpecDocument } from '../../reader/model.ts';
import { checkShape, fitsShape } from '../config/shape.ts';
import { readSpecDocument } from '../read-spec.ts';
import type { SpecParser } from '../specs.ts';
import { CacheFile, entryJson, NO_STAT } from './cache-file.ts';
import { hashText } from './citation-rows.ts';
import { SPEC_ENTRY } from './entry-shapes.ts';

/** The spec cache: parsed documents by file, each stored as the JSON of `{doc, document}`. */
export type SpecCache = CacheFile;

export function openSpecCache(cacheDir: string, warn?: (line: string) => void): SpecCache {
  return CacheFile.open(cacheDir, 'specs-v5', 'reader', warn);
}

/** A stored spec entry, or undefined (the entry rejected, said once) when it is not of SPEC_ENTRY's shape. */
function specEntry(cache: SpecCache, file: string, text: string): SpecEntry | undefined {
  const stored = entryJson(cache, file, text);
  if (stored === undefined) return undefined;
  const value = stored.value;
  // @implements engine#CHEAP-VALIDATION
  if (fitsShape(value, SPEC_ENTRY)) return value as SpecEntry;
  const wrong = checkShape(value, SPEC_ENTRY, `entries[${JSON.stringify(file)}][2]`);
  cache.reject(file, wrong ? `${wrong.path} ${wrong.message}` : `the entry for ${file} is damaged`);
  return undefined;
}

interface SpecEntry {
  doc: string;
  document: SpecDocument;
}

/**
 * A parser that reads an unchanged spec (same text, file and doc name) back
 * from the cache, and loads the Markdown parser only for one it must parse.
 */
// @implements reader#SPECS-WITHOUT-REMARK
export function cachedParser(cache: SpecCache): SpecParser {
  return async (source, options) => {
    const contentHash = hashText(source);
    const stored = cache.byHash(options.file, contentHash);
    const hit = stored === undefined ? undefined : specEntry(cache, options.file, stored);
    if (hit !== undefined && hit.doc === options.doc) {
      // Spec entries carry no stat: the same hash is the same line, kept as stored.
      cache.keep(options.file);
      return hit.document;
    }
    const document = await readSpecDocument(source, options);
    cache.set(options.file, NO_STAT, contentHash, JSON.stringify({ doc: options.doc, document }));
    return document;
  };
}
