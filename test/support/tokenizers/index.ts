/**
 * The languages' own tokenizers, driven over many files per process: Python's
 * `tokenize` and `ast` (tokens.py), Go's `go/scanner` (tokens.go, built once
 * with `go build`), rustc's lexer through a proc macro (tokens.rs, its
 * `TokenStream::from_str`) and TypeScript's parser in process. Each returns,
 * per file, the tokens the language reads: strings (with the text they hold,
 * where the tool decodes it), comments, and every other token. These are the
 * oracles of the generator's hostile-slot test: nothing here decides a
 * token's extent itself.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface Token {
  kind: string;
  /** The token as written. */
  text: string;
  /** What a string holds (decoded by the language's own tool), when it decodes one. */
  value?: string;
  /** Python f-strings: the source of each replacement field. */
  fields?: string[];
}

export interface Tokenized {
  ok: boolean;
  error?: string;
  tokens: Token[];
}

const HERE = import.meta.dirname;

const hasTool = (command: string, args: string[]) => {
  const r = spawnSync(command, args, { encoding: 'utf8' });
  return r.error === undefined && r.status === 0;
};

export const GO = hasTool('go', ['version']);
export const RUSTC = hasTool('rustc', ['--version']);
export const PYTHON = hasTool('python3', ['--version']);

function runJson(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env, maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r.stdout;
}

/** Python's tokenize (and ast for what a string holds) over every file, in one process. */
export function pythonTokens(paths: string[]): Record<string, Tokenized> {
  const out = runJson('python3', [join(HERE, 'tokens.py'), ...paths], HERE);
  return JSON.parse(out) as Record<string, Tokenized>;
}

/** Go's scanner over every file: the program is built once into `dir`. */
export function goTokens(paths: string[], dir: string): Record<string, Tokenized> {
  const env = { ...process.env, GO111MODULE: 'off', GOFLAGS: '', GOCACHE: join(dir, 'gocache') };
  const exe = join(dir, 'go-tokens');
  const built = spawnSync('go', ['build', '-o', exe, join(HERE, 'tokens.go')], { encoding: 'utf8', env });
  if (built.status !== 0) throw new Error(`go build: ${built.stderr}`);
  return JSON.parse(runJson(exe, paths, dir)) as Record<string, Tokenized>;
}

/** rustc's lexer over every file: one proc-macro build, one expansion naming them all. */
export function rustTokens(paths: string[], dir: string): Record<string, Tokenized> {
  const lib = join(dir, 'libtokens.so');
  const built = spawnSync(
    'rustc',
    ['--edition', '2021', '--crate-type', 'proc-macro', join(HERE, 'tokens.rs'), '-o', lib],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`rustc (proc macro): ${built.stderr}`);
  const result = join(dir, 'rust-tokens.json');
  const names = [result, ...paths].map((p) => JSON.stringify(p)).join(', ');
  const driver = join(dir, 'driver.rs');
  spawnSync('sh', ['-c', `printf '%s\\n' "$1" > "$2"`, 'sh', `tokens::tokens!(${names});`, driver]);
  // The expansion fails (exit 1) when a file does not lex: the per-file verdicts are in the JSON.
  spawnSync(
    'rustc',
    [
      '--edition',
      '2021',
      '--crate-type',
      'lib',
      '--emit=metadata',
      '--extern',
      `tokens=${lib}`,
      driver,
      '-o',
      join(dir, 'driver.rmeta'),
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(readFileSync(result, 'utf8')) as Record<string, Tokenized>;
}

const STRINGS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/** TypeScript's parser: every token of the tree, and every comment beside one. */
export function typescriptTokens(text: string, kind: ts.ScriptKind): Tokenized {
  const source = ts.createSourceFile('/x.ts', text, ts.ScriptTarget.Latest, true, kind);
  const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  const tokens: Token[] = [];
  const comments = new Map<number, Token>();
  const addComments = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) comments.set(r.pos, { kind: 'comment', text: text.slice(r.pos, r.end) });
  };
  const visit = (node: ts.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length === 0) {
      addComments(ts.getLeadingCommentRanges(text, node.pos));
      addComments(ts.getTrailingCommentRanges(text, node.end));
      if (node.kind === ts.SyntaxKind.EndOfFileToken) return;
      const token: Token = { kind: ts.SyntaxKind[node.kind], text: node.getText(source) };
      if (STRINGS.has(node.kind)) {
        token.kind = 'string';
        token.value = (node as ts.LiteralLikeNode).text;
      }
      tokens.push(token);
      return;
    }
    for (const child of children) visit(child);
  };
  visit(source);
  const all = [...tokens, ...comments.values()];
  return diagnostics.length > 0
    ? { ok: false, error: ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, ' '), tokens: all }
    : { ok: true, tokens: all };
}
