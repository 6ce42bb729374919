/**
 * Where the TS/JS scanner's TypeScript comes from. The scanner needs only
 * TypeScript's tokenizer and parser, not ts-morph (that is `gen`'s): an ESM
 * `import { ts } from 'ts-morph'` made Node lex the 9 MB CommonJS source for
 * named exports and load ts-morph and @ts-morph/common on top, about half of
 * a `check --changed` run. So the compiler is required as CommonJS, and it is
 * the very copy ts-morph depends on (@ts-morph/common/dist/typescript.js,
 * found from ts-morph's own location, so an installed factline finds it too):
 * the scanner tokenizes with the same TypeScript version as before.
 *
 * The CLI installs a loader that compiles the file with a V8 code cache
 * (cli/code-cache.ts); without one (tests, benches) a plain require loads it.
 * Resolving and requiring a module is module loading, like an import: this
 * core still reads no project file.
 */
import { createRequire } from 'node:module';
import type { ts } from 'ts-morph';

export type TypeScriptApi = typeof ts;
/** Loads the CommonJS module at an absolute path and returns its exports. */
export type CommonJsLoader = (file: string) => unknown;

const plainRequire: CommonJsLoader = (file) => createRequire(file)(file);
let load: CommonJsLoader = plainRequire;

/** Sets how the compiler file is loaded; takes effect for a scanner not loaded yet. */
export function useTypeScriptLoader(loader: CommonJsLoader): void {
  load = loader;
}

/** The absolute path of the TypeScript that ts-morph itself loads. */
// @implements speed-tsload#SCANNER-LOADS-COMPILER-ONLY
export function typeScriptCompilerFile(): string {
  const tsMorph = createRequire(import.meta.url).resolve('ts-morph');
  return createRequire(tsMorph).resolve('@ts-morph/common/dist/typescript.js');
}

export function loadTypeScriptCompiler(): TypeScriptApi {
  return load(typeScriptCompilerFile()) as TypeScriptApi;
}
