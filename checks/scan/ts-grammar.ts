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
  // @implements real-code#KEYWORDS-BEFORE-A-SLASH
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
