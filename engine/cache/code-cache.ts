/**
 * Loads a CommonJS file through a V8 code cache, as Node 22's
 * `module.enableCompileCache()` does for every module (Node 20 lacks it).
 * Compiling TypeScript's compiler is most of what loading it costs; with V8's
 * cached data for it the compile is a deserialisation. Any failure falls back
 * to a plain require: the cache can make a run slower, never wrong.
 */
import { readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import type * as Zlib from 'node:zlib';
import { useTypeScriptLoader } from '../../checks/scan/typescript-compiler.ts';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { privateTempDir, readOwnFile } from '../files/private-dir.ts';

let zlibCrc32: typeof Zlib.crc32 | undefined;
/** node:zlib is loaded only by a run that loads TypeScript (not `--help`): its own load would cost every start. */
function crc32(data: string | Uint8Array): number {
  zlibCrc32 ??= (createRequire(import.meta.url)('node:zlib') as typeof Zlib).crc32;
  return zlibCrc32(data);
}

/** Node's own CommonJS wrapper parameters; line numbers stay those of the file. */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n})';

/*
 * The cache lives in the user's private temp folder (private-dir.ts), never in the project: it is
 * bytecode, and a repository under check could carry a crafted one. One file per compiler path, Node
 * version and architecture, headed by a line naming the source's and the data's crc32 and length (V8
 * itself checks only the source's length, and the data's checksum only in debug builds). It is
 * written after the first scan (so the functions that scan are in it), atomically, and again
 * whenever V8 rejects it.
 */
export const CODE_CACHE_DIR_NAME = 'factline-code-cache';

/** The cache file's first line: what the data was made from and what it must be. */
function headerLine(sourceKey: string, data: Uint8Array): string {
  return `factline-code-cache 1 ${process.version} ${process.arch} source=${sourceKey} data=${crc32(data)}:${data.length}\n`;
}

/** The cache file for one source path under this Node. */
export function codeCacheFile(dir: string, file: string): string {
  const key = crc32(`${file}\0${process.version}\0${process.arch}`).toString(16);
  return join(dir, `${basename(file)}-${key}.v8`);
}

/** The cached data when the file is ours and its header matches the source and the data; else undefined. */
// @implements scanner#CODE-CACHE-NEVER-WRONG
function cachedDataFor(cacheFile: string, sourceKey: string): Buffer | undefined {
  const bytes = readOwnFile(cacheFile);
  if (bytes === undefined) return undefined;
  const end = bytes.indexOf(10);
  if (end < 0 || end > 512) return undefined;
  const data = bytes.subarray(end + 1);
  return bytes.toString('latin1', 0, end + 1) === headerLine(sourceKey, data) ? data : undefined;
}

function saveCodeCache(script: Script, cacheFile: string, sourceKey: string): void {
  try {
    const data = script.createCachedData();
    const file = Buffer.concat([Buffer.from(headerLine(sourceKey, data), 'latin1'), data]);
    writeFileAtomic(cacheFile, file, { privateMode: 0o600, durable: false });
  } catch {
    // Only an optimisation: the next run tries again.
  }
}

function runWithCodeCache(file: string, dir: string, require: NodeJS.Require): unknown {
  const bytes = readFileSync(file);
  const sourceKey = `${crc32(bytes)}:${bytes.length}`;
  const cacheFile = codeCacheFile(dir, file);
  const cachedData = cachedDataFor(cacheFile, sourceKey);
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // as require strips a BOM
  const script = new Script(`${WRAPPER_HEAD}${text}${WRAPPER_TAIL}`, { filename: file, cachedData });
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const module = new Module(file);
  module.filename = file;
  wrapper.call(module.exports, module.exports, require, module, file, dirname(file));
  module.loaded = true;
  // One copy per process: the generator, importing `typescript` later in this process (`gen`), gets this module.
  // @implements scanner#ONE-TYPESCRIPT-PER-PROCESS
  require.cache[file] = module;
  // @implements scanner#CODE-CACHE
  if (cachedData === undefined || script.cachedDataRejected === true) {
    // After the current scan, so the functions it compiled are cached too.
    setImmediate(() => saveCodeCache(script, cacheFile, sourceKey));
  }
  return module.exports;
}

/** The scanner's TypeScript compiler, whenever it loads in this thread, loads through the code cache. */
// @implements scanner#CODE-CACHE
export function compileTypeScriptWithCodeCache(): void {
  useTypeScriptLoader((file) => requireWithCodeCache(file));
}

/**
 * The exports of the CommonJS module at `file`, compiled with the code cache
 * in `dir` (the user's private temp folder by default; none: plain require).
 */
// @implements scanner#CODE-CACHE
export function requireWithCodeCache(file: string, cacheDir?: string): unknown {
  const require = createRequire(file);
  const loaded = require.cache[file]; // the generator got here first: share its copy
  if (loaded?.loaded) return loaded.exports;
  const dir = cacheDir ?? privateTempDir(CODE_CACHE_DIR_NAME);
  if (dir === undefined) return require(file);
  try {
    return runWithCodeCache(file, dir, require);
  } catch {
    // @implements scanner#CODE-CACHE-NEVER-WRONG
    return require(file);
  }
}
