/**
 * Generated code must run with the rest of factline absent: a relative import
 * that leaves the output directory is refused before anything is written.
 */
import { ts } from 'ts-morph';

/** Every module specifier of a file: imports, re-exports, `import()` and `import x = require()`. */
export function moduleSpecifiers(
  source: ts.SourceFile,
): { specifier: string; line: number; column: number }[] {
  const found: { specifier: string; line: number; column: number }[] = [];
  const add = (node: ts.Node) => {
    if (!ts.isStringLiteralLike(node)) return;
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ specifier: node.text, line: line + 1, column: character + 1 });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0]
    ) {
      add(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Resolves `./x.ts` from `generated/a.ts` to `generated/x.ts`, posix-style, without the file system. */
export function resolveRelative(fromFile: string, specifier: string): string {
  const parts = fromFile.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** Relative imports of `path` that point outside `outDir`. */
// @implements factline#GEN-OUTPUT-IS-SELF-CONTAINED
export function escapingImports(path: string, source: ts.SourceFile, outDir: string) {
  const root = outDir.replace(/\/+$/, '');
  return moduleSpecifiers(source).filter((m) => {
    if (!m.specifier.startsWith('.')) return false;
    const target = resolveRelative(path, m.specifier);
    return root === '' || root === '.' ? target.startsWith('..') : !target.startsWith(`${root}/`);
  });
}
