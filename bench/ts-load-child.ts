/**
 * One measured start of the TS/JS scanner, run by bench/ts-load.ts as its own
 * process (bundled to plain JavaScript first, so no loader hook touches the
 * 9 MB compiler): loads TypeScript one way, scans one file, prints the
 * milliseconds from before the load to after the scan and the citations found.
 *
 *   node ts-load-child.mjs ts-morph|require|code-cache FILE [CACHE_DIR]
 */
import { readFileSync } from 'node:fs';
import { FileScanner } from '../checks/scan/dispatch.ts';
import { useTypeScriptLoader } from '../checks/scan/typescript-compiler.ts';
import { requireWithCodeCache } from '../engine/index.ts';

const [mode, file, cacheDir] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: ts-load-child ts-morph|require|code-cache FILE [CACHE_DIR]');
const text = readFileSync(file, 'utf8');
const started = performance.now();
if (mode === 'ts-morph') {
  // The old way: an ESM import of ts-morph, its `ts` handed to the scanner.
  const { ts } = await import('ts-morph');
  useTypeScriptLoader(() => ts);
} else if (mode === 'code-cache') {
  useTypeScriptLoader((compiler) => requireWithCodeCache(compiler, cacheDir));
} else if (mode !== 'require') {
  throw new Error(`unknown mode ${mode}`);
}
const scanner = new FileScanner();
await scanner.loadParser();
const citations = scanner.scanWhenLoaded(file, text).length;
process.stdout.write(JSON.stringify({ ms: performance.now() - started, citations }));
