/**
 * Picks the scanner for a file by its extension, without loading the
 * TypeScript scanner: TypeScript's compiler is 9 MB of JavaScript (a few
 * hundred milliseconds to load without the CLI's code cache, see
 * typescript-compiler.ts), so the gate loads it only when a TS/JS file that
 * is not in the cache holds a tag.
 * `checks/scan/index.ts` is the eager entry (it registers the TS scanner at
 * import); the gate and its cache use this module.
 */
import { type CommentStyle, scanComments } from './generic.ts';
import { isJtdFile, scanJtd } from './jtd.ts';
import { mayHoldCitations } from './refs.ts';
import { scanRust } from './rust.ts';
import type { ScannedCitation } from './types.ts';

type TypeScriptScanner = (text: string, file: string) => ScannedCitation[];

const TS_EXTENSIONS = new Set(['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs']);
const STYLES: Record<string, CommentStyle> = {
  go: 'slash',
  c: 'slash',
  h: 'slash',
  cc: 'slash',
  cpp: 'slash',
  hpp: 'slash',
  java: 'slash',
  kt: 'slash',
  swift: 'slash',
  cs: 'slash',
  scala: 'slash',
  zig: 'slash',
  py: 'hash',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  rb: 'ruby',
  pl: 'hash',
  r: 'hash',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'hash',
  hbs: 'handlebars',
  handlebars: 'handlebars',
};

let typeScriptScanner: TypeScriptScanner | undefined;

/** Thrown by `scanFileWhenLoaded` when a TS/JS file needs the scanner first; await `loadTypeScriptScanner()` and retry. */
export class TypeScriptScannerNotLoaded extends Error {
  constructor(file: string) {
    super(
      `the TypeScript scanner is not loaded yet (needed for ${file}); await loadTypeScriptScanner() first`,
    );
  }
}

export function useTypeScriptScanner(scanner: TypeScriptScanner): void {
  typeScriptScanner = scanner;
}

/** Loads TypeScript's compiler (not ts-morph) and the TS scanner once. */
export async function loadTypeScriptScanner(): Promise<void> {
  if (typeScriptScanner) return;
  useTypeScriptScanner((await import('./typescript.ts')).scanTypeScript);
}

export function extensionOf(file: string): string {
  const slash = file.lastIndexOf('/');
  const dot = file.lastIndexOf('.');
  return dot > slash ? file.slice(dot + 1).toLowerCase() : '';
}

/** Whether factline knows how to find comments in this file. */
export function isScannable(file: string): boolean {
  const ext = extensionOf(file);
  return TS_EXTENSIONS.has(ext) || ext === 'rs' || ext in STYLES || isJtdFile(file);
}

/**
 * The scan of one file. A TS/JS file without a tag string never needs the
 * tokenizer; one with a tag throws `TypeScriptScannerNotLoaded` until the
 * scanner is loaded.
 */
// @implements speed#LAZY-TS-SCANNER
export function scanFileWhenLoaded(file: string, text: string): ScannedCitation[] {
  const ext = extensionOf(file);
  if (TS_EXTENSIONS.has(ext)) {
    if (!mayHoldCitations(text)) return [];
    if (!typeScriptScanner) throw new TypeScriptScannerNotLoaded(file);
    return typeScriptScanner(text, file);
  }
  if (ext === 'rs') return scanRust(text, file);
  if (isJtdFile(file)) return scanJtd(text, file);
  const style = STYLES[ext];
  return style ? scanComments(text, style) : [];
}

/**
 * `scan(file, text)`, loading the TypeScript scanner the first time a file
 * needs it (a TS/JS file with a tag that no cache could answer), so a run
 * that never meets one never pays TypeScript's start-up.
 */
// @implements speed#LAZY-TS-SCANNER
export async function scanLoadingOnDemand(
  scan: (file: string, text: string) => ScannedCitation[],
  file: string,
  text: string,
): Promise<ScannedCitation[]> {
  try {
    return scan(file, text);
  } catch (error) {
    if (!(error instanceof TypeScriptScannerNotLoaded)) throw error;
    await loadTypeScriptScanner();
    return scan(file, text);
  }
}
