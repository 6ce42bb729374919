/**
 * What a TS/JS token says about the next `/` and `(`: whether it ends an
 * expression (a `/` after it divides, else it starts a regular expression),
 * and which keywords head a control statement. Shared by the skim
 * (ts-skim.ts) and the walk (typescript.ts), which must read every `/` alike.
 */
import { FIRST_KEYWORD, K, type Kind } from './ts-lexer.ts';

/** After these a `/` starts a regular expression, after anything else it divides. */
const EXPRESSION_KEYWORDS = new Set<Kind>([
  K.Return,
  K.TypeOf,
  K.InstanceOf,
  K.In,
  K.Of,
  K.New,
  K.Delete,
  K.Void,
  K.Throw,
  K.Case,
  K.Do,
  K.Else,
  K.Yield,
  K.Await,
  // @implements scanner#KEYWORDS-BEFORE-A-SLASH
  K.Default,
]);
/**
 * Words that are keywords only in some places (`for (x of …)`, a generator,
 * an async function or a module): before a `/` the scan cannot tell a
 * keyword (a regular expression follows) from an identifier (`of / 2`
 * divides), so TypeScript's parser decides.
 */
export const CONTEXTUAL_OPERATORS = new Set<Kind>([K.Of, K.Yield, K.Await]);
export const CONTROL_KEYWORDS = new Set<Kind>([K.If, K.While, K.For, K.With]);
const DIVISION_AFTER = new Set<Kind>([
  K.Identifier,
  K.PrivateIdentifier,
  K.NumericLiteral,
  K.StringLiteral,
  K.NoSubstitutionTemplate,
  K.TemplateTail,
  K.RegularExpression,
  K.CloseParen,
  K.CloseBracket,
  K.CloseBrace,
  K.PlusPlus,
  K.MinusMinus,
]);
export function isNameToken(kind: Kind): boolean {
  return (
    kind === K.Identifier ||
    kind === K.PrivateIdentifier ||
    kind === K.StringLiteral ||
    kind === K.NumericLiteral ||
    kind >= FIRST_KEYWORD
  );
}

/** Whether a `/` after this token divides, by kind (1) or starts a regular expression (0); `)` aside. */
export const DIVIDES_AFTER = new Uint8Array(128);
for (let kind = 0; kind < DIVIDES_AFTER.length; kind++) {
  const k = kind as Kind;
  DIVIDES_AFTER[kind] = DIVISION_AFTER.has(k) || (isNameToken(k) && !EXPRESSION_KEYWORDS.has(k)) ? 1 : 0;
}

/** Whether a `/` after this token divides (the token ends an expression) rather than starting a regular expression; `)` aside. */
export function dividesAfter(prev: Kind): boolean {
  return DIVIDES_AFTER[prev] === 1;
}

/**
 * The regex-or-division state: what the significant tokens read so far say
 * about the next `/` (it divides, or starts a regular expression) and the
 * next `(` (a control header's, after whose `)` a `/` starts a regular
 * expression). The skim and the walk each keep one and feed it every
 * significant token, so they decide each `/` by the same rule in one place.
 */
// @implements scanner#WALK-HANDLERS-AND-ONE-SLASH-RULE
export class SlashState {
  /** The last significant token's kind, and the one before it. */
  prev: Kind = K.Unknown;
  prev2: Kind = K.Unknown;
  /** The last token ends an expression: a `/` after it divides, a `<` compares. */
  ends = false;
  /** A line break since the last significant token (comments aside). */
  newline = true;
  /** The last `)` or `]` closed a control header (`if (…)`). */
  closedControl = false;

  reset(): void {
    this.prev = K.Unknown;
    this.prev2 = K.Unknown;
    this.ends = false;
    this.newline = true;
    this.closedControl = false;
  }

  /** After a significant token of `kind`. */
  after(kind: Kind): void {
    // A `!` right after an expression's end on its line is TypeScript's non-null assertion (`width! / 2`).
    // @implements scanner#NON-NULL-BEFORE-A-SLASH
    // So is a `++` or `--` there a postfix one (no line break may stand before it); anywhere else it
    // is a prefix one, which ends nothing: a `/` after it starts a regular expression (`++/re/`).
    // @implements scanner#SKIM-IN-TYPE-POSITIONS
    if (kind === K.Exclamation || kind === K.PlusPlus || kind === K.MinusMinus)
      this.ends = this.ends && !this.newline;
    else this.ends = kind === K.CloseParen ? !this.closedControl : DIVIDES_AFTER[kind] === 1;
    this.prev2 = this.prev;
    this.prev = kind;
    this.newline = false;
  }

  /** Whether a `(` read now opens a control header: `if (`, `while (`, `for (`, `with (`, `for await (`. */
  opensControl(): boolean {
    return CONTROL_KEYWORDS.has(this.prev) || (this.prev === K.Await && this.prev2 === K.For);
  }

  /** Resumed right after a top-level statement's end (`;` or `}`) with nothing read before it (the walk's jump). */
  resumeAfter(ended: Kind): void {
    this.prev = ended;
    this.prev2 = K.Unknown;
    this.ends = ended === K.CloseBrace;
    this.newline = false;
  }
}
