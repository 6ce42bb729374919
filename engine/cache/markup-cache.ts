/**
 * The report's rendered spec markup in the project's cache folder
 * (engine/cache/location.ts), one entry per spec file: the markup of its
 * last rendering and the digest of what it was rendered from
 * (checks/reporters/html.ts `markupDigest`). The file is keyed by the
 * reporters' code, as the other caches are by theirs; the few things the
 * markup also depends on outside checks/reporters (the reader's heading
 * slugs, the Markdown packages' pins, factline's version) enter each entry's
 * hash, so any of them changing renders the documents again.
 */
import { hash } from 'node:crypto';
import { join } from 'node:path';
import type { SpecMarkupStore } from '../../checks/reporters/html.ts';
import { packageRoot } from '../package-root.ts';
import { factlineVersion } from '../version.ts';
import { CacheFile, codeFingerprint, NO_STAT } from './cache-file.ts';

export interface MarkupCache extends SpecMarkupStore {
  /** Writes what this run rendered (atomically; only when something changed). */
  save(): void;
}

// @implements report#REPORT-MARKUP-KEPT-BY-DIGEST
export function openMarkupCache(cacheDir: string, warn?: (line: string) => void): MarkupCache {
  const file = CacheFile.open(cacheDir, 'markup-v1', join('checks', 'reporters'), warn);
  // `slugOf` (reader/text.ts) names the page's sections: a reader edit is a rendering edit too.
  const context = `${factlineVersion()}\0${codeFingerprint(join(packageRoot(), 'reader'))}`;
  const entryHash = (digest: string) => hash('sha1', `${context}\0${digest}`, 'base64');
  return {
    lookup(specFile, digest) {
      const html = file.byHash(specFile, entryHash(digest));
      if (html === undefined) return undefined;
      file.keep(specFile);
      // Stored as a JSON string: markup holds newlines, and an entry is one line.
      try {
        const value: unknown = JSON.parse(html);
        if (typeof value === 'string') return value;
      } catch {
        // Falls through to the rejection below.
      }
      file.reject(specFile, `the markup stored for ${specFile} is not a JSON string`);
      return undefined;
    },
    store(specFile, digest, html) {
      file.set(specFile, NO_STAT, entryHash(digest), JSON.stringify(html));
    },
    save: () => file.save(),
  };
}
