/**
 * Generated code must run with the rest of factline absent: every way a
 * TypeScript/JavaScript file can load another (import, export from,
 * `import()`, `require()`, `import x = require()`, `import('…')` types,
 * `/// <reference path>`) is read, and one that leaves the output directory,
 * names an absolute path or a `file:` URL, or is computed at run time is
 * refused before anything is written.
 */
import ts from 'typescript';

export interface ModuleReference {
  /** The specifier as written; undefined when it is computed. */
  specifier?: string;
  line: number;
  column: number;
}

/** Every module reference of a file. */
export function moduleSpecifiers(source: ts.SourceFile): ModuleReference[] {
  const found: ModuleReference[] = [];
  const at = (pos: number) => {
    const { line, character } = source.getLineAndCharacterOfPosition(pos);
    return { line: line + 1, column: character + 1 };
  };
  const add = (node: ts.Node) => {
    const place = at(node.getStart(source));
    found.push(ts.isStringLiteralLike(node) ? { specifier: node.text, ...place } : place);
  };
  const isRequire = (node: ts.CallExpression) =>
    ts.isIdentifier(node.expression) && node.expression.text === 'require';
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || isRequire(node))
    ) {
      if (node.arguments[0]) add(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const ref of source.referencedFiles) found.push({ specifier: ref.fileName, ...at(ref.pos) });
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Resolves `./x.ts` from `generated/a.ts` to `generated/x.ts`, posix-style, without the file system. */
export function resolveRelative(fromFile: string, specifier: string): string {
  const parts = fromFile.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') {
      if (parts.length === 0 || parts[parts.length - 1] === '..') parts.push('..');
      else parts.pop();
    } else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** Why a reference cannot stand in generated code, or undefined when it can. */
function refusal(
  path: string,
  ref: ModuleReference,
  root: string,
  referencePath: boolean,
): string | undefined {
  const s = ref.specifier;
  if (s === undefined) return 'loads a module named at run time, which cannot be checked';
  if (/^file:/i.test(s)) return `loads \`${s}\`, a file URL`;
  if (s.startsWith('/') || /^[A-Za-z]:[\\/]/.test(s) || s.startsWith('\\'))
    return `loads \`${s}\`, an absolute path`;
  if (!s.startsWith('.') && !referencePath) return undefined;
  const target = resolveRelative(path, s.replace(/\\/g, '/'));
  const inside = root === '' || root === '.' ? !target.startsWith('..') : target.startsWith(`${root}/`);
  return inside ? undefined : `imports \`${s}\`, outside ${root}/`;
}

/** References of `path` that generated code may not have, each with why. */
// @implements generator#GEN-OUTPUT-IS-SELF-CONTAINED
// @implements generator#IMPORT-GUARD-EVERY-FORM
export function escapingImports(path: string, source: ts.SourceFile, outDir: string) {
  const root = outDir.replace(/\/+$/, '');
  const referenced = new Set(source.referencedFiles.map((r) => r.fileName));
  return moduleSpecifiers(source).flatMap((m) => {
    const why = refusal(path, m, root, m.specifier !== undefined && referenced.has(m.specifier));
    return why === undefined ? [] : [{ ...m, why }];
  });
}
