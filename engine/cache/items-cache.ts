/**
 * The Rust items cache in the project's cache folder (engine/cache/location.ts):
 * each gated Rust file's public surface and macro-body lines, as the vibevm
 * gates read them (checks/scan/rust-items.ts), keyed by the file and the
 * content hash the scan cache holds for it this run. So a warm run takes a
 * file's items without reading it: its stat vouched for the scan cache's
 * entry, and that entry's hash picks this one. No stat is stored here, so
 * nothing but a digest of the content selects an entry. A gated file no scan
 * reads (the scan's config leaves it out) is answered as the scan cache
 * answers a file: by its settled stat, else by the hash of what is read.
 */
import type { ModuleSurface, PublicItemKind, RustItems } from '../../checks/scan/rust-items.ts';
import { fitsShape, shapes } from '../config/shape.ts';
import { CacheFile, entryJson } from './cache-file.ts';

const line = shapes.integer(1);
/** `{m: [[symbol, parent, [[symbol, kind, line]…]]…], i: [line…], b: [line…]}`: the module tree flattened, parents first. */
const ITEMS_ENTRY = shapes.object({
  m: shapes.array(
    shapes.tuple([
      // A file no crate gates is stored for its macro-body lines alone, its module unnamed.
      shapes.string(),
      shapes.integer(-1),
      shapes.array(
        shapes.tuple([shapes.string(true), shapes.literal('fn', 'struct', 'enum', 'trait', 'type'), line]),
      ),
    ]),
  ),
  i: shapes.array(line),
  // Absent when the file's macro-body lines were not read (it cited nothing).
  b: shapes.optional(shapes.array(line)),
});

type FlatModule = [symbol: string, parent: number, items: [string, PublicItemKind, number][]];

function encode(items: RustItems): string {
  const m: FlatModule[] = [];
  const visit = (mod: ModuleSurface, parent: number) => {
    const at = m.length;
    m.push([mod.symbol, parent, mod.items.map((it) => [it.symbol, it.kind, it.line])]);
    for (const sub of mod.modules) visit(sub, at);
  };
  visit(items.surface, -1);
  const b = items.macroBodyLines === undefined ? {} : { b: [...items.macroBodyLines] };
  return JSON.stringify({ m, i: [...items.implAttributeLines], ...b });
}

/** The items of a stored value, or undefined when it is not of ITEMS_ENTRY's shape or not of module `module`. */
function decode(value: unknown, module: string): RustItems | undefined {
  // @implements engine#CHEAP-VALIDATION
  if (!fitsShape(value, ITEMS_ENTRY)) return undefined;
  const { m, i, b } = value as { m: FlatModule[]; i: number[]; b?: number[] };
  if (m.length === 0 || m[0]![0] !== module || m[0]![1] !== -1) return undefined;
  const modules: ModuleSurface[] = [];
  for (const [symbol, parent, items] of m) {
    const mod: ModuleSurface = {
      symbol,
      items: items.map(([s, kind, l]) => ({ symbol: s, kind, line: l })),
      modules: [],
    };
    if (modules.length > 0) {
      // Parents come first: a later or missing parent is a damaged entry.
      if (parent < 0 || parent >= modules.length) return undefined;
      modules[parent]!.modules.push(mod);
    }
    modules.push(mod);
  }
  return {
    surface: modules[0]!,
    implAttributeLines: new Set(i),
    macroBodyLines: b === undefined ? undefined : new Set(b),
  };
}

export interface ItemsCache {
  /** The items stored for `file` under `contentHash` when they are of module `module`; kept for the next run. */
  byHash(file: string, contentHash: string, module: string): RustItems | undefined;
  /**
   * The items of a file no scan read this run, when its stat (engine/cache/scan-cache.ts
   * settledStat: size, times, inode, settled before the run) is the one stored with them.
   */
  byStat(file: string, stat: string, module: string): RustItems | undefined;
  /** Stores a file's items under the hash of the text they were read from, and a settled stat taken before that read (or NO_STAT). */
  set(file: string, stat: string, contentHash: string, items: RustItems): void;
  save(): void;
}

// @implements vibevm#ITEMS-CACHED-BY-CONTENT
export function openItemsCache(cacheDir: string, warn?: (line: string) => void): ItemsCache {
  // Keyed by the scanner's code: rust-items.ts and the tokenizer it reads live in checks/scan.
  const cache = CacheFile.open(cacheDir, 'rust-items-v1', 'checks/scan', warn);
  const decoded = (file: string, text: string, module: string): RustItems | undefined => {
    const stored = entryJson(cache, file, text);
    if (stored === undefined) return undefined;
    const items = decode(stored.value, module);
    if (items === undefined) cache.reject(file);
    return items;
  };
  return {
    byHash(file, contentHash, module) {
      const text = cache.byHash(file, contentHash);
      const items = text === undefined ? undefined : decoded(file, text, module);
      if (items !== undefined) cache.keep(file);
      return items;
    },
    byStat(file, stat, module) {
      const text = cache.byStat(file, stat);
      return text === undefined ? undefined : decoded(file, text, module);
    },
    set: (file, stat, contentHash, items) => cache.set(file, stat, contentHash, encode(items)),
    save: () => cache.save(),
  };
}
