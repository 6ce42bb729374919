/**
 * Where the TS/JS scanner's TypeScript comes from: the `typescript` package
 * factline depends on, required as CommonJS (an ESM import would make Node
 * lex its whole source for named exports). The CLI installs a loader that
 * compiles it with a V8 code cache (engine/cache/code-cache.ts); without one
 * (tests, benches) a plain require loads it. Resolving and requiring a module
 * is module loading, like an import: this core still reads no project file.
 */
import { createRequire } from 'node:module';
import type ts from 'typescript';

export type TypeScriptApi = typeof ts;
/** Loads the CommonJS module at an absolute path and returns its exports. */
export type CommonJsLoader = (file: string) => unknown;

const plainRequire: CommonJsLoader = (file) => createRequire(file)(file);
let load: CommonJsLoader = plainRequire;

/** Sets how the compiler file is loaded; takes effect for a scanner not loaded yet. */
export function useTypeScriptLoader(loader: CommonJsLoader): void {
  load = loader;
}

/** The absolute path of the `typescript` package's compiler, the one the generator loads too. */
// @implements scanner#SCANNER-LOADS-COMPILER-ONLY
export function typeScriptCompilerFile(): string {
  return createRequire(import.meta.url).resolve('typescript');
}

export function loadTypeScriptCompiler(): TypeScriptApi {
  return load(typeScriptCompilerFile()) as TypeScriptApi;
}
