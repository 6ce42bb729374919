/**
 * Where TypeScript's parser sees strings, templates, regular expressions and
 * JSX text: what the TS/JS scan asks when its tokens alone are ambiguous (a
 * `/` after `}`, JSX in a .tsx/.jsx file). Importing this module loads
 * TypeScript's compiler (typescript-api.ts), so the gate imports it only when
 * such a file comes (dispatch.ts).
 */
import { K } from './ts-lexer.ts';
import type { Literal } from './typescript.ts';
import { ts } from './typescript-api.ts';

const { JsxText, NoSubstitutionTemplateLiteral, RegularExpressionLiteral, StringLiteral } = ts.SyntaxKind;

/** The parser's literal kinds, as the scan's token kinds; template pieces are handled apart. */
const LITERAL_KINDS = new Map<ts.SyntaxKind, Literal['kind']>([
  [StringLiteral, K.StringLiteral],
  [NoSubstitutionTemplateLiteral, K.NoSubstitutionTemplate],
  [RegularExpressionLiteral, K.RegularExpression],
  // JSX text reads as a string: data, never a comment.
  [JsxText, K.StringLiteral],
]);
const TEMPLATE_PIECES = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/**
 * The literals of a full parse, sorted by start. A parse costs ~10x a token
 * pass, so it runs only for files whose tokens were ambiguous.
 */
// @implements scanner#SCAN-COMMENTS-BY-LANGUAGE-RULES
export function parsedLiterals(text: string, file: string): Literal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKindOf(file));
  const literals: Literal[] = [];
  // An explicit stack: deeply nested code must not overflow the call stack.
  const todo: ts.Node[] = [source];
  while (todo.length > 0) {
    const node = todo.pop()!;
    const kind = LITERAL_KINDS.get(node.kind);
    const template = TEMPLATE_PIECES.has(node.kind);
    if (kind !== undefined || template) {
      literals.push({
        // JSX text has no leading trivia: its text starts at pos (getStart would skip a `//` in it).
        start: node.kind === JsxText ? node.pos : node.getStart(source),
        end: node.end,
        kind: kind ?? K.TemplateMiddle,
        template,
      });
      continue;
    }
    ts.forEachChild(node, (child) => {
      todo.push(child);
    });
  }
  return literals.filter((l) => l.end > l.start).sort((a, b) => a.start - b.start);
}

function scriptKindOf(file: string): ts.ScriptKind {
  const ext = file.slice(file.lastIndexOf('.') + 1);
  if (ext === 'tsx') return ts.ScriptKind.TSX;
  if (ext === 'jsx') return ts.ScriptKind.JSX;
  if (ext === 'js' || ext === 'mjs' || ext === 'cjs') return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}
