/**
 * Checks helper calls whose arguments are literals, wherever they sit in the
 * template (also in branches the data never takes), and refuses output
 * written around the escaping (`{{{…}}}`, `{{& …}}`).
 */
import { errorAt, type TemplateFacts, VALUE_HELPERS, type ValueHelper } from './helpers.ts';
import type { GenError } from './types.ts';

/** `file:line:col` of a helper call, as the value errors quote it. */
export function placeOf(file: string, loc: { start: { line: number; column: number } } | undefined): string {
  return `${file}:${loc?.start.line ?? 1}:${(loc?.start.column ?? 0) + 1}`;
}

type CallNode = hbs.AST.MustacheStatement | hbs.AST.SubExpression | hbs.AST.BlockStatement;

/** Checks helper calls whose arguments are literals, wherever they sit in the template. */
export function staticErrors(index: TemplateFacts, file: string, ast: hbs.AST.Program): GenError[] {
  const errors: GenError[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const n = node as Partial<CallNode> & Record<string, unknown>;
    if (n.type === 'MustacheStatement' && n.escaped === false) {
      // @implements generator#NO-RAW-OUTPUT
      errors.push({
        code: 'unescaped-output',
        file,
        line: n.loc?.start.line ?? 1,
        column: (n.loc?.start.column ?? 0) + 1,
        message: '`{{{…}}}` and `{{& …}}` write spec text into the output unescaped',
        fix: 'write `{{…}}`: the text is then escaped for where it lands (code, string or comment)',
      });
    }
    if (
      (n.type === 'MustacheStatement' || n.type === 'SubExpression' || n.type === 'BlockStatement') &&
      n.path
    ) {
      checkCall(n as CallNode);
    }
    for (const key of ['body', 'program', 'inverse', 'params', 'hash', 'pairs', 'value', 'path']) {
      if (key in n) visit(n[key]);
    }
  };
  const literal = (node: hbs.AST.Expression | undefined): { is: boolean; value?: unknown } => {
    if (node === undefined) return { is: true };
    if (node.type === 'StringLiteral' || node.type === 'NumberLiteral') {
      return { is: true, value: (node as hbs.AST.StringLiteral | hbs.AST.NumberLiteral).value };
    }
    return { is: false };
  };
  const checkCall = (node: CallNode) => {
    const name = (node.path as hbs.AST.PathExpression).original;
    if ((VALUE_HELPERS as readonly string[]).includes(name)) {
      const ref = literal(node.params[0]);
      if (!ref.is || node.params[0] === undefined) return;
      const outcome = index.call(name as ValueHelper, ref.value);
      if (!outcome.ok) errors.push(errorAt(file, node.loc, outcome));
    } else if (name === 'value') {
      const ref = literal(node.params[0]);
      if (!ref.is || node.params[0] === undefined) return;
      const hash: Record<string, unknown> = {};
      for (const pair of node.hash?.pairs ?? []) {
        const v = literal(pair.value);
        if (!v.is) return;
        hash[pair.key] = v.value;
      }
      const outcome = index.value(ref.value, hash, placeOf(file, node.loc));
      if (!outcome.ok) errors.push(errorAt(file, node.loc, outcome));
    } else if (name === 'facts' && node.hash) {
      const filter: Record<string, unknown> = {};
      for (const pair of node.hash.pairs) {
        const v = literal(pair.value);
        if (!v.is) return;
        filter[pair.key] = v.value;
      }
      const outcome = index.facts(filter);
      if (!outcome.ok) errors.push(errorAt(file, node.loc, outcome));
    }
  };
  visit(ast.body);
  return errors;
}
