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
  /** The spec files the template took facts from, in the index's order. */
  specs: string[];
}

// @implements factline#GEN-ALL-ERRORS-BEFORE-ANY-WRITE
export function renderTemplate(index: FactIndex, template: SourceText): Rendered {
  const errors: GenError[] = [];
  const used = new Set<string>();
  const specsUsed = () => index.specs.map((s) => s.file).filter((file) => used.has(file));
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
    return { errors, specs: [] };
  }
  for (const error of staticErrors(index, template.path, ast)) report(error);

  for (const name of VALUE_HELPERS) {
    hb.registerHelper(name, (...args: unknown[]) => {
      const options = args.pop() as HelperOptions;
      const outcome = index.call(name, args[0], args[1]);
      if (outcome.ok) {
        const fact = index.fact(args[0]);
        if (fact.ok) used.add(fact.value.file);
        return outcome.value;
      }
      report(errorAt(template.path, options.loc, outcome));
      return '';
    });
  }
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
    if (outcome.ok) {
      for (const fact of outcome.value) used.add(fact.file);
      return outcome.value;
    }
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
    return errors.length === 0 ? { text, errors, specs: specsUsed() } : { errors, specs: [] };
  } catch (error) {
    report(runtimeError(template.path, error as Error & { lineNumber?: number; column?: number }));
    return { errors, specs: [] };
  }
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
      ? 'helpers are cite, str, code, int, facts, json; inside #each use a fact field (id, text, codes, pin, summary, …)'
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
      const [ref, n] = [literal(node.params[0]), literal(node.params[1])];
      if (!ref.is || !n.is || node.params[0] === undefined) return;
      const outcome = index.call(name as ValueHelper, ref.value, n.value);
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
