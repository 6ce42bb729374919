/**
 * What vibevm's ratchet and freshness gates read, taken off the disk for the
 * pure judges in checks/profiles/vibevm-gates.ts: each gated crate's Rust
 * files under `src/` with their public surface (vibevm's ratchet walks the
 * same: the crates its `scan_roots` name, less `exempt`, less `/generated/`),
 * the committed `specmap.json`, and the macro-body lines of a Rust file.
 */
import { type Dirent, readdirSync, readFileSync, realpathSync, type Stats, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CommittedMap, GatedFile, VibevmGateData } from '../../checks/profiles/vibevm-gates.ts';
import { jsonErrorPlace } from '../../checks/results/broken-input.ts';
import type { RustListener } from '../../checks/scan/dispatch.ts';
import {
  heardItems,
  macroBodyLines,
  macroItems,
  type RustItems,
  rustItems,
} from '../../checks/scan/rust-items.ts';
import { NO_STAT, statKey } from '../cache/cache-file.ts';
import { hashText } from '../cache/citation-rows.ts';
import { type CommittedMapCache, openCommittedMapCache } from '../cache/committed-map-cache.ts';
import { openItemsCache } from '../cache/items-cache.ts';
import { settledStat } from '../cache/scan-cache.ts';
import type { FactlineConfig } from '../config/model.ts';
import { checkShape, type Shape, shapes } from '../config/shape.ts';
import { UsageError } from '../errors.ts';
import { noSuchPath } from '../files/no-such-path.ts';
import { readGateFile } from '../files/read.ts';

/**
 * vibevm's module path of a crate file (its rscan `module_path`): the crate
 * name with `_` for `-`, then the directories under `src/`, then the file
 * stem unless it is `lib`, `main` or `mod`.
 */
export function vibevmModulePath(crate: string, inCrate: string): string {
  const parts = inCrate.split('/').slice(1);
  const last = parts.pop()!.replace(/\.rs$/, '');
  return [crate.replace(/-/g, '_'), ...parts, ...(['lib', 'main', 'mod'].includes(last) ? [] : [last])].join(
    '::',
  );
}

/** The crate directories a `scan_roots` entry names: `dir/*` each subdirectory of dir, any other entry itself. */
function crateDirs(root: string, scanRoots: readonly string[]): string[] {
  const out: string[] = [];
  for (const entry of scanRoots) {
    if (entry.endsWith('/*')) {
      const parent = entry.slice(0, -2);
      let entries: Dirent[];
      try {
        entries = readdirSync(resolve(root, parent), { withFileTypes: true });
      } catch (error) {
        // No such folder: no crates there. One that cannot be listed would leave its crates ungated unseen.
        // @implements engine#UNREADABLE-FILES-ARE-NOT-SILENT
        if (noSuchPath(error)) continue;
        throw new UsageError(
          `cannot list ${parent} (a scan_roots entry): ${(error as Error).message}; make it readable, or change scan_roots`,
        );
      }
      for (const d of entries) if (d.isDirectory()) out.push(`${parent}/${d.name}`);
    } else out.push(entry);
  }
  return out.sort();
}

/**
 * What the freshness gate reads of vibevm's specmap.json: objects are open
 * (vibevm writes more fields than the gate compares), the fields it compares
 * must be there and of their type.
 */
const COMMITTED_MAP: Shape = shapes.object(
  {
    spec_units: shapes.optional(
      shapes.array(
        shapes.object(
          {
            uri: shapes.string(),
            file: shapes.string(),
            line: shapes.integer(),
            revision: shapes.optional(shapes.integer()),
          },
          false,
        ),
      ),
    ),
    edges: shapes.optional(
      shapes.array(
        shapes.object(
          {
            file: shapes.string(),
            line: shapes.integer(),
            verb: shapes.string(),
            uri: shapes.string(),
            pinned_r: shapes.optional(shapes.integer()),
          },
          false,
        ),
      ),
    ),
  },
  false,
);

const REWRITE_MAP = "write it again with vibevm's specmap engine (`cargo xtask specmap`)";

/**
 * The committed map of specmap.json's text. A map the gate cannot read
 * (not JSON, or not the shape vibevm writes) stops the run, naming the
 * place: taken as no map, the freshness gate would only warn, and a tree
 * whose map vibevm's own `--check` rejects would pass.
 */
// @implements vibevm#MAP-UNREADABLE-STOPS
function readCommittedMap(text: string): CommittedMap {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `specmap.json:${jsonErrorPlace(text)}: not valid JSON: ${(error as Error).message}; ${REWRITE_MAP}`,
    );
  }
  const wrong = checkShape(parsed, COMMITTED_MAP, 'specmap.json');
  if (wrong !== undefined)
    throw new UsageError(
      `${wrong.path} ${wrong.message}; the map is not the shape vibevm writes: ${REWRITE_MAP}`,
    );
  const raw = parsed as {
    spec_units?: CommittedMap['units'];
    edges?: CommittedMap['edges'];
  };
  return {
    file: 'specmap.json',
    units: (raw.spec_units ?? []).map((u) => ({
      uri: u.uri,
      file: u.file,
      line: u.line,
      ...(u.revision === undefined ? {} : { revision: u.revision }),
    })),
    edges: (raw.edges ?? []).map((e) => ({
      file: e.file,
      line: e.line,
      verb: e.verb,
      uri: e.uri,
      ...(e.pinned_r === undefined ? {} : { pinned_r: e.pinned_r }),
    })),
  };
}

/**
 * The committed map: from the cache when its settled stat, or the hash of
 * its text, is the one stored (engine/cache/committed-map-cache.ts), else
 * parsed; undefined when the tree has none, and a UsageError when it has one
 * the gate cannot read.
 */
function committedMap(
  root: string,
  cache: CommittedMapCache | undefined,
  startMs: number,
): CommittedMap | undefined {
  const FILE = 'specmap.json';
  const path = join(root, FILE);
  // The stat before the read: one taken after it could vouch for an edit never read.
  const st = cache && statSync(path, { throwIfNoEntry: false });
  const byStat = st === undefined ? undefined : cache?.byStat(FILE, statKey(st));
  if (byStat !== undefined) return byStat;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    // No map committed: the gate says so and judges the rest. One that is there but cannot be read is not "none".
    // @implements vibevm#MAP-UNREADABLE-STOPS
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(
      `cannot read ${FILE}: ${(error as Error).message}; make it a readable file, or ${REWRITE_MAP}`,
    );
  }
  if (cache === undefined) return readCommittedMap(text);
  const contentHash = hashText(text);
  const map = cache.byHash(FILE, contentHash) ?? readCommittedMap(text);
  cache.set(FILE, st === undefined ? NO_STAT : settledStat(st, startMs), contentHash, map);
  return map;
}

/** A gated file and its vibevm module path. */
interface Gated {
  crate: string;
  file: string;
  module: string;
}

/**
 * The `.rs` files under `absolute` (`src/**\/*.rs` as a glob reads it: no
 * name starting with a dot, symbolic links followed, a link back to a folder
 * being walked left alone), each as `under/…`, in no particular order. One
 * readdir per folder: a glob per crate cost a cold vibevm run some 20 ms of
 * matching and set-up for a listing of a few hundred files.
 */
// @implements vibevm#GATED-FILES-ONE-WALK
export function rustFilesUnder(
  absolute: string,
  under: string,
  out: string[] = [],
  walking: string[] = [],
): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(absolute, { withFileTypes: true });
  } catch (error) {
    // A crate without src/ gates nothing; a folder that cannot be listed would drop its files from the
    // gates unseen, so it stops the run as an unlistable folder of the scan does.
    // @implements engine#UNREADABLE-FILES-ARE-NOT-SILENT
    if (noSuchPath(error)) return out;
    throw new UsageError(
      `cannot list ${absolute}: ${(error as Error).message}; make it readable (or shorten the path), or add its crate to \`exempt\` in the config`,
    );
  }
  walking.push(realpathOr(absolute));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(absolute, entry.name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const st = linkTarget(path);
      if (st === undefined) continue;
      isDir = st.isDirectory();
      isFile = st.isFile();
      if (isDir && walking.includes(realpathOr(path))) continue;
    }
    if (isDir) rustFilesUnder(path, `${under}/${entry.name}`, out, walking);
    else if (isFile && entry.name.endsWith('.rs')) out.push(`${under}/${entry.name}`);
  }
  walking.pop();
  return out;
}

/** What a link leads to; undefined for a dangling link or a loop of links (the glob lists neither). */
function linkTarget(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if (noSuchPath(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
    throw new UsageError(
      `cannot follow ${path}: ${(error as Error).message}; make its target readable, or remove the link`,
    );
  }
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The gated files: the Rust files under each crate's `src/` (crates of `scan_roots` less `exempt`), less `/generated/`. */
function gatedFiles(config: FactlineConfig, scanRoots: readonly string[]): Gated[] {
  const gated: Gated[] = [];
  for (const dir of crateDirs(config.root, scanRoots)) {
    const crate = dir.slice(dir.lastIndexOf('/') + 1);
    if (config.exempt.includes(crate)) continue;
    const files = rustFilesUnder(resolve(config.root, dir, 'src'), 'src');
    for (const inCrate of files.sort()) {
      if (inCrate.includes('/generated/')) continue;
      gated.push({ crate, file: `${dir}/${inCrate}`, module: vibevmModulePath(crate, inCrate) });
    }
  }
  return gated;
}

/**
 * The vibevm gates of one run, begun before the scan: `hear` takes each
 * gated file's items from the tokens the scan makes, and `inputs`, after the
 * scan, has every gated file's items: heard, else from the items cache under
 * the content hash the scan cache holds for the file this run, else read and
 * lexed here. A file is lexed at most once per run, and a warm run, whose
 * scan cache answers every unchanged file by its stat, reads none of them.
 */
export interface VibevmGatesRun {
  /** The scan's listener (checks/scan/dispatch.ts RustListener). */
  hear: RustListener;
  /** Each gated file and its vibevm module path: the scan pool's worker hears its files with these (checks/scan/rust-items.ts heardItems). */
  modules: ReadonlyMap<string, string>;
  /** What the worker heard of a file it scanned; `contentHash`: of the text it read, when the run fills the cache. */
  heardOnWorker(file: string, items: RustItems, contentHash?: string): void;
  /** The gates' inputs once the scan is done; `contentHash`: the scan cache's hash of a file this run. */
  inputs(contentHash?: (file: string) => string | undefined): VibevmGateData;
  /** Writes the items and committed map caches (only when something changed). */
  save(): void;
}

/** Whether the run is under the vibevm profile with its gates set up (then `startVibevmGates` gives them). */
export function hasVibevmGates(config: FactlineConfig): boolean {
  return config.profile === 'vibevm' && config.vibevmGates !== undefined;
}

/** The run's vibevm gates, or undefined when the run is not under the vibevm profile. */
// @implements vibevm#ITEMS-LEXED-ONCE
export async function startVibevmGates(
  config: FactlineConfig,
  cacheDir?: string,
  warn?: (line: string) => void,
): Promise<VibevmGatesRun | undefined> {
  const gates = config.vibevmGates;
  if (!hasVibevmGates(config) || gates === undefined) return undefined;
  const listed = gatedFiles(config, gates.scanRoots);
  const byFile = new Map(listed.map((g) => [g.file, g]));
  const heard = new Map<string, RustItems>();
  // The hash of each file the worker read for a cache-filling run: the scan cache holds it only once the run saves.
  const workerHashes = new Map<string, string>();
  const cache = cacheDir === undefined ? undefined : openItemsCache(cacheDir, warn);
  const mapCache = cacheDir === undefined ? undefined : openCommittedMapCache(cacheDir, warn);
  // Taken before this run reads any file for the gates: a stat vouches for a file settled before it.
  const startMs = Date.now();
  /**
   * The items of a file no scan read this run (the scan's config leaves it
   * out, or the pool's worker read it; `module` '' for a file no crate gates,
   * whose macro-body lines alone are wanted): by its stat, by the hash of what
   * is read, else lexed here.
   */
  const readItems = (file: string, module: string): RustItems | undefined => {
    // The stat before the read: one taken after it could vouch for an edit never read.
    const st = cache && statSync(resolve(config.root, file), { throwIfNoEntry: false });
    const stat = st === undefined ? NO_STAT : statKey(st);
    const byStat = stat === NO_STAT ? undefined : cache?.byStat(file, stat, module);
    if (byStat !== undefined) return byStat;
    const text = readGateFile(config.root, file);
    if (text === undefined) return undefined;
    const contentHash = hashText(text);
    const items =
      cache?.byHash(file, contentHash, module) ??
      (module === '' ? macroItems(text) : rustItems(text, module));
    cache?.set(file, st === undefined ? NO_STAT : settledStat(st, startMs), contentHash, items);
    return items;
  };
  return {
    hear(file, text, tokens, citations) {
      const items = heardItems(text, byFile.get(file)?.module, tokens, citations.length > 0);
      if (items !== undefined) heard.set(file, items);
    },
    modules: new Map(listed.map((g) => [g.file, g.module])),
    heardOnWorker(file, items, contentHash) {
      heard.set(file, items);
      if (contentHash !== undefined) workerHashes.set(file, contentHash);
    },
    inputs(contentHash) {
      const found = new Map<string, RustItems>();
      const gated: GatedFile[] = [];
      for (const g of listed) {
        let items = heard.get(g.file);
        const hash = contentHash?.(g.file) ?? workerHashes.get(g.file);
        if (items !== undefined) {
          if (hash !== undefined) cache?.set(g.file, NO_STAT, hash, items);
        } else {
          if (hash !== undefined) items = cache?.byHash(g.file, hash, g.module);
          items ??= readItems(g.file, g.module);
        }
        if (items === undefined) continue;
        found.set(g.file, items);
        gated.push({
          crate: g.crate,
          file: g.file,
          surface: items.surface,
          implAttributeLines: items.implAttributeLines,
        });
      }
      return {
        gated,
        dispositioned: gates.dispositioned,
        map: committedMap(config.root, mapCache, startMs),
        config: config.file ?? 'specmap.toml',
        insideMacroBody(file, line) {
          if (!file.endsWith('.rs')) return false;
          let items = found.get(file);
          if (items === undefined) {
            // A Rust file no crate gates (a test, an example): its macro-body lines alone, cached as a gated file's items are.
            const hash = contentHash?.(file) ?? workerHashes.get(file);
            items = heard.get(file);
            if (items !== undefined && hash !== undefined) cache?.set(file, NO_STAT, hash, items);
            if (items === undefined && hash !== undefined) items = cache?.byHash(file, hash, '');
            items ??= readItems(file, '') ?? macroItems('');
            found.set(file, items);
          }
          // A file heard citing nothing cannot be asked about; were it asked, its lines are read now.
          items.macroBodyLines ??= macroBodyLines(readGateFile(config.root, file) ?? '');
          return items.macroBodyLines.has(line);
        },
      };
    },
    save() {
      cache?.save();
      mapCache?.save();
    },
  };
}
