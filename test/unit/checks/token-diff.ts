/**
 * Runs factline's TS/JS tokenizer (checks/scan/ts-lexer.ts) and TypeScript's
 * own scanner side by side over one text and reports the first token where
 * they part: kind, start, end, and a string's or template's value. Both are
 * driven alike: a `/` is read as a regular expression where the previous
 * token cannot end an expression (the scan's own rule), and a `}` that closes a `${` is read as
 * the rest of its template.
 */
import { K, type Kind, Lexer } from '../../../checks/scan/ts-lexer.ts';
import { dividesAfter } from '../../../checks/scan/typescript.ts';
import { ts } from '../../../checks/scan/typescript-api.ts';

const S = ts.SyntaxKind;

/** TypeScript's keywords that the tokenizer gives a kind of their own. */
const KEYWORD_KINDS = new Map<ts.SyntaxKind, Kind>([
  [S.FunctionKeyword, K.Function],
  [S.ClassKeyword, K.Class],
  [S.InterfaceKeyword, K.Interface],
  [S.EnumKeyword, K.Enum],
  [S.NamespaceKeyword, K.Namespace],
  [S.ModuleKeyword, K.Module],
  [S.TypeKeyword, K.Type],
  [S.ConstKeyword, K.Const],
  [S.LetKeyword, K.Let],
  [S.VarKeyword, K.Var],
  [S.ReturnKeyword, K.Return],
  [S.TypeOfKeyword, K.TypeOf],
  [S.InstanceOfKeyword, K.InstanceOf],
  [S.InKeyword, K.In],
  [S.OfKeyword, K.Of],
  [S.NewKeyword, K.New],
  [S.DeleteKeyword, K.Delete],
  [S.VoidKeyword, K.Void],
  [S.ThrowKeyword, K.Throw],
  [S.CaseKeyword, K.Case],
  [S.DoKeyword, K.Do],
  [S.ElseKeyword, K.Else],
  [S.YieldKeyword, K.Yield],
  [S.AwaitKeyword, K.Await],
  [S.IfKeyword, K.If],
  [S.WhileKeyword, K.While],
  [S.ForKeyword, K.For],
  [S.WithKeyword, K.With],
  [S.ExtendsKeyword, K.Extends],
  [S.ExportKeyword, K.Export],
  [S.DeclareKeyword, K.Declare],
  [S.DefaultKeyword, K.Default],
]);

const SAME_KINDS = new Map<ts.SyntaxKind, Kind>([
  [S.SingleLineCommentTrivia, K.SingleLineComment],
  [S.MultiLineCommentTrivia, K.MultiLineComment],
  [S.Identifier, K.Identifier],
  [S.PrivateIdentifier, K.PrivateIdentifier],
  [S.StringLiteral, K.StringLiteral],
  [S.NumericLiteral, K.NumericLiteral],
  [S.BigIntLiteral, K.NumericLiteral],
  [S.NoSubstitutionTemplateLiteral, K.NoSubstitutionTemplate],
  [S.TemplateHead, K.TemplateHead],
  [S.TemplateMiddle, K.TemplateMiddle],
  [S.TemplateTail, K.TemplateTail],
  [S.RegularExpressionLiteral, K.RegularExpression],
  [S.OpenBraceToken, K.OpenBrace],
  [S.CloseBraceToken, K.CloseBrace],
  [S.OpenParenToken, K.OpenParen],
  [S.CloseParenToken, K.CloseParen],
  [S.OpenBracketToken, K.OpenBracket],
  [S.CloseBracketToken, K.CloseBracket],
  [S.SemicolonToken, K.Semicolon],
  [S.CommaToken, K.Comma],
  [S.DotToken, K.Dot],
  [S.QuestionDotToken, K.QuestionDot],
  [S.ColonToken, K.Colon],
  [S.QuestionToken, K.Question],
  [S.ExclamationToken, K.Exclamation],
  [S.EqualsToken, K.Equals],
  [S.EqualsGreaterThanToken, K.EqualsGreaterThan],
  [S.AsteriskToken, K.Asterisk],
  [S.SlashToken, K.Slash],
  [S.SlashEqualsToken, K.SlashEquals],
  [S.LessThanToken, K.LessThan],
  [S.PlusPlusToken, K.PlusPlus],
  [S.MinusMinusToken, K.MinusMinus],
  [S.Unknown, K.Unknown],
]);

const SKIPPED = new Set<ts.SyntaxKind>([
  S.WhitespaceTrivia,
  S.NewLineTrivia,
  S.ShebangTrivia,
  S.ConflictMarkerTrivia,
]);

const HAS_VALUE = new Set<Kind>([
  K.StringLiteral,
  K.NoSubstitutionTemplate,
  K.TemplateHead,
  K.TemplateMiddle,
  K.TemplateTail,
]);

/** What TypeScript's token is in the tokenizer's kinds (a keyword after `.` or `?.` names a property). */
function expected(kind: ts.SyntaxKind, afterDot: boolean): Kind {
  const same = SAME_KINDS.get(kind);
  if (same !== undefined) return same;
  if (kind >= S.FirstKeyword && kind <= S.LastKeyword)
    return afterDot ? K.Identifier : (KEYWORD_KINDS.get(kind) ?? K.Identifier);
  return K.Operator;
}

export interface TokenDifference {
  offset: number;
  typescript: string;
  factline: string;
}

/** The first token where the two tokenizers disagree, or undefined; and how many tokens they agreed on. */
export function firstDifference(
  text: string,
  jsx: boolean,
): { difference?: TokenDifference; tokens: number } {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    false,
    jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard,
  );
  scanner.setText(text);
  const lexer = new Lexer();
  lexer.setText(text);
  let prev: Kind = K.EndOfFile;
  // One entry per open `{` (false) or `${` (true).
  const braces: boolean[] = [];
  let tokens = 0;
  for (;;) {
    let theirs = scanner.scan();
    while (SKIPPED.has(theirs)) theirs = scanner.scan();
    let ours = lexer.scan();
    if (theirs === S.EndOfFileToken || ours === K.EndOfFile) {
      if (theirs === S.EndOfFileToken && ours === K.EndOfFile) return { tokens };
      return { difference: describe(scanner, lexer, theirs, ours, prev), tokens };
    }
    // The same reading of `/` and `}` for both.
    if ((ours === K.Slash || ours === K.SlashEquals) && !dividesAfter(prev)) {
      theirs = scanner.reScanSlashToken();
      ours = lexer.reScanSlash();
    } else if (ours === K.CloseBrace && braces.at(-1) === true) {
      theirs = scanner.reScanTemplateToken(false);
      ours = lexer.reScanTemplate();
    }
    const want = expected(theirs, prev === K.Dot || prev === K.QuestionDot);
    if (
      want !== ours ||
      scanner.getTokenStart() !== lexer.tokenStart ||
      scanner.getTokenEnd() !== lexer.tokenEnd ||
      (HAS_VALUE.has(ours) && scanner.getTokenValue() !== lexer.tokenValue())
    )
      return { difference: describe(scanner, lexer, theirs, ours, prev), tokens };
    tokens++;
    if (ours === K.OpenBrace) braces.push(false);
    else if (ours === K.TemplateHead) braces.push(true);
    else if (ours === K.CloseBrace || ours === K.TemplateTail) braces.pop();
    if (ours !== K.SingleLineComment && ours !== K.MultiLineComment) prev = ours;
  }
}

function describe(
  scanner: ts.Scanner,
  lexer: Lexer,
  theirs: ts.SyntaxKind,
  ours: Kind,
  prev: Kind,
): TokenDifference {
  const name = Object.entries(K).find(([, v]) => v === ours)?.[0];
  return {
    offset: Math.min(scanner.getTokenStart(), lexer.tokenStart),
    typescript: `${S[theirs]} ${scanner.getTokenStart()}-${scanner.getTokenEnd()} ${JSON.stringify(scanner.getTokenText().slice(0, 40))}`,
    factline: `${name} ${lexer.tokenStart}-${lexer.tokenEnd} ${JSON.stringify(lexer.tokenText().slice(0, 40))} (after ${prev})`,
  };
}
