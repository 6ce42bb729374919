/**
 * Renders one template against the fact index. Errors come from two passes:
 * a static walk of the template (helper calls with literal arguments, also in
 * branches the data never takes) and the run itself (calls fed by `#each`).
 */
import Handlebars from 'handlebars';
import { errorAt, type FactIndex, type HbsLoc, VALUE_HELPERS, type ValueHelper } from './helpers.ts';
import type { GenError, SourceText } from './types.ts';

type HelperOptions = { loc?: HbsLoc; hash?: Record<string, unknown> };

export interface Rendered {
  text?: string;
  errors: GenError[];
}

// @implements factline#GEN-ALL-ERRORS-BEFORE-ANY-WRITE
export function renderTemplate(index: FactIndex, template: SourceText): Rendered {
  const errors: GenError[] = [];
  const seen = new Set<string>();
  const report = (error: GenError) => {
    const key = `${error.line}:${error.column}:${error.code}:${error.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    errors.push(error);
  };

  const hb = Handlebars.create();
  let ast: hbs.AST.Program;
  try {
    ast = hb.parse(template.text);
  } catch (error) {
    report(syntaxError(template.path, error as Error));
    return { errors };
  }
  for (const error of staticErrors(index, template.path, ast)) report(error);

  for (const name of VALUE_HELPERS) {
    hb.registerHelper(name, (...args: unknown[]) => {
      const options = args.pop() as HelperOptions;
      const outcome = index.call(name, args[0]);
      if (outcome.ok) return outcome.value;
      report(errorAt(template.path, options.loc, outcome));
      return '';
    });
  }
  hb.registerHelper('value', (...args: unknown[]) => {
    const options = args.pop() as HelperOptions;
    const outcome = index.value(args[0], options.hash ?? {}, placeOf(template.path, options.loc));
    if (outcome.ok) return outcome.value;
    report(errorAt(template.path, options.loc, outcome));
    return '';
  });
  hb.registerHelper('facts', (...args: unknown[]) => {
    const options = args.pop() as HelperOptions;
    if (args.length > 0) {
      report(
        errorAt(template.path, options.loc, {
          ok: false,
          code: 'bad-helper-call',
          message: 'facts takes only section="…" / prefix="…"',
        }),
      );
    }
    const outcome = index.facts(options.hash ?? {});
    if (outcome.ok) return outcome.value;
    report(errorAt(template.path, options.loc, outcome));
    return [];
  });
  hb.registerHelper('json', (...args: unknown[]) => {
    args.pop();
    return JSON.stringify(args[0]);
  });

  try {
    const text = hb.compile(ast, { noEscape: true, strict: true })({
      spec: { doc: index.spec.doc, file: index.spec.file },
    });
    return errors.length === 0 ? { text, errors } : { errors };
  } catch (error) {
    report(runtimeError(template.path, error as Error & { lineNumber?: number; column?: number }));
    return { errors };
  }
}

/** `file:line:col` of a helper call, as the value errors quote it. */
function placeOf(file: string, loc: HbsLoc | undefined): string {
  return `${file}:${loc?.start.line ?? 1}:${(loc?.start.column ?? 0) + 1}`;
}

function syntaxError(file: string, error: Error): GenError {
  const line = Number(
    /on line (\d+)/.exec(error.message)?.[1] ?? /- (\d+):\d+$/.exec(error.message)?.[1] ?? 1,
  );
  const column = Number(/- \d+:(\d+)$/.exec(error.message)?.[1] ?? 0) + 1;
  const message = error.message
    .split('\n')
    .filter((l) => !/^-*\^$/.test(l))
    .join(' ');
  return { code: 'template-syntax', file, line, column, message, fix: 'fix the Handlebars markup' };
}

function runtimeError(file: string, error: Error & { lineNumber?: number; column?: number }): GenError {
  const missing = /^"([^"]+)" not defined in/.exec(error.message);
  return {
    code: 'template-runtime',
    file,
    line: error.lineNumber ?? 1,
    column: (error.column ?? 0) + 1,
    message: missing ? `\`${missing[1]}\` is not defined here (strict mode)` : error.message,
    fix: missing
      ? 'helpers are cite, value, facts, json; inside #each use a fact field (id, text, codes, pin, summary, …)'
      : 'fix the template',
  };
}

type CallNode = hbs.AST.MustacheStatement | hbs.AST.SubExpression | hbs.AST.BlockStatement;

/** Checks helper calls whose arguments are literals, wherever they sit in the template. */
function staticErrors(index: FactIndex, file: string, ast: hbs.AST.Program): GenError[] {
  const errors: GenError[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const n = node as Partial<CallNode> & Record<string, unknown>;
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
