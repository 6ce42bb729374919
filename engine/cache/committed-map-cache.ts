/**
 * The committed `specmap.json` as the freshness gate reads it (its units'
 * uri, file, line and revision, its edges' file, line, verb, address and
 * pin), kept in the project's cache folder (engine/cache/location.ts): the
 * map is megabytes of JSON, most of it fields the gate never reads, and a
 * warm run would parse all of it to compare a few. The entry is keyed as the
 * scan cache keys a file (engine/cache/scan-cache.ts): its settled stat,
 * else the hash of what is read, so an edited map is always read again.
 */
import type { CommittedMap } from '../../checks/profiles/vibevm-gates.ts';
import { fitsShape, shapes } from '../config/shape.ts';
import { CacheFile, entryJson } from './cache-file.ts';

const text = shapes.string();
const line = shapes.integer();
const revision = shapes.optional(shapes.integer());
/** The shape the gate's reading of a map usually has; a map read otherwise is judged as read, and not kept. */
const MAP_ENTRY = shapes.object({
  units: shapes.array(shapes.object({ uri: text, file: text, line, revision })),
  edges: shapes.array(
    shapes.object({ file: text, line, verb: text, uri: text, pinned_r: shapes.optional(shapes.integer()) }),
  ),
});

export interface CommittedMapCache {
  /** The map stored for `file` when its stat is still `stat` (never for NO_STAT). */
  byStat(file: string, stat: string): CommittedMap | undefined;
  /** The map stored for `file` when the hash of its text is still `contentHash`; `set` it to keep it under the new stat. */
  byHash(file: string, contentHash: string): CommittedMap | undefined;
  /** Keeps the gate's reading of a map under a settled stat taken before the read and its text's hash. */
  set(file: string, stat: string, contentHash: string, map: CommittedMap): void;
  save(): void;
}

// @implements vibevm#COMMITTED-MAP-CACHED
export function openCommittedMapCache(cacheDir: string, warn?: (line: string) => void): CommittedMapCache {
  // Keyed by the code that reads the map (engine/gate/vibevm-gates.ts committedMap).
  const cache = CacheFile.open(cacheDir, 'specmap-v1', 'engine/gate', warn);
  const decoded = (file: string, stored: string | undefined): CommittedMap | undefined => {
    if (stored === undefined) return undefined;
    const value = entryJson(cache, file, stored)?.value;
    if (value === undefined) return undefined;
    // @implements engine#CHEAP-VALIDATION
    if (!fitsShape(value, MAP_ENTRY)) {
      cache.reject(file);
      return undefined;
    }
    return { file, ...(value as Omit<CommittedMap, 'file'>) };
  };
  return {
    byStat: (file, stat) => decoded(file, cache.byStat(file, stat)),
    byHash: (file, contentHash) => decoded(file, cache.byHash(file, contentHash)),
    set(file, stat, contentHash, map) {
      const value = { units: map.units, edges: map.edges };
      if (fitsShape(value, MAP_ENTRY)) cache.set(file, stat, contentHash, JSON.stringify(value));
    },
    save: () => cache.save(),
  };
}
