/**
 * Files for the tokenizer differentials, generated from each language's
 * documented token forms (not from factline's modules): strings of every
 * prefix and quoting, comments, and code between, with one tag planted in
 * every string and every comment. Which tags stand in comments is decided
 * by the language's own tokenizer, not here.
 */
import { random } from '../../../unit/checks/languages/compose.ts';

export interface Generated {
  text: string;
  /** Every tag id planted, in comments or not. */
  planted: string[];
}

type Pick = <T>(list: readonly T[]) => T;

/** `parts` in a random order and number, with `tag` once among them. */
function body(pick: Pick, next: () => number, parts: readonly string[], tag: string): string {
  const out: string[] = [];
  const n = Math.floor(next() * 6);
  for (let i = 0; i < n; i++) out.push(pick(parts));
  out.splice(Math.floor(next() * (out.length + 1)), 0, tag);
  return out.join('');
}

export interface TokenForms {
  /** Makes one string or comment holding `tag`. */
  planted: ((pick: Pick, next: () => number, tag: string) => string)[];
  /** Code between them (no tag). */
  code: readonly string[];
  /** What follows a piece: `\n` always after a line comment. */
  after: (piece: string) => string;
}

export function generate(forms: TokenForms, files: number, seed: number): Generated[] {
  const next = random(seed);
  const pick: Pick = (list) => list[Math.floor(next() * list.length)]!;
  const out: Generated[] = [];
  for (let f = 0; f < files; f++) {
    const file: Generated = { text: '', planted: [] };
    const pieces = 1 + Math.floor(next() * 10);
    for (let p = 0; p < pieces; p++) {
      if (next() < 0.3) {
        const code = pick(forms.code).replace('KEY', `c${f}x${p}`);
        file.text += code + forms.after(code);
        continue;
      }
      const id = `F${f}P${p}`;
      file.planted.push(id);
      // Spaces around the tag: a tag after a backtick, or a reference run on into `#`, is no citation in any language.
      const piece = pick(forms.planted)(pick, next, ` @implements doc#${id} `);
      file.text += piece + forms.after(piece);
    }
    out.push(file);
  }
  return out;
}

export const PYTHON_FORMS: TokenForms = {
  planted: [
    (pick, next, tag) => {
      const prefix = pick(['', 'r', 'b', 'u', 'f', 'rb', 'Br', 'bR', 'RB', 'fr', 'Rf', 'F', 'U', 'R']);
      const quote = pick(["'", '"', "'''", '"""']);
      const q = quote[0]!;
      const other = q === '"' ? "'" : '"';
      const triple = quote.length === 3;
      const parts = ['a', ' ', '#', '# ', '\\\\', `\\${q}`, other, '//', '\\\n'];
      if (triple) parts.push('\n', q, `${q}${q}`, other.repeat(3));
      if (/f/i.test(prefix)) parts.push('{{', '}}', '{x}', `{x!r:>{w}}`);
      return `${prefix}${quote}${body(pick, next, parts, tag)}${quote}`;
    },
    (pick, next, tag) => `#${body(pick, next, [' ', "'", '"', "'''", '"""', '#', '\\'], tag)}`,
  ],
  code: ['x = 1', '(', ')', 'y = (1,\n2)', 'z = 1 / 2', 'a.b', 'w = x \\\n+ 1', 'pass'],
  after: (piece) => (piece.startsWith('#') ? '\n' : pickSeparator(piece)),
};

export const GO_FORMS: TokenForms = {
  planted: [
    (pick, next, tag) =>
      `"${body(pick, next, ['a', ' ', '//', '/*', '*/', '\\"', '\\\\', '`', "'", '\\n'], tag)}"`,
    (pick, next, tag) =>
      `\`${body(pick, next, ['a', ' ', '//', '/*', '*/', '"', '\\', "'", '\n', '\r\n'], tag)}\``,
    (pick, next, tag) => `//${body(pick, next, [' ', '"', '`', '/*', '*/', "'", '\\'], tag)}`,
    (pick, next, tag) => `/*${body(pick, next, [' ', '"', '`', '//', '/*', '*', '/', '\n', "'"], tag)}*/`,
  ],
  code: ['x := 1', "r := '\"'", "q := '`'", "s := '\\''", 'y := a / b', 'f(', ')', 'z := a */* c */ b'],
  after: (piece) => (piece.startsWith('//') ? '\n' : pickSeparator(piece)),
};

/** A space or a line break, by the piece's length (deterministic, so a file reproduces from its seed). */
function pickSeparator(piece: string): string {
  return piece.length % 3 === 0 ? '\n' : ' ';
}

/** YAML lines: each planted tag in a comment, a plain, quoted or block scalar, or a flow collection. */
export const YAML_FORMS: TokenForms = {
  planted: [
    (pick, next, tag) =>
      `k${Math.floor(next() * 1e6)}: ${pick(['v', '"q"', "'it''s'", '[a, b]', '{a: b}', ''])} #${tag}`,
    (_pick, next, tag) => `#${tag}${next() < 0.5 ? '"' : "'"}`,
    (pick, next, tag) =>
      `k${Math.floor(next() * 1e6)}: ${pick(['"', "'"])}${pick(['', '#', ' # ', ': '])}${tag}${pick(['', '#'])}QUOTE`,
    (_pick, next, tag) => `k${Math.floor(next() * 1e6)}: a#${tag.trim()} b`,
    (pick, next, tag) =>
      `k${Math.floor(next() * 1e6)}: ${pick(['|', '>', '|-', '>+', '|2'])}\n  ${pick(['#', 'x #', '- #'])}${tag}\n  y`,
  ],
  code: ['KEY: 1', 'KEY: [1, 2]', 'KEY: {a: 1}'],
  after: () => '\n',
};

/** Closes the quote a YAML form opened (the form names it QUOTE, after its first quote). */
export function closeQuotes(text: string): string {
  return text.replace(/(["'])([^\n]*?)QUOTE/g, (_m, q: string, inner: string) => `${q}${inner}${q}`);
}
