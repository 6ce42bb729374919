/**
 * bench/sizes: the ten largest hand-written modules (lines) and the ten
 * largest functions (lines from signature to closing brace, nested ones
 * counted on their own too), read with the TypeScript API. No timing: a map
 * of where the code is, for design notes.
 *
 *   node --import tsx bench/sizes.ts [COUNT=10]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COUNT = Number(process.argv[2] ?? 10);
/** The hand-written source folders; generated/ and the bundled page script are build output. */
const FOLDERS = ['reader', 'checks', 'generator', 'engine', 'cli', 'bin', 'support'];
const SKIP = new Set(['checks/reporters/html/page-script.ts']);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : sources(path);
    return /\.(ts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') && !SKIP.has(path) ? [path] : [];
  });
}

/** A readable name for a function-like node: its own, its variable's or property's, else `(anonymous)`. */
function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name !== undefined && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name)))
    return named.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
  )
    return ts.isIdentifier(parent.name) ? parent.name.text : '(anonymous)';
  return '(anonymous)';
}

const modules: { file: string; lines: number }[] = [];
const functions: { where: string; name: string; lines: number }[] = [];
for (const file of FOLDERS.flatMap(sources)) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  modules.push({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) });
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      functions.push({
        where: `${file}:${start + 1}`,
        name: nameOf(node),
        lines: end - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows)
    console.log(
      r
        .map((c, i) => (i === 0 ? c.padStart(widths[i]!) : i === r.length - 1 ? c : c.padEnd(widths[i]!)))
        .join('  '),
    );
};
console.log(`== the ${COUNT} largest modules (lines) of ${modules.length}`);
table(
  modules
    .sort((a, b) => b.lines - a.lines)
    .slice(0, COUNT)
    .map((m) => [String(m.lines), m.file]),
);
console.log(`\n== the ${COUNT} largest functions (lines) of ${functions.length}`);
table(
  functions
    .sort((a, b) => b.lines - a.lines)
    .slice(0, COUNT)
    .map((f) => [String(f.lines), f.name, f.where]),
);
const cli = modules.filter((m) => m.file.startsWith('cli/'));
console.log(`\ncli/: ${cli.reduce((n, m) => n + m.lines, 0)} lines in ${cli.length} modules`);
