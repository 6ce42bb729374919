/**
 * Where an interpolation stands in TypeScript/JavaScript output, read by
 * TypeScript's own parser (a `/` is a regular expression or a division only
 * in context, which a lexer alone cannot tell). Pure.
 */
import ts from 'typescript';
import type { Context } from './types.ts';

const JSDOC_FIRST = ts.SyntaxKind.FirstJSDocNode;
const JSDOC_LAST = ts.SyntaxKind.LastJSDocNode;

function tokenContext(text: string, node: ts.Node, source: ts.SourceFile, offset: number): Context {
  if (node.kind >= JSDOC_FIRST && node.kind <= JSDOC_LAST) return { kind: 'block-comment' };
  if (offset < node.getStart(source)) {
    for (const range of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) {
      if (range.pos <= offset && offset < range.end) {
        return range.kind === ts.SyntaxKind.SingleLineCommentTrivia
          ? { kind: 'line-comment' }
          : { kind: 'block-comment' };
      }
    }
    return { kind: 'code' };
  }
  switch (node.kind) {
    case ts.SyntaxKind.StringLiteral:
      return { kind: 'string', quote: text[node.getStart(source)]! };
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
    case ts.SyntaxKind.TemplateHead:
    case ts.SyntaxKind.TemplateMiddle:
    case ts.SyntaxKind.TemplateTail:
      return { kind: 'string', quote: '`', interpolates: true };
    case ts.SyntaxKind.RegularExpressionLiteral:
      return { kind: 'other', what: 'a regular expression' };
    case ts.SyntaxKind.JsxText:
      return { kind: 'other', what: 'JSX text' };
    default:
      return { kind: 'code' };
  }
}

export function typescriptContexts(text: string, offsets: readonly number[], kind: ts.ScriptKind): Context[] {
  const source = ts.createSourceFile('/render.ts', text, ts.ScriptTarget.Latest, true, kind);
  return offsets.map((offset) => {
    let node: ts.Node = source;
    for (;;) {
      const child = node.getChildren(source).find((c) => c.getFullStart() <= offset && offset < c.getEnd());
      if (!child) break;
      node = child;
    }
    return tokenContext(text, node, source, offset);
  });
}
