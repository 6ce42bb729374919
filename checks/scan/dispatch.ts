/**
 * Picks the scanner for a file by its extension. The TS/JS scan tokenizes on
 * its own (ts-lexer.ts); only a file whose tokens are ambiguous needs
 * TypeScript's parser, and TypeScript's compiler is 9 MB of JavaScript (a few
 * hundred milliseconds to load without the CLI's code cache, see
 * typescript-compiler.ts), so the gate loads it only when such a file that is
 * not in the cache comes.
 * A run scans with one FileScanner, which holds what the scan is given (the
 * parser once loaded, the warning sink, counters): nothing is installed in
 * a module, so the CLI, the MCP tools and the editor server each get the
 * warnings of their own runs. `checks/scan/index.ts` is the eager entry.
 */
import { isJtdFile, scanJtd } from './jtd.ts';
import { languageOf } from './languages/index.ts';
import { scanLanguage } from './languages/scan.ts';
import { scanRust, tokenize } from './rust.ts';
import type { RustTokens } from './rust-tokens.ts';
import type { ScannedCitation } from './types.ts';
import {
  type LiteralParser,
  TypeScriptParserNotLoaded,
  TypeScriptScanner,
  type TypeScriptScanSetup,
} from './typescript.ts';

const TS_EXTENSIONS = new Set(['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs']);

/** Loads TypeScript's compiler and gives its parser for ambiguous TS/JS files (a second call finds the module loaded). */
export async function loadLiteralParser(): Promise<LiteralParser> {
  return (await import('./ts-literals.ts')).parsedLiterals;
}

export function extensionOf(file: string): string {
  const slash = file.lastIndexOf('/');
  const dot = file.lastIndexOf('.');
  return dot > slash ? file.slice(dot + 1).toLowerCase() : '';
}

/** Whether factline knows how to find comments in this file. */
export function isScannable(file: string): boolean {
  const ext = extensionOf(file);
  return TS_EXTENSIONS.has(ext) || languageOf(ext) !== undefined || isJtdFile(file);
}

/**
 * One run's scanner of files of every language: `scanWhenLoaded` throws
 * `TypeScriptParserNotLoaded` for a TS/JS file whose tokens are ambiguous
 * until `loadParser` has run; `scan` loads it then and scans again.
 */
/**
 * Hears each Rust file a scan reads, with its citations and a way to its
 * tokens that lexes the file at most once between the scan and the listener
 * (the vibevm gates read a gated file's public items from the tokens the
 * scan made). A file with a citation has been lexed by the time it is heard.
 */
export type RustListener = (
  file: string,
  text: string,
  tokens: () => RustTokens,
  citations: readonly ScannedCitation[],
) => void;

export class FileScanner {
  private readonly typescript: TypeScriptScanner;
  /** Set by a run that wants each Rust file's tokens (engine/gate/vibevm-gates.ts); none by default. */
  rustListener: RustListener | undefined;

  constructor(setup: TypeScriptScanSetup = {}) {
    this.typescript = new TypeScriptScanner(setup);
  }

  /**
   * The scan of one file. A TS/JS file without a tag string is never
   * tokenized; one whose tokens are ambiguous throws `TypeScriptParserNotLoaded`
   * until the parser is loaded.
   */
  // @implements scanner#LAZY-TS-SCANNER
  scanWhenLoaded = (file: string, text: string): ScannedCitation[] => {
    const ext = extensionOf(file);
    // (The TS/JS scan's first step finds every tag candidate; a file with none returns there.)
    if (TS_EXTENSIONS.has(ext)) return this.typescript.scan(text, file);
    if (ext === 'rs') {
      const listener = this.rustListener;
      if (listener === undefined) return scanRust(text, file);
      let tokens: RustTokens | undefined;
      const lex = () => {
        tokens ??= tokenize(text);
        return tokens;
      };
      const citations = scanRust(text, file, lex);
      listener(file, text, lex, citations);
      return citations;
    }
    if (isJtdFile(file)) return scanJtd(text, file);
    const language = languageOf(ext);
    return language ? scanLanguage(text, language) : [];
  };

  /** Loads TypeScript's parser for this scanner (a no-op once it has it). */
  async loadParser(): Promise<void> {
    this.typescript.parser ??= await loadLiteralParser();
  }

  /**
   * `scan(file, text)` (by default this scanner's own), loading TypeScript's
   * parser the first time a file needs it (a TS/JS file with ambiguous tokens
   * that no cache could answer), so a run that never meets one never pays
   * TypeScript's start-up.
   */
  // @implements scanner#LAZY-TS-SCANNER
  async scan(
    file: string,
    text: string,
    scan: (file: string, text: string) => ScannedCitation[] = this.scanWhenLoaded,
  ): Promise<ScannedCitation[]> {
    try {
      return scan(file, text);
    } catch (error) {
      if (!(error instanceof TypeScriptParserNotLoaded)) throw error;
      await this.loadParser();
      return scan(file, text);
    }
  }
}
