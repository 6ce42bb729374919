/**
 * The syntax gate: every rendered output is parsed by the TypeScript parser
 * (the `typescript` package) before anything is written.
 */
import ts from 'typescript';
import type { SourceText } from './types.ts';

export interface SyntaxProblem {
  line: number;
  column: number;
  message: string;
  /** The offending line of the output, for the error message. */
  excerpt: string;
}

const KINDS: Record<string, ts.ScriptKind> = {
  ts: ts.ScriptKind.TS,
  mts: ts.ScriptKind.TS,
  cts: ts.ScriptKind.TS,
  js: ts.ScriptKind.JS,
  mjs: ts.ScriptKind.JS,
  cjs: ts.ScriptKind.JS,
};

export function isCheckedOutput(path: string): boolean {
  return (path.split('.').pop() ?? '') in KINDS;
}

export interface ParsedOutput {
  source: ts.SourceFile;
  problems: SyntaxProblem[];
}

/** Parses every output; syntactic diagnostics per output path. */
// @implements generator#GEN-BROKEN-OUTPUT-IS-REFUSED
export function parseOutputs(files: SourceText[]): Map<string, ParsedOutput> {
  const sources = new Map<string, ts.SourceFile>();
  for (const file of files) {
    const kind = KINDS[file.path.split('.').pop() ?? ''] ?? ts.ScriptKind.TS;
    // A leading slash keeps the compiler host from resolving names against the process cwd.
    const name = `/${file.path}`;
    sources.set(name, ts.createSourceFile(name, file.text, ts.ScriptTarget.Latest, true, kind));
  }
  const host: ts.CompilerHost = {
    getSourceFile: (name) => sources.get(name),
    getDefaultLibFileName: () => '/lib.d.ts',
    writeFile: () => {},
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) => sources.has(name),
    readFile: () => undefined,
  };
  const program = ts.createProgram({
    rootNames: [...sources.keys()],
    options: { noResolve: true, noLib: true, allowJs: true, types: [] },
    host,
  });
  const result = new Map<string, ParsedOutput>();
  for (const [name, source] of sources) {
    const problems = program.getSyntacticDiagnostics(source).map((d) => {
      const { line, character } = source.getLineAndCharacterOfPosition(d.start ?? 0);
      return {
        line: line + 1,
        column: character + 1,
        message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
        excerpt: source.text.split('\n')[line]?.trim() ?? '',
      };
    });
    result.set(name.slice(1), { source, problems });
  }
  return result;
}
