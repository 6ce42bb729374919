/**
 * How a citation is written in a given file: its line-comment opener by
 * extension (`//` in TS/JS, Rust, Go, Java…, `#` in Python, shell, Ruby,
 * YAML, TOML), so a fix hint shows the citation as it must be typed in the
 * project's own files. Pure.
 */
import { extensionOf } from './scan/dispatch.ts';

const HASH = new Set(['py', 'sh', 'bash', 'zsh', 'rb', 'pl', 'pm', 'r', 'yaml', 'yml', 'toml']);

/** The line-comment opener a citation takes in `file`. */
export function commentOpener(file: string): '//' | '#' {
  return HASH.has(extensionOf(file)) ? '#' : '//';
}

interface Syntax {
  byOpener: Map<string, Set<string>>;
  ranked: Array<[string, number]>;
}

/**
 * The comment syntaxes of a file list, counted once per list: every gap of a
 * run asks for a hint over the same list, and counting it per gap made a run
 * with many gaps cost gaps × files.
 */
const syntaxes = new WeakMap<readonly string[], Syntax>();

function syntaxOf(files: readonly string[]): Syntax {
  const known = syntaxes.get(files);
  if (known) return known;
  const byOpener = new Map<string, Set<string>>();
  const count = new Map<string, number>();
  for (const file of files) {
    const opener = commentOpener(file);
    count.set(opener, (count.get(opener) ?? 0) + 1);
    const exts = byOpener.get(opener) ?? new Set<string>();
    exts.add(`.${extensionOf(file)}`);
    byOpener.set(opener, exts);
  }
  const ranked = [...count.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const syntax = { byOpener, ranked };
  syntaxes.set(files, syntax);
  return syntax;
}

/**
 * The citation `@VERB ADDRESS` as the given files take it: in their one
 * comment syntax, or, when they mix, in the syntax most of them use with the
 * other one named by its extensions. `//` when no file is known.
 */
// @implements trace#HINTS-IN-FILE-SYNTAX
export function citationExample(verb: string, address: string, files: readonly string[]): string {
  const { byOpener, ranked } = syntaxOf(files);
  const first = ranked[0]?.[0] ?? '//';
  const written = `\`${first} @${verb} ${address}\``;
  if (ranked.length < 2) return written;
  const [other] = ranked[1]!;
  const exts = [...byOpener.get(other)!].sort().join(', ');
  return `${written} (\`${other} @${verb} ${address}\` in ${exts} files)`;
}
