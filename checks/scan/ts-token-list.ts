/**
 * A file's significant tokens (comments left out) as three parallel arrays,
 * kept by whoever read them and reused file after file: the test-run pass
 * (test-runs.ts) reads a test file's tokens from here. The skim
 * (ts-skim.ts) fills one as it reads, so a file the walk needs whole is
 * lexed once; a file the skim could not finish is lexed here by `lexTokens`.
 * An object per token cost the cold gate more in garbage collection than
 * the reading itself. Pure.
 */
import { DIVIDES_AFTER } from './ts-grammar.ts';
import { K, type Kind, Lexer } from './ts-lexer.ts';

/** Significant tokens, in order: token i is kinds[i] over text[starts[i], ends[i]), for i below count. */
export interface Tokens {
  readonly kinds: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly count: number;
  /** Bumped each time a reused list is cleared for the next file: a reader holding it can tell its tokens are gone. */
  readonly generation?: number;
}

export class TokenList implements Tokens {
  kinds = new Uint8Array(4096);
  starts = new Int32Array(4096);
  ends = new Int32Array(4096);
  count = 0;
  generation = 0;

  clear(): void {
    this.count = 0;
    this.generation++;
  }

  push(kind: Kind, start: number, end: number): void {
    const n = this.count;
    if (n === this.kinds.length) this.grow();
    this.kinds[n] = kind;
    this.starts[n] = start;
    this.ends[n] = end;
    this.count = n + 1;
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds);
    const starts = new Int32Array(size);
    starts.set(this.starts);
    const ends = new Int32Array(size);
    ends.set(this.ends);
    this.kinds = kinds;
    this.starts = starts;
    this.ends = ends;
  }
}

/**
 * The file's tokens without comments, read by the lexer alone: a `/` after
 * a token that ends an expression divides, else starts a regular
 * expression; a `}` closing a template's hole reads the template's next piece.
 */
export function lexTokens(text: string, into: TokenList, lexer = new Lexer()): TokenList {
  into.clear();
  lexer.setText(text);
  const templates: number[] = [];
  let depth = 0;
  let prevEnds = false;
  for (let kind = lexer.scan(); kind !== K.EndOfFile; kind = lexer.scan()) {
    if (kind === K.SingleLineComment || kind === K.MultiLineComment) continue;
    if ((kind === K.Slash || kind === K.SlashEquals) && !prevEnds) kind = lexer.reScanSlash();
    if (kind === K.OpenBrace) depth++;
    else if (kind === K.TemplateHead) templates.push(depth);
    else if (kind === K.CloseBrace) {
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        kind = lexer.reScanTemplate();
        if (kind === K.TemplateTail) templates.pop();
      } else depth--;
    }
    into.push(kind, lexer.tokenStart, lexer.tokenEnd);
    prevEnds = DIVIDES_AFTER[kind] === 1;
  }
  return into;
}
